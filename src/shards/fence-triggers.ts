import { FENCE_REFUSAL } from "../db/tenancy";
import { SHARD_TABLES, type ShardTable } from "./shard-tables";

/** The database a set of fence triggers is made for: a tenant shard, or the control database. */
export type FencedDatabase = "shard" | "control";

const WRITES = [
  { event: "INSERT", row: "NEW" },
  { event: "UPDATE", row: "OLD" },
  { event: "DELETE", row: "OLD" },
] as const;

export const fenceTriggerName = (table: string, event: string) => `fence_${table}_${event.toLowerCase()}`;

/**
 * The fence states that refuse a table's writes: `paused` and `left` everywhere, except the control database's tenants
 * row, which is the tenant's control row as well as its data's: after the tenant has left it stays writable.
 */
function refusingStates(table: ShardTable, database: FencedDatabase): string[] {
  return database === "control" && table.name === "tenants" ? ["paused"] : ["paused", "left"];
}

/**
 * One BEFORE trigger per write of every shard table, so that the database itself refuses a fenced tenant's write in the
 * same statement as the write, whoever makes it (a request routed before the pause, a queue consumer, an alarm, a
 * cron turn, waitUntil work). Written by `npm run db:fence-triggers` into a custom migration; the move's own delete
 * step lifts the fence inside its batch.
 */
export function fenceTriggers(database: FencedDatabase): { name: string; sql: string }[] {
  return SHARD_TABLES.flatMap((table) =>
    WRITES.map(({ event, row }) => {
      const name = fenceTriggerName(table.name, event);
      const states = refusingStates(table, database)
        .map((state) => `'${state}'`)
        .join(", ");
      return {
        name,
        sql:
          `CREATE TRIGGER "${name}" BEFORE ${event} ON "${table.name}"\n` +
          `WHEN EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = ${row}."${table.tenantColumn}" AND "state" IN (${states}))\n` +
          `BEGIN SELECT RAISE(ABORT, '${FENCE_REFUSAL.replaceAll("'", "''")}'); END;`,
      };
    }),
  );
}
