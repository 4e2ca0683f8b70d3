import { Column, getTableColumns, type InferInsertModel, is, SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";

/** What one column of an `INSERT … SELECT` is read from: an expression, a column of the SELECT's tables, or a value. */
type Source<Value> = SQL | SQL.Aliased | SQLiteColumn | Value;

/**
 * The sources of an `INSERT … SELECT` into `TTable`, keyed as the table's columns: an unknown key is a type error, and so
 * is leaving out a NOT NULL column that has no default.
 */
export type InsertSources<TTable extends SQLiteTable> = {
  [Key in keyof InferInsertModel<TTable>]: Source<InferInsertModel<TTable>[Key]>;
};

type SelectedRow<TTable extends SQLiteTable> = { [Key in keyof InferInsertModel<TTable>]-?: SQL | SQL.Aliased | SQLiteColumn };

/**
 * The SELECT list of an `INSERT INTO table SELECT …` (a conditional insert), built from the table itself so that a
 * column added to it is filled at every such insert: every column in the table's order, each from `given` or else as
 * `.values()` would fill it — its `.default()`, else its `$defaultFn`, else its `$onUpdate`, else NULL (which only a
 * nullable column can get: a NOT NULL column with none of these must be given). Values are bound through their column,
 * as `.values()` binds them (a boolean as 0 or 1).
 */
export function insertSelectFields<TTable extends SQLiteTable>(table: TTable, given: InsertSources<TTable>): SelectedRow<TTable> {
  const sources = given as Record<string, unknown>;
  const columns: Record<string, SQLiteColumn> = getTableColumns(table);
  return Object.fromEntries(Object.entries(columns).map(([key, column]) => [key, sourceFor(column, sources[key])])) as SelectedRow<TTable>;
}

function sourceFor(column: SQLiteColumn, given: unknown): SQL | SQL.Aliased | SQLiteColumn {
  if (is(given, SQL) || is(given, SQL.Aliased) || is(given, Column)) return given as SQL | SQL.Aliased | SQLiteColumn;
  const value = given !== undefined ? given : defaultOf(column);
  return is(value, SQL) ? value : sql`${sql.param(value, column)}`;
}

/** What `.values()` puts in a column it is not given (drizzle's order). */
function defaultOf(column: SQLiteColumn): unknown {
  if (column.default !== undefined && column.default !== null) return column.default;
  if (column.defaultFn) return column.defaultFn();
  if (column.onUpdateFn) return column.onUpdateFn();
  return sql`null`;
}
