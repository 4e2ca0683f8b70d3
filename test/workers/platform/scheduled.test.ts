import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PLANNER_STATISTICS_AT_UTC, runScheduledSweeps } from "../../../src/scheduled";

/** The SQL texts a cron run prepares, recorded at the D1 binding. */
async function cronStatements(at: string): Promise<string[]> {
  const statements: string[] = [];
  const db = new Proxy(env.DB, {
    get(target, property) {
      if (property === "prepare") {
        return (sql: string) => {
          statements.push(sql);
          return target.prepare(sql);
        };
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  await runScheduledSweeps({ ...env, DB: db }, Date.parse(at));
  return statements;
}

describe("the cron run", () => {
  it("refreshes the query planner's statistics once a day, at its minute, and not on other runs", async () => {
    const daily = await cronStatements(`2026-11-23T${PLANNER_STATISTICS_AT_UTC}:00.000Z`);
    expect(daily.filter((sql) => /^PRAGMA optimize$/i.test(sql))).toHaveLength(1);
    const other = await cronStatements(`2026-11-23T${PLANNER_STATISTICS_AT_UTC.slice(0, 3)}01:00.000Z`);
    expect(other.filter((sql) => /PRAGMA/i.test(sql))).toEqual([]);
  });
});
