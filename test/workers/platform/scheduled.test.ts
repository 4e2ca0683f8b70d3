import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { shardsOf } from "../../../src/db/shards";
import { PLANNER_STATISTICS_AT_UTC, runScheduledSweeps } from "../../../src/scheduled";

/** The SQL texts a cron run prepares, recorded at each D1 binding: the control database's and every shard's. */
async function cronStatements(at: string): Promise<Record<string, string[]>> {
  const statements: Record<string, string[]> = {};
  const recorded = (binding: string, d1: D1Database) => {
    statements[binding] = [];
    return new Proxy(d1, {
      get(target, property) {
        if (property === "prepare") {
          return (sql: string) => {
            statements[binding]!.push(sql);
            return target.prepare(sql);
          };
        }
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  };
  const databases = [{ binding: "DB", d1: env.DB }, ...shardsOf(env)];
  await runScheduledSweeps(
    { ...env, ...Object.fromEntries(databases.map(({ binding, d1 }) => [binding, recorded(binding, d1)])) },
    Date.parse(at),
  );
  return statements;
}

const optimizes = (statements: string[]) => statements.filter((sql) => /^PRAGMA optimize$/i.test(sql)).length;

describe("the cron run", () => {
  it("refreshes the query planner's statistics once a day on each database, at its minute, and not on other runs", async () => {
    const daily = await cronStatements(`2026-11-23T${PLANNER_STATISTICS_AT_UTC}:00.000Z`);
    expect(Object.keys(daily).sort()).toEqual(["DB", ...shardsOf(env).map((shard) => shard.binding)].sort());
    for (const statements of Object.values(daily)) expect(optimizes(statements)).toBe(1);
    const other = await cronStatements(`2026-11-23T${PLANNER_STATISTICS_AT_UTC.slice(0, 3)}01:00.000Z`);
    for (const statements of Object.values(other)) expect(statements.filter((sql) => /PRAGMA/i.test(sql))).toEqual([]);
  });
});
