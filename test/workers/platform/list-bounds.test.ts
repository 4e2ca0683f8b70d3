import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { disputes } from "../../../src/disputes/disputes.schema";
import { payouts } from "../../../src/payouts/payouts.schema";
import { shardOf } from "../support/db";
import { eventAt, eventsTenant } from "../support/events";
import { call, expectProblem } from "../support/http";
import { paymentId, seedDispute, seedPayments, seedPayout } from "../support/ledger";

// One tenant holds a row of each list created a millisecond before T, at T and a millisecond after it; every list
// filtered by creation must take the same `from`/`to` and answer the same rows for them.
const AT = { before: "2026-05-01T09:59:59.999Z", at: "2026-05-01T10:00:00.000Z", after: "2026-05-01T10:00:00.001Z" };
type Moment = keyof typeof AT;
const MOMENTS = Object.keys(AT) as Moment[];

type List = { path: string; idField: string; ids: Partial<Record<Moment, string>> };

/** Every list that takes `from`/`to`, with how to make a row of it at an instant. */
const LISTS: (List & { seed: (tenantId: string, createdAt: string, n: number) => Promise<string> })[] = [
  {
    path: "/v1/payments",
    idField: "lcPaymentId",
    ids: {},
    seed: async (tenantId, createdAt, n) => {
      const id = paymentId(n, "bounds");
      await seedPayments(tenantId, [{ id, status: "succeeded", amountCents: 1000, createdAt }]);
      return id;
    },
  },
  {
    path: "/v1/disputes",
    idField: "lcDisputeId",
    ids: {},
    seed: async (tenantId, createdAt, n) => {
      const id = await seedDispute(tenantId, paymentId(n, "bounds"));
      await (await shardOf(tenantId)).update(disputes).set({ createdAt }).where(eq(disputes.id, id));
      return id;
    },
  },
  {
    path: "/v1/payouts",
    idField: "lcPayoutId",
    ids: {},
    seed: async (tenantId, createdAt) => {
      const id = await seedPayout(tenantId);
      await (await shardOf(tenantId)).update(payouts).set({ createdAt }).where(eq(payouts.id, id));
      return id;
    },
  },
  { path: "/v1/events", idField: "id", ids: {}, seed: (tenantId, createdAt) => eventAt(tenantId, createdAt) },
];

let auth: Record<string, string> = {};

beforeAll(async () => {
  const tenant = await eventsTenant();
  auth = tenant.auth;
  for (const list of LISTS) {
    for (const [n, moment] of MOMENTS.entries()) list.ids[moment] = await list.seed(tenant.tenantId, AT[moment], n + 1);
  }
});

async function list(path: string, query: Record<string, string>) {
  const response = await call(`${path}?${new URLSearchParams({ limit: "200", ...query })}`, { headers: auth });
  expect(response.status, `${path} ${JSON.stringify(query)}: ${await response.clone().text()}`).toBe(200);
  return response.json<{ data: Record<string, unknown>[]; hasMore: boolean; nextCursor: string }>();
}

/** Which of the list's three rows a page holds, oldest first. */
const momentsIn = (target: List, rows: Record<string, unknown>[]) =>
  MOMENTS.filter((moment) => rows.some((row) => row[target.idField] === target.ids[moment]));

/** The same instants written with `Z`, with offsets and finer than a millisecond, and the rows each admits: [from, to). */
const BOUNDS: [query: Record<string, string>, admits: Moment[]][] = [
  [{ from: "2026-05-01T10:00:00Z" }, ["at", "after"]],
  [{ from: "2026-05-01T12:00:00+02:00" }, ["at", "after"]],
  [{ from: "2026-05-01T05:00:00.000-0500" }, ["at", "after"]],
  [{ from: "2026-05-01T10:00:00.000000Z" }, ["at", "after"]],
  [{ from: "2026-05-01T09:59:59.9995Z" }, ["at", "after"]],
  [{ from: "2026-05-01T10:00:00.0000001Z" }, ["after"]],
  [{ from: "2026-05-01T12:00:00.000001+02:00" }, ["after"]],
  [{ to: "2026-05-01T10:00:00Z" }, ["before"]],
  [{ to: "2026-05-01T12:00:00+02:00" }, ["before"]],
  [{ to: "2026-05-01T09:59:59.9991Z" }, ["before"]],
  [{ to: "2026-05-01T10:00:00.000001Z" }, ["before", "at"]],
  [{ to: "2026-05-01T12:00:00.0009+02:00" }, ["before", "at"]],
  [{ from: "2026-05-01T10:00:00Z", to: "2026-05-01T10:00:00.001Z" }, ["at"]],
  [{ from: "2026-05-01T11:00:00+01:00", to: "2026-05-01T10:00:00.0005Z" }, ["at"]],
  [{ from: "2026-05-01T10:00:00Z", to: "2026-05-01T12:00:00+02:00" }, []],
];

const MALFORMED = [
  "",
  "2026-05-01",
  "2026-05-01T10:00:00",
  "2026-05-01T10:00Z",
  "2026-02-30T10:00:00Z",
  "2026-05-01T24:00:00Z",
  "01/05/2026 10:00",
  "yesterday",
];

describe("from/to are one contract on every list", () => {
  it("covers every list whose OpenAPI document takes from and to", async () => {
    const document = await (
      await call("/openapi.json")
    ).json<{
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    }>();
    const filteredByCreation = Object.entries(document.paths)
      .filter(([, item]) => {
        const names = (item.get?.parameters ?? []).filter((parameter) => parameter.in === "query").map((parameter) => parameter.name);
        return names.includes("from") && names.includes("to");
      })
      .map(([path]) => path);
    expect(filteredByCreation.sort()).toEqual(LISTS.map((target) => target.path).sort());
  });

  it.each(BOUNDS)("%j admits the same rows of every list", async (query, admits) => {
    for (const target of LISTS) {
      expect(momentsIn(target, (await list(target.path, query)).data), `${target.path} ${JSON.stringify(query)}`).toEqual(admits);
    }
  });

  it.each(MALFORMED)("refuses %j as from and as to on every list", async (bad) => {
    for (const target of LISTS) {
      for (const field of ["from", "to"]) {
        const response = await call(`${target.path}?${new URLSearchParams({ [field]: bad })}`, { headers: auth });
        const problem = await expectProblem(response, 400, "validation-failed");
        expect(problem.errors, `${target.path} ${field}=${bad}`).toEqual([{ field, message: expect.any(String) }]);
      }
    }
  });

  it("keeps a list's cursor across bounds written for the same instant another way", async () => {
    for (const target of LISTS) {
      const first = await list(target.path, { from: "2026-05-01T12:59:59.9995+03:00", limit: "1" });
      expect(momentsIn(target, first.data), target.path).toEqual(["after"]);
      const second = await list(target.path, { from: "2026-05-01T09:59:59.999001Z", limit: "1", cursor: first.nextCursor });
      expect(momentsIn(target, second.data), target.path).toEqual(["at"]);
    }
  });
});
