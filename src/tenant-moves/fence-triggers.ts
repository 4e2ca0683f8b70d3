import { FENCE_REFUSAL } from "../db/tenancy";
import type { FenceState } from "../placement/tenant-fences.schema";
import { SHARD_TABLES, type ShardTable } from "./shard-tables";

/** The database a set of fence triggers is made for: a tenant shard, or the control database. */
export type FencedDatabase = "shard" | "control";

const WRITES = [
  { event: "INSERT", row: "NEW" },
  { event: "UPDATE", row: "OLD" },
  { event: "DELETE", row: "OLD" },
] as const;

export const fenceTriggerName = (table: string, event: string) => `fence_${table}_${event.toLowerCase()}`;

export const captureTriggerName = (table: string, event: string) => `capture_${table}_${event.toLowerCase()}`;

/** The fence states in which a tenant's writes on a move's source are recorded in its change log. */
const CAPTURING_STATES: FenceState[] = ["capturing", "paused"];

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

/**
 * One AFTER trigger per write of every shard table, recording the key of each row a tenant writes in `tenant_changes`
 * (src/tenant-moves/tenant-changes.schema.ts) while its fence on the database is `capturing` or `paused`, in the same statement
 * as the write, so no write escapes the move's change log. An update that changes a row's key or tenant records its old
 * key as well, so the move deletes that row on the target.
 */
export function captureTriggers(): { name: string; sql: string }[] {
  const states = CAPTURING_STATES.map((state) => `'${state}'`).join(", ");
  return SHARD_TABLES.flatMap((table) => {
    const tenant = (row: string) => `${row}."${table.tenantColumn}"`;
    const key = (row: string) => `json_array(${table.primaryKey.map((column) => `${row}."${column}"`).join(", ")})`;
    const record = (row: string, also = "") =>
      `  INSERT INTO "tenant_changes" ("tenant_id", "table_name", "key") SELECT ${tenant(row)}, '${table.name}', ${key(row)}\n` +
      `  WHERE EXISTS (SELECT 1 FROM "tenant_fences" WHERE "tenant_id" = ${tenant(row)} AND "state" IN (${states}))${also};`;
    const bodies = {
      INSERT: record("NEW"),
      UPDATE: `${record("NEW")}\n${record("OLD", ` AND (${key("OLD")} IS NOT ${key("NEW")} OR ${tenant("OLD")} IS NOT ${tenant("NEW")})`)}`,
      DELETE: record("OLD"),
    };
    return WRITES.map(({ event }) => {
      const name = captureTriggerName(table.name, event);
      return { name, sql: `CREATE TRIGGER "${name}" AFTER ${event} ON "${table.name}"\nBEGIN\n${bodies[event]}\nEND;` };
    });
  });
}

/**
 * Every trigger a move relies on in one database, as `npm run db:fence-triggers` writes them: the fence's, refusing a
 * paused or left tenant's writes before they happen, and the change log's, recording a capturing tenant's writes after.
 */
export function moveTriggers(database: FencedDatabase): { name: string; sql: string }[] {
  return [...fenceTriggers(database), ...captureTriggers()];
}
