import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { newId, nowIso } from "../lib/ids";
import { payments } from "../payments/payments.schema";
import { tenants } from "../tenants/tenants.schema";
import { events } from "./events.schema";

/**
 * The transactional outbox. Each function returns the event's INSERT to put in the same `db.batch` as
 * the ledger change it reports, guarded by the same condition, so the event exists exactly when the
 * change does. The body is serialized once, at write time, and delivered byte for byte on every retry.
 */

/** A payment event; placed after the payment's UPDATE in the batch, its body reads the row as updated. */
export function paymentEventInsert(db: Database, input: { tenantId: string; paymentId: string; type: string; onlyIf?: SQL }) {
  const id = newId("event");
  const createdAt = nowIso();
  const statement = db.insert(events).select(
    db
      .select({
        id: sql`${id}`.as("id"),
        tenantId: payments.tenantId,
        type: sql`${input.type}`.as("type"),
        subjectId: payments.id,
        payload: sql`json_object('id', ${id}, 'type', ${input.type}, 'createdAtUtc', ${createdAt}, 'lcPaymentId', ${payments.id},
          'orderRef', ${payments.orderRef}, 'status', ${payments.status}, 'processorTransferId', ${payments.processorTransferId},
          'processorState', ${payments.processorState})`.as("payload"),
        createdAt: sql`${createdAt}`.as("created_at"),
        enqueuedAt: sql`NULL`.as("enqueued_at"),
        enqueueAttempts: sql`0`.as("enqueue_attempts"),
      })
      .from(payments)
      .where(and(eq(payments.id, input.paymentId), eq(payments.tenantId, input.tenantId), input.onlyIf ?? sql`1`)),
  );
  return { statement, eventId: id };
}

/** An event whose body the caller builds (disputes, merchant readiness). */
export function eventInsert(
  db: Database,
  input: { tenantId: string; type: string; subjectId: string; data: Record<string, unknown>; onlyIf?: SQL },
) {
  const id = newId("event");
  const createdAt = nowIso();
  const body = JSON.stringify({ id, type: input.type, createdAtUtc: createdAt, ...input.data });
  const statement = db.insert(events).select(
    db
      .select({
        id: sql`${id}`.as("id"),
        tenantId: tenants.id,
        type: sql`${input.type}`.as("type"),
        subjectId: sql`${input.subjectId}`.as("subject_id"),
        payload: sql`${body}`.as("payload"),
        createdAt: sql`${createdAt}`.as("created_at"),
        enqueuedAt: sql`NULL`.as("enqueued_at"),
        enqueueAttempts: sql`0`.as("enqueue_attempts"),
      })
      .from(tenants)
      .where(and(eq(tenants.id, input.tenantId), input.onlyIf ?? sql`1`)),
  );
  return { statement, eventId: id };
}
