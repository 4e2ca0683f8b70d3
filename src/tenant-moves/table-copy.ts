import { sha256Hex } from "../lib/crypto";
import type { ShardTable } from "./shard-tables";

/**
 * Rows per batch: a batch's primary keys are bound in one statement, and D1 binds at most 100 parameters (40 two-column
 * keys and the tenant).
 */
export const BATCH_ROWS = 40;

/** A row as SQLite holds it: its columns' values in the table's column order (no mapping, so a copy is exact). */
export type Row = unknown[];
export type Key = unknown[];
/** A row's place in its table's walk (`ShardTable.walk`): the values of the walk's columns. */
export type Position = unknown[];

const quoted = (name: string) => `"${name}"`;
const list = (names: string[]) => names.map(quoted).join(", ");
const placeholders = (values: unknown[]) => `(${values.map(() => "?").join(", ")})`;

/** The primary key of a row read with every column. */
export function keyOf(table: ShardTable, row: Row): Key {
  return table.primaryKey.map((column) => row[table.columns.indexOf(column)]);
}

/** The walk position of a row read with every column. */
export function positionOf(table: ShardTable, row: Row): Position {
  return table.walk.columns.map((column) => row[table.columns.indexOf(column)]);
}

/** The tenant's rows of a table, in walk order through the walk's index, between two positions. */
function walkQuery(table: ShardTable, columns: string, input: { after: Position | null; through?: Position | null; limit?: number }) {
  const walk = list(table.walk.columns);
  const indexed = table.walk.index ? ` INDEXED BY ${quoted(table.walk.index)}` : "";
  const after = input.after?.length ? ` AND (${walk}) > ${placeholders(input.after)}` : "";
  const through = input.through?.length ? ` AND (${walk}) <= ${placeholders(input.through)}` : "";
  const order = table.walk.columns.length > 0 ? ` ORDER BY ${walk}` : "";
  const limit = input.limit ? ` LIMIT ${input.limit}` : "";
  return `SELECT ${columns} FROM ${quoted(table.name)}${indexed} WHERE ${quoted(table.tenantColumn)} = ?${after}${through}${order}${limit}`;
}

/**
 * The tenant's next rows after `after` in walk order, every column: a keyset walk through an index that begins with the
 * tenant, so a batch costs the same at any depth and a crash resumes from the last position saved.
 */
export async function readBatch(d1: D1Database, table: ShardTable, input: { tenantId: string; after: Position | null }): Promise<Row[]> {
  return d1
    .prepare(walkQuery(table, list(table.columns), { after: input.after, limit: BATCH_ROWS }))
    .bind(input.tenantId, ...(input.after ?? []))
    .raw();
}

/** The tenant's next primary keys after `after` in walk order, each with its position. */
export async function readKeys(
  d1: D1Database,
  table: ShardTable,
  input: { tenantId: string; after: Position | null },
): Promise<{ key: Key; position: Position }[]> {
  const columns = [...new Set([...table.walk.columns, ...table.primaryKey])];
  const rows = await d1
    .prepare(walkQuery(table, list(columns), { after: input.after, limit: BATCH_ROWS }))
    .bind(input.tenantId, ...(input.after ?? []))
    .raw();
  const pick = (row: unknown[], names: string[]) => names.map((name) => row[columns.indexOf(name)]);
  return rows.map((row) => ({ key: pick(row, table.primaryKey), position: pick(row, table.walk.columns) }));
}

/**
 * The tenant's rows after `after` up to and including `through` (to the end when null), every column, in walk order:
 * the other side's rows of the range a batch of `readBatch` covered.
 */
export async function readRange(
  d1: D1Database,
  table: ShardTable,
  input: { tenantId: string; after: Position | null; through: Position | null },
): Promise<Row[]> {
  return d1
    .prepare(walkQuery(table, list(table.columns), input))
    .bind(input.tenantId, ...(input.after ?? []), ...(input.through ?? []))
    .raw();
}

/**
 * The tenant's rows with these primary keys (at most BATCH_ROWS), every column, keyed by their key's JSON: the keys as
 * constant rows, the outer loop of a CROSS JOIN (SQLite keeps its order), so each is a seek into the table by its key;
 * an `IN` list of row values, or the planner's own join order, reads every row of the tenant instead.
 */
