import { sql } from "drizzle-orm";

/** D1 binds at most this many parameters per statement. */
export const D1_MAX_BOUND_PARAMETERS = 100;

/**
 * `column IN ${boundList(values)}` for a list of any length: D1 binds at most 100 parameters per statement, so the list
 * is bound as one JSON parameter and read back as rows by `json_each` (a virtual table the planner walks, then looks
 * each value up on the column's index).
 */
export const boundList = (values: readonly unknown[]) => sql`(SELECT value FROM json_each(${JSON.stringify(values)}))`;
