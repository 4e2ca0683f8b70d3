import { type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";

import type { Database } from "../db/client";
import { insertSelectFields } from "../db/insert-select";
import type { Clock } from "../lib/clock";
import { newId } from "../lib/ids";
import type { EventType } from "./event-types";
import { events } from "./events.schema";

/** An event row, for the `db.batch` of the change it reports. */
export type EventInsert = BatchItem<"sqlite">;

type EventInput = { tenantId: string; type: EventType; subjectId: string; data: Record<string, unknown>; onlyIf?: SQL };

type RowEventInput = {
  type: EventType;
  /** The row the event reports on, read as the same batch left it (put the event after the row's UPDATE). */
  from: SQLiteTable;
  where: SQL;
  tenantId: SQLiteColumn;
  subjectId: SQLiteColumn | SQL;
  /** Body fields after `id`, `type` and `createdAtUtc`, in order. */
  fields: Record<string, SQLiteColumn | SQL>;
};

/**
 * The transactional outbox. A capability puts the event's INSERT in the same `db.batch` as the change it reports,
 * guarded by the same condition, so the event exists exactly when the change does; the body is serialized once and
 * delivered byte for byte on every retry. Every event recorded is enqueued by `flush`, which the composition root calls
 * once the request, queue batch or cron run is over — no service hands event ids back to its caller.
 */
export type Outbox = {
  /** An event whose body the capability builds. */
  record(input: EventInput): EventInsert;
  /** An event whose body fields are read from a row at write time. */
  recordFromRow(input: RowEventInput): EventInsert;
  /** Enqueues what was recorded; never throws (the cron sweep picks up whatever is left unsent). */
  flush(): Promise<void>;
};

/** `dispatch` hands committed events to delivery (the callbacks capability); the composition root wires it. */
export function createOutbox({
  db,
  clock,
  dispatch,
}: {
  db: Database;
  clock: Clock;
  dispatch: (eventIds: string[]) => Promise<void>;
}): Outbox {
  const recorded: string[] = [];

  function envelope(type: EventType) {
    const id = newId("event");
    recorded.push(id);
    return { id, type, createdAtUtc: clock.nowIso() };
  }

  /** The event's row, written only where `where` finds its row in `from`: the condition of the change it reports. */
  function insertEvent(
    head: ReturnType<typeof envelope>,
    row: { tenantId: string | SQLiteColumn; subjectId: string | SQLiteColumn | SQL; payload: string | SQL },
    from: SQLiteTable | SQL,
    where: SQL | undefined,
  ): EventInsert {
    const fields = insertSelectFields(events, { id: head.id, type: head.type, createdAt: head.createdAtUtc, ...row });
    return db.insert(events).select(db.select(fields).from(from).where(where));
  }

  return {
    record({ tenantId, type, subjectId, data, onlyIf }) {
      const head = envelope(type);
      return insertEvent(head, { tenantId, subjectId, payload: JSON.stringify({ ...head, ...data }) }, sql`(SELECT 1)`, onlyIf);
    },

    recordFromRow({ type, from, where, tenantId, subjectId, fields }) {
      const head = envelope(type);
      const pairs = [sql`'id', ${head.id}, 'type', ${type}, 'createdAtUtc', ${head.createdAtUtc}`];
      for (const [name, value] of Object.entries(fields)) pairs.push(sql`${name}, ${value}`);
      return insertEvent(head, { tenantId, subjectId, payload: sql`json_object(${sql.join(pairs, sql`, `)})` }, from, where);
    },

    async flush() {
      const eventIds = recorded.splice(0);
      if (eventIds.length > 0) await dispatch(eventIds);
    },
  };
}
