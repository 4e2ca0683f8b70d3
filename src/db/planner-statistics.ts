import { sql } from "drizzle-orm";

import type { Database } from "./client";

/**
 * Refreshes the statistics SQLite's planner chooses indexes by (`ANALYZE`, only for tables whose statistics are missing
 * or stale), so a lookup with several candidate indexes keeps taking the narrow one as the tables grow.
 */
export async function refreshPlannerStatistics(db: Database): Promise<void> {
  await db.run(sql`PRAGMA optimize`);
}
