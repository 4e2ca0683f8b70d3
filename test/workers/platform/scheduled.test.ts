import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createContext } from "../../../src/context";
import { database } from "../../../src/db/client";
import { tenants } from "../../../src/db/tenants.schema";
import { sweepPayouts } from "../../../src/payouts";
import { payoutDiscovery } from "../../../src/payouts/payouts.schema";
import { CONTROL_BINDING, shardsInUse, shardsOf } from "../../../src/placement/shards";
import { PLANNER_STATISTICS_AT_UTC, runScheduledSweeps } from "../../../src/scheduled";
import { controlDb } from "../support/db";
import { createTenant } from "../support/http";
import { control } from "../support/sandbox";

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

describe("the cron on the control database, while tenants from before shards keep their data there", () => {
  it("looks for payouts of those tenants only, never of a tenant placed on a shard", async () => {
    const now = new Date().toISOString();
    const legacy = `ten_legacy${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
    const legacyMerchant = await control<{ id: string }>("create-merchant", { name: "Legacy Bakery", state: "APPROVED" });
    await controlDb()
      .insert(tenants)
      .values({ id: legacy, name: "Legacy Bakery", processorMerchantId: legacyMerchant.id, createdAt: now, updatedAt: now });
    const { id: placed } = await createTenant("Placed Roasters");
    const placedMerchant = await control<{ id: string }>("create-merchant", { name: "Placed Roasters", state: "APPROVED" });
    await controlDb().update(tenants).set({ processorMerchantId: placedMerchant.id }).where(eq(tenants.id, placed));
    expect(await shardsInUse(database(env), env)).toContain(CONTROL_BINDING);

    await sweepPayouts({ ctx: createContext(env).forShard(CONTROL_BINDING) });

    const discovered = await controlDb().select({ tenantId: payoutDiscovery.tenantId }).from(payoutDiscovery);
    expect(discovered.map((row) => row.tenantId)).toEqual([legacy]);
  });
});
