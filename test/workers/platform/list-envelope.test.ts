import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";

import { createContext } from "../../../src/context";
import { startMove } from "../../../src/tenant-moves/move.service";
import { deliveryWithoutMessage, tenantWithCallbacks, writeEvent } from "../support/callbacks";
import { ADMIN_HEADERS, call, expectProblem, issueKey, tenantWithKey } from "../support/http";
import { paymentId, seedDispute, seedPayments, seedPayout } from "../support/ledger";
import { otherShardInRegion } from "../support/moves";
import { signedDelivery, transferEvent } from "../support/processor-webhooks";
import { seedRequests } from "../support/requests";
import { chargeableTenant } from "../support/sandbox";
import { registerReader } from "../support/terminal";

type Page = { data: unknown[]; hasMore: boolean; nextCursor: unknown };

let auth: Record<string, string> = {};
let eventsAuth: Record<string, string> = {};
let callbacksTenant = "";
let otherCallbacksTenant = "";
let payoutId = "";

/** Every list of the API, each holding at least two rows, walked one row per page to its end. */
const LISTS: { name: string; path: () => string; headers: () => Record<string, string> }[] = [
  { name: "GET /v1/payments", path: () => "/v1/payments", headers: () => auth },
  { name: "GET /v1/disputes", path: () => "/v1/disputes", headers: () => auth },
  { name: "GET /v1/payouts", path: () => "/v1/payouts", headers: () => auth },
  { name: "GET /v1/terminal/readers", path: () => "/v1/terminal/readers", headers: () => auth },
  { name: "GET /v1/events", path: () => "/v1/events", headers: () => eventsAuth },
  { name: "GET /v1/requests", path: () => "/v1/requests", headers: () => auth },
  { name: "GET /admin/tenants", path: () => "/admin/tenants", headers: () => ADMIN_HEADERS },
  { name: "GET …/callbacks/events", path: () => `/admin/tenants/${callbacksTenant}/callbacks/events`, headers: () => ADMIN_HEADERS },
  {
    name: "GET …/callbacks/deliveries",
    path: () => `/admin/tenants/${callbacksTenant}/callbacks/deliveries`,
    headers: () => ADMIN_HEADERS,
  },
  { name: "GET /admin/processor-webhooks", path: () => "/admin/processor-webhooks", headers: () => ADMIN_HEADERS },
  { name: "GET /admin/moves", path: () => "/admin/moves", headers: () => ADMIN_HEADERS },
];

beforeAll(async () => {
  const tenant = await chargeableTenant("Envelope Co");
  auth = tenant.auth;
  const ids = [paymentId(1, "envelope"), paymentId(2, "envelope")];
  await seedPayments(
    tenant.tenantId,
    ids.map((id, n) => ({ id, status: "succeeded", amountCents: 5000, createdAt: `2026-11-0${n + 1}T10:00:00.000Z` })),
  );
  for (const id of ids) await seedDispute(tenant.tenantId, id);
  payoutId = await seedPayout(tenant.tenantId);
  await seedPayout(tenant.tenantId);
  for (let n = 0; n < 2; n++) expect((await registerReader(auth)).status).toBe(201);
  // Kept now, not a second from now as the requests above are.
  await seedRequests(tenant.tenantId, [{ at: "2026-11-01T10:00:00.000Z" }, { at: "2026-11-02T10:00:00.000Z" }]);

  callbacksTenant = await tenantWithCallbacks();
  for (let n = 0; n < 2; n++) await deliveryWithoutMessage(await writeEvent(callbacksTenant));
  eventsAuth = { "X-Api-Key": (await issueKey(callbacksTenant)).key };
  otherCallbacksTenant = await tenantWithCallbacks();
  for (let n = 0; n < 2; n++) await deliveryWithoutMessage(await writeEvent(otherCallbacksTenant));
  for (const id of ["TRenvelopeOne", "TRenvelopeTwo"]) {
    const kept = await signedDelivery(transferEvent({ id, state: "ON_HOLD", updated_at: "2026-11-01T10:00:00.000Z" }));
    expect(await kept.json()).toMatchObject({ outcome: "unprocessable" });
  }
  for (const name of ["Moving One", "Moving Two"]) {
    const { tenantId } = await tenantWithKey(name);
    const to = await otherShardInRegion(tenantId);
    await startMove({ ctx: createContext(env), input: { tenantId, to, allowCrossRegion: false } });
  }
});

/** A cursor of the lists' shape holding a position of the client's choosing. */
const handBuiltCursor = btoa(JSON.stringify(["9999-12-31T00:00:00.000Z", "zzz"]))
  .replaceAll("+", "-")
  .replaceAll("/", "_")
  .replace(/=+$/, "");

async function page(path: string, headers: Record<string, string>, cursor: string | null): Promise<Page> {
  const query = new URLSearchParams({ limit: "1", ...(cursor === null ? {} : { cursor }) });
  const response = await call(`${path}?${query}`, { headers });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  return response.json();
}

describe("every list ends with the same envelope", () => {
  it.each(LISTS)('$name: a cursor while hasMore, then hasMore false and nextCursor ""', async (list) => {
    let current = await page(list.path(), list.headers(), null);
    let pages = 1;
    while (current.hasMore) {
      expect(typeof current.nextCursor, list.name).toBe("string");
      expect(current.nextCursor, list.name).not.toBe("");
      current = await page(list.path(), list.headers(), current.nextCursor as string);
      pages += 1;
    }
    expect(pages, list.name).toBeGreaterThanOrEqual(2);
    expect(current, list.name).toMatchObject({ hasMore: false, nextCursor: "" });
  });

  it("a payout's items end the same way", async () => {
    const response = await call(`/v1/payouts/${payoutId}`, { headers: auth });
    expect(response.status).toBe(200);
    expect((await response.json<{ items: Page }>()).items).toMatchObject({ hasMore: false, nextCursor: "" });
  });
});

describe("every list takes back only its own cursors", () => {
  it.each(LISTS)("$name: refuses a hand-built cursor and one another list issued", async (list) => {
    await expectProblem(await call(`${list.path()}?cursor=${handBuiltCursor}`, { headers: list.headers() }), 400, "invalid-cursor");
    const other = LISTS[(LISTS.indexOf(list) + 1) % LISTS.length]!;
    const { nextCursor } = await page(other.path(), other.headers(), null);
    const query = new URLSearchParams({ limit: "1", cursor: nextCursor as string });
    await expectProblem(await call(`${list.path()}?${query}`, { headers: list.headers() }), 400, "invalid-cursor");
  });

  it("a callbacks cursor is bound to its tenant and its filters", async () => {
    for (const list of ["events", "deliveries"]) {
      const { nextCursor } = await page(`/admin/tenants/${otherCallbacksTenant}/callbacks/${list}`, ADMIN_HEADERS, null);
      const cursor = encodeURIComponent(nextCursor as string);
      const path = `/admin/tenants/${callbacksTenant}/callbacks/${list}`;
      await expectProblem(await call(`${path}?limit=1&cursor=${cursor}`, { headers: ADMIN_HEADERS }), 400, "invalid-cursor");
      const filter = list === "events" ? "type=payment.succeeded" : "status=failed";
      const sameTenant = `/admin/tenants/${otherCallbacksTenant}/callbacks/${list}`;
      await expectProblem(
        await call(`${sameTenant}?limit=1&${filter}&cursor=${cursor}`, { headers: ADMIN_HEADERS }),
        400,
        "invalid-cursor",
      );
    }
  });
});
