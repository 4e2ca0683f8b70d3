import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { newId, nowIso } from "../lib/ids";

/**
 * The transactional outbox. Each function returns the event's INSERT to put in the same `db.batch` as
 * the ledger change it reports, guarded by the same condition, so the event exists exactly when the
 * change does. The body is serialized once, at write time, and delivered byte for byte on every retry.
 */

/** A payment event; placed after the payment's UPDATE in the batch, its body reads the row as updated. */
export function paymentEventInsert(db: Database, input: { tenantId: string; paymentId: string; type: string; onlyIf?: SQL }) {
  const id = newId("event");
  const createdAt = nowIso();
  const statement = db.run(sql`
    INSERT INTO events (id, tenant_id, type, subject_id, payload, created_at)
    SELECT ${id}, tenant_id, ${input.type}, id,
      json_object('id', ${id}, 'type', ${input.type}, 'createdAtUtc', ${createdAt}, 'lcPaymentId', id, 'orderRef', order_ref,
        'status', status, 'processorTransferId', processor_transfer_id, 'processorState', processor_state),
      ${createdAt}
    FROM payments WHERE id = ${input.paymentId} AND tenant_id = ${input.tenantId} AND ${input.onlyIf ?? sql`1`}`);
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
  const statement = db.run(sql`
    INSERT INTO events (id, tenant_id, type, subject_id, payload, created_at)
    SELECT ${id}, ${input.tenantId}, ${input.type}, ${input.subjectId}, ${body}, ${createdAt} WHERE ${input.onlyIf ?? sql`1`}`);
  return { statement, eventId: id };
}
