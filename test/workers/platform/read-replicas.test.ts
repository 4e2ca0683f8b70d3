import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { createApp } from "../../../src/app";
import { CONTROL_BINDING, shardD1, shardsOf } from "../../../src/placement/shards";
import { ownerOf } from "../support/dashboard";
import { expectProblem, jsonInit } from "../support/http";
import { cardToken, chargeableTenant, chargeBody } from "../support/sandbox";
import { tenantOnAnotherShard, tenantShardBinding } from "../support/shards";

/** A D1 session a request opened: on which database, from what, the statements it ran and where it ended. */
type Session = { binding: string; from: string; statements: string[]; bookmark: () => string | null };

/** What reached D1: each statement run on a binding itself (the primary), and each session. */
type Seen = { primary: { binding: string; sql: string }[]; sessions: Session[] };

function forwarding<T extends object>(target: T, overrides: Partial<Record<PropertyKey, unknown>>): T {
  return new Proxy(target, {
    get(object, property) {
      if (property in overrides) return overrides[property];
      const value = Reflect.get(object, property, object) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
  });
}

function watchedD1(binding: string, seen: Seen): D1Database {
  const d1 = shardD1(env, binding);
  return forwarding(d1, {
    prepare: (sql: string) => {
      seen.primary.push({ binding, sql });
      return d1.prepare(sql);
    },
    withSession: (from: string) => {
      const session = d1.withSession(from);
      const opened: Session = { binding, from, statements: [], bookmark: () => session.getBookmark() };
      seen.sessions.push(opened);
      return forwarding(session, {
        prepare: (sql: string) => {
          opened.statements.push(sql);
          return session.prepare(sql);
        },
      });
    },
  });
}

/** One request through the whole service with the control database and every shard watched. */
async function watched(path: string, init: RequestInit = {}) {
  const seen: Seen = { primary: [], sessions: [] };
  const bindings = [CONTROL_BINDING, ...shardsOf(env).map((shard) => shard.binding)];
  const watchedEnv = { ...env, ...Object.fromEntries(bindings.map((binding) => [binding, watchedD1(binding, seen)])) } as Env;
  const executionCtx = createExecutionContext();
  const response = await createApp().fetch(new Request(`https://payment-connect.test${path}`, init), watchedEnv, executionCtx);
  const body = await response.text();
  await waitOnExecutionContext(executionCtx);
  return { response, body, seen };
}

const BOOKMARK = "X-D1-Bookmark";
const BOOKMARK_SHAPE = /^[0-9a-f]+(-[0-9a-f]+)*~[A-Z0-9_]+$/;
/** D1's bookmark inside ours (ours names the shard after `~`). */
const d1Part = (bookmark: string) => bookmark.slice(0, bookmark.lastIndexOf("~"));
const readsPayments = (sql: string) => /^select .* from "payments"/i.test(sql);
const writesPayments = (sql: string) => /^(insert into|update) "payments"/i.test(sql);
const used = (seen: Seen) => seen.sessions.filter((session) => session.statements.length > 0);

const charge = async (auth: Record<string, string>) =>
  watched("/v1/payments", jsonInit("POST", chargeBody(await cardToken()), { ...auth, "Idempotency-Key": crypto.randomUUID() }));

/** Two chargeable tenants, each on its own shard: the first where placement put it, the second anywhere else. */
async function tenantsOnTwoShards() {
  const first = await chargeableTenant("Replica Roasters");
  const firstShard = await tenantShardBinding(first.tenantId);
  const second = await tenantOnAnotherShard(firstShard, () => chargeableTenant("Replica Bakery"));
  return [
    { ...first, shard: firstShard },
    { ...second, shard: await tenantShardBinding(second.tenantId) },
  ];
}

describe("lists read through a D1 session on the tenant's shard; money stays on the primary", () => {
  it("a charge answers with its own writes' bookmark; a list sent it reads from there and shows the charge, on each shard", async () => {
    for (const { auth, shard } of await tenantsOnTwoShards()) {
      const charged = await charge(auth);
      expect(charged.response.status, shard).toBe(201);
      const { lcPaymentId } = JSON.parse(charged.body) as { lcPaymentId: string };

      // The charge's writes went through one first-primary session on the tenant's shard, its reads to the binding.
      const [writes, ...others] = used(charged.seen);
      expect(others, shard).toEqual([]);
      expect({ binding: writes!.binding, from: writes!.from }, shard).toEqual({ binding: shard, from: "first-primary" });
      expect(writes!.statements.filter(writesPayments).length, shard).toBeGreaterThanOrEqual(2);
      expect(writes!.statements.filter(readsPayments), shard).toEqual([]);
      const bookmark = charged.response.headers.get(BOOKMARK)!;
      expect(bookmark, shard).toMatch(BOOKMARK_SHAPE);
      expect(bookmark.endsWith(`~${shard}`), shard).toBe(true);
      expect(writes!.bookmark()!.localeCompare(d1Part(bookmark)), shard).toBeGreaterThanOrEqual(0);

      const listed = await watched("/v1/payments", { headers: { ...auth, [BOOKMARK]: bookmark } });
      expect(listed.response.status, shard).toBe(200);
      const ids = (JSON.parse(listed.body) as { data: { lcPaymentId: string }[] }).data.map((payment) => payment.lcPaymentId);
      expect(ids, shard).toEqual([lcPaymentId]);
      const [read, ...otherReads] = used(listed.seen);
      expect(otherReads, shard).toEqual([]);
      expect({ binding: read!.binding, from: read!.from }, shard).toEqual({ binding: shard, from: d1Part(bookmark) });
      expect(read!.statements.some(readsPayments), shard).toBe(true);
      expect(
        listed.seen.primary.filter(({ sql }) => readsPayments(sql)),
        shard,
      ).toEqual([]);
      expect(listed.response.headers.get(BOOKMARK)!.localeCompare(bookmark), shard).toBeGreaterThanOrEqual(0);
    }
  });

  it("every list without a bookmark reads from the nearest replica; a lookup and a refund read on the primary", async () => {
    const { auth, tenantId } = await chargeableTenant("Replica Lookups");
    const shard = await tenantShardBinding(tenantId);
    const { lcPaymentId } = JSON.parse((await charge(auth)).body) as { lcPaymentId: string };

    for (const path of ["/v1/payments", "/v1/payouts", "/v1/disputes", "/v1/terminal/readers", "/v1/events"]) {
      const listed = await watched(path, { headers: auth });
      expect(listed.response.status, path).toBe(200);
      const [read, ...others] = used(listed.seen);
      expect(others, path).toEqual([]);
      expect({ binding: read!.binding, from: read!.from }, path).toEqual({ binding: shard, from: "first-unconstrained" });
      expect(listed.response.headers.get(BOOKMARK), path).toBe(`${read!.bookmark()}~${shard}`);
    }

    const lookedUp = await watched(`/v1/payments/${lcPaymentId}`, { headers: auth });
    expect(lookedUp.response.status).toBe(200);
    expect(used(lookedUp.seen)).toEqual([]);
    expect(lookedUp.response.headers.get(BOOKMARK)).toBeNull();

    const refunded = await watched(`/v1/payments/${lcPaymentId}/refund`, jsonInit("POST", { amountCents: 500 }, auth));
    expect(refunded.response.status).toBe(200);
    // The balance it refunds against is read on the primary; only its writes go through the session.
    expect(refunded.seen.primary.some(({ binding, sql }) => binding === shard && readsPayments(sql))).toBe(true);
    const [writes, ...others] = used(refunded.seen);
    expect(others).toEqual([]);
    expect({ binding: writes!.binding, from: writes!.from }).toEqual({ binding: shard, from: "first-primary" });
    expect(writes!.statements.every((sql) => /^(insert|update|delete)\b/i.test(sql))).toBe(true);
    // Its answer's bookmark is where its writes left the shard: a list from there shows the refund.
    const bookmark = refunded.response.headers.get(BOOKMARK)!;
    expect(bookmark).toMatch(BOOKMARK_SHAPE);
    const listed = await watched("/v1/payments", { headers: { ...auth, [BOOKMARK]: bookmark } });
    expect(JSON.parse(listed.body)).toMatchObject({ data: [{ lcPaymentId, status: "partially_refunded", amountRefundedCents: 500 }] });
    expect(used(listed.seen).map((session) => session.from)).toEqual([d1Part(bookmark)]);
  });

  it("a bookmark that is not one is 400 validation-failed naming the header, before any session", async () => {
    const { auth } = await chargeableTenant("Replica Refusals");
    for (const bad of ["first-primary", "not a bookmark", "0000/0001", `${"0".repeat(65)}-1~DB_SHARD_US_1`, "00000085-0000024c"]) {
      const refused = await watched("/v1/payments", { headers: { ...auth, [BOOKMARK]: bad } });
      const problem = await expectProblem(new Response(refused.body, refused.response), 400, "validation-failed");
      expect(problem.errors).toEqual([{ field: BOOKMARK, message: expect.stringContaining("bookmark") as string }]);
      expect(refused.seen.sessions).toEqual([]);
    }
  });

  it("a bookmark of another shard (the tenant has moved since) reads from the primary of the tenant's shard", async () => {
    const [first, second] = await tenantsOnTwoShards();
    const charged = await charge(first!.auth);
    const { lcPaymentId } = JSON.parse(charged.body) as { lcPaymentId: string };
    const otherShards = charged.response.headers.get(BOOKMARK)!.replace(`~${first!.shard}`, `~${second!.shard}`);

    const listed = await watched("/v1/payments", { headers: { ...first!.auth, [BOOKMARK]: otherShards } });
    expect(listed.response.status).toBe(200);
    expect((JSON.parse(listed.body) as { data: { lcPaymentId: string }[] }).data.map((payment) => payment.lcPaymentId)).toEqual([
      lcPaymentId,
    ]);
    expect(used(listed.seen).map(({ binding, from }) => ({ binding, from }))).toEqual([{ binding: first!.shard, from: "first-primary" }]);
    expect(listed.response.headers.get(BOOKMARK)!.endsWith(`~${first!.shard}`)).toBe(true);
  });
});

describe("the dashboard keeps its bookmark in a cookie", () => {
  it("a refund form leaves its bookmark in the cookie; the payment's page reads from there and shows it, on each shard", async () => {
    for (const { auth, tenantId, shard } of await tenantsOnTwoShards()) {
      const { lcPaymentId } = JSON.parse((await charge(auth)).body) as { lcPaymentId: string };
      const { browser } = await ownerOf(tenantId);
      const { html } = await browser.open(`/dashboard/payments/${lcPaymentId}`);
      const refundKey = /name="refundKey" value="([^"]+)"/.exec(html)![1]!;
      const refunded = await browser.post(`/dashboard/payments/${lcPaymentId}/refund`, {
        refundKey,
        amount: "5.00",
        reason: "requested_by_customer",
      });
      expect(refunded.status, shard).toBe(303);
      const bookmark = browser.jar.get("__Host-pc_bookmark")!;
      expect(bookmark, shard).toMatch(BOOKMARK_SHAPE);

      const cookies = [...browser.jar].map(([name, value]) => `${name}=${value}`).join("; ");
      const page = await watched(`/dashboard/payments/${lcPaymentId}`, {
        headers: { Cookie: cookies, "CF-Connecting-IP": browser.address },
      });
      expect(page.response.status, shard).toBe(200);
      expect(page.body, shard).toContain("partially refunded");
      // The session check ran on the control database; the page's reads in one session on the shard, from the cookie.
      expect(page.seen.primary.some(({ binding, sql }) => binding === CONTROL_BINDING && /from "dashboard_sessions"/i.test(sql))).toBe(
        true,
      );
      const [read, ...others] = used(page.seen);
      expect(others, shard).toEqual([]);
      expect({ binding: read!.binding, from: read!.from }, shard).toEqual({ binding: shard, from: d1Part(bookmark) });
      expect(read!.statements.some(readsPayments), shard).toBe(true);
      expect(
        page.seen.primary.filter(({ sql }) => readsPayments(sql)),
        shard,
      ).toEqual([]);
    }
  });

  it("a cookie that is not a bookmark is ignored: the page still shows, and the cookie becomes one", async () => {
    const { tenantId } = await chargeableTenant("Replica Crumbs");
    const { browser } = await ownerOf(tenantId);
    browser.jar.set("__Host-pc_bookmark", "garbage");
    const { response, html } = await browser.open("/dashboard/payments");
    expect(response.status).toBe(200);
    expect(html).toContain("Payments");
    expect(browser.jar.get("__Host-pc_bookmark")).toMatch(BOOKMARK_SHAPE);
  });
});
