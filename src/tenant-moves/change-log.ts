import type { ShardTable } from "./shard-tables";
import type { Key } from "./table-copy";

/** One entry of a database's change log: a row of the tenant that was inserted, updated or deleted there. */
export type Change = { seq: number; table: string; key: Key };

/** The tenant's next `limit` entries after `after`, oldest first. */
export async function readChanges(d1: D1Database, tenantId: string, after: number, limit: number): Promise<Change[]> {
  const { results } = await d1
    .prepare("SELECT seq, table_name, key FROM tenant_changes WHERE tenant_id = ? AND seq > ? ORDER BY seq LIMIT ?")
    .bind(tenantId, after, limit)
    .all<{ seq: number; table_name: string; key: string }>();
  return results.map((row) => ({ seq: row.seq, table: row.table_name, key: JSON.parse(row.key) as Key }));
}

/** How many entries the tenant has after `after`, counted up to `atMost`. */
export async function countChanges(d1: D1Database, tenantId: string, after: number, atMost: number): Promise<number> {
  const row = await d1
    .prepare("SELECT COUNT(*) AS n FROM (SELECT 1 FROM tenant_changes WHERE tenant_id = ? AND seq > ? LIMIT ?)")
    .bind(tenantId, after, atMost)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Of these keys of one table (at most 40), those with no entry after `after`. */
export async function unrecordedKeys(d1: D1Database, tenantId: string, table: ShardTable, keys: Key[], after: number): Promise<Key[]> {
  if (keys.length === 0) return [];
  const jsonKey = `json_array(${table.primaryKey.map(() => "?").join(", ")})`;
  const { results } = await d1
    .prepare(
      `SELECT DISTINCT key FROM tenant_changes WHERE tenant_id = ? AND table_name = ? AND seq > ? AND key IN (${keys.map(() => jsonKey).join(", ")})`,
    )
    .bind(tenantId, table.name, after, ...keys.flat())
    .all<{ key: string }>();
  const recorded = new Set(results.map((row) => JSON.stringify(JSON.parse(row.key))));
  return keys.filter((key) => !recorded.has(JSON.stringify(key)));
}

/** Entries for rows found different without one: the catch-up gives the target their source rows as for any write. */
export function recordChanges(d1: D1Database, tenantId: string, table: ShardTable, keys: Key[]): D1PreparedStatement[] {
  const jsonKey = `json_array(${table.primaryKey.map(() => "?").join(", ")})`;
  return keys.map((key) =>
    d1.prepare(`INSERT INTO tenant_changes (tenant_id, table_name, key) VALUES (?, ?, ${jsonKey})`).bind(tenantId, table.name, ...key),
  );
}

/** The tenant's log on this database, emptied when its move ends. */
export function clearChanges(d1: D1Database, tenantId: string): D1PreparedStatement {
  return d1.prepare("DELETE FROM tenant_changes WHERE tenant_id = ?").bind(tenantId);
}