export async function rowsByKey(d1: D1Database, table: ShardTable, tenantId: string, keys: Key[]): Promise<Map<string, Row>> {
  if (keys.length === 0) return new Map();
  const tuple = `(${table.primaryKey.map(() => "?").join(", ")})`;
  const joined = table.primaryKey.map((column, i) => `t.${quoted(column)} = k.column${i + 1}`).join(" AND ");
  const rows = await d1
    .prepare(
      `SELECT ${table.columns.map((column) => `t.${quoted(column)}`).join(", ")} FROM (VALUES ${keys.map(() => tuple).join(", ")}) AS k` +
        ` CROSS JOIN ${quoted(table.name)} AS t ON ${joined} WHERE t.${quoted(table.tenantColumn)} = ?`,
    )
    .bind(...keys.flat(), tenantId)
    .raw();
  return new Map(rows.map((row) => [JSON.stringify(keyOf(table, row)), row]));
}

/**
 * Writes a row as the source holds it, keyed by its primary key (inserted, or every other column overwritten), so a
 * batch copied twice leaves the same rows. A row whose parent row is not on the target yet (a refund of a payment
 * written after the payments were copied) is skipped rather than failing its batch: the delta copies it.
 */
export function upsertStatement(d1: D1Database, table: ShardTable, row: Row): D1PreparedStatement {
  const parameter = (column: string) => `?${table.columns.indexOf(column) + 1}`;
  const parentsPresent = table.foreignKeys.map(
    ({ columns, parent, parentColumns }) =>
      `EXISTS (SELECT 1 FROM ${quoted(parent)} WHERE ${parentColumns.map((column, i) => `${quoted(column)} = ${parameter(columns[i]!)}`).join(" AND ")})`,
  );
  const updated = table.columns.filter((column) => !table.primaryKey.includes(column));
  return d1
    .prepare(
      `INSERT INTO ${quoted(table.name)} (${list(table.columns)}) SELECT ${table.columns.map(parameter).join(", ")}` +
        ` WHERE ${["true", ...parentsPresent].join(" AND ")}` +
        ` ON CONFLICT (${list(table.primaryKey)}) ` +
        (updated.length === 0
          ? "DO NOTHING"
          : `DO UPDATE SET ${updated.map((column) => `${quoted(column)} = excluded.${quoted(column)}`).join(", ")}`),
    )
    .bind(...row);
}

export function deleteStatement(d1: D1Database, table: ShardTable, tenantId: string, key: Key): D1PreparedStatement {
  return d1
    .prepare(
      `DELETE FROM ${quoted(table.name)} WHERE ${quoted(table.tenantColumn)} = ? AND (${list(table.primaryKey)}) = (${key.map(() => "?").join(", ")})`,
    )
    .bind(tenantId, ...key);
}

/** How many rows of the tenant the table holds, as `n`. */
export function countStatement(d1: D1Database, table: ShardTable, tenantId: string): D1PreparedStatement {
  return d1.prepare(`SELECT COUNT(*) AS n FROM ${quoted(table.name)} WHERE ${quoted(table.tenantColumn)} = ?`).bind(tenantId);
}

/**
 * Deletes a row unless a row of a table referencing it still points at it on this side: that row's own change, later
 * in the change log, removes or moves it first, and this row's deletion is carried again after it.
 */
export function deleteUnreferencedStatement(
  d1: D1Database,
  table: ShardTable,
  children: readonly ShardTable[],
  tenantId: string,
  key: Key,
): D1PreparedStatement {
  const unreferenced = children.flatMap((child) =>
    child.foreignKeys
      .filter((foreignKey) => foreignKey.parent === table.name && child.name !== table.name)
      .map(
        ({ columns, parentColumns }) =>
          ` AND NOT EXISTS (SELECT 1 FROM ${quoted(child.name)} WHERE ${columns
            .map((column, i) => `${quoted(child.name)}.${quoted(column)} = ${quoted(table.name)}.${quoted(parentColumns[i]!)}`)
            .join(" AND ")})`,
      ),
  );
  return d1
    .prepare(
      `DELETE FROM ${quoted(table.name)} WHERE ${quoted(table.tenantColumn)} = ? AND (${list(table.primaryKey)}) = (${key.map(() => "?").join(", ")})${unreferenced.join("")}`,
    )
    .bind(tenantId, ...key);
}

/** Rows a batch of statements changed. */
export async function runBatch(d1: D1Database, statements: D1PreparedStatement[]): Promise<number> {
  if (statements.length === 0) return 0;
  const results = await d1.batch(statements);
  return results.reduce((sum, result) => sum + result.meta.changes, 0);
}

/**
 * A table's checksum, carried from batch to batch: SHA-256 of the previous checksum and the batch's rows as JSON (each
 * row its values in column order, the batch in the order of the keys asked for). Both sides are read for the same keys
 * in the same order, so equal rows give equal checksums, and any differing value, row or order gives different ones.
 */
export function chainChecksum(previous: string, rows: Row[]): Promise<string> {
  return sha256Hex(previous + JSON.stringify(rows));
}
