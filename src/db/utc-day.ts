import { type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/**
 * The UTC day (YYYY-MM-DD) of a stored ISO 8601 UTC timestamp. One expression for the indexes on it and the queries
 * that group by it: SQLite uses an index on an expression only for a query that spells it the same way.
 */
export const utcDay = (column: SQLiteColumn): SQL => sql`substr(${column}, 1, 10)`;
