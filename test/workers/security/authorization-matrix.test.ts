import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";

import { createApp } from "../../../src/app";
import { writeEvent } from "../support/callbacks";
import { ADMIN_HEADERS, call, expectProblem, jsonInit, tenantWithKey } from "../support/http";
import { seedDispute, seedPayments, seedPayout } from "../support/ledger";
import { loggedRequest } from "../support/requests";
import { chargeableTenant } from "../support/sandbox";
import { activeReader } from "../support/terminal";

// One matrix over every route the OpenAPI document declares, so a new route is covered the day it is added.
type Operation = { method: string; path: string; security: Record<string, string[]>[] };

const document = createApp().getOpenAPI31Document({ openapi: "3.1.0", info: { title: "matrix", version: "1" } });
const operations: Operation[] = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
  Object.entries(item as Record<string, { security?: Record<string, string[]>[] }>).map(([method, operation]) => ({
    method: method.toUpperCase(),
    path,
    security: operation.security ?? [],
  })),
);
const schemesOf = (operation: Operation) => operation.security.flatMap((requirement) => Object.keys(requirement));
const tenantRoutes = operations.filter((operation) => schemesOf(operation).includes("ApiKeyHeader"));
const operatorRoutes = operations.filter((operation) => schemesOf(operation).includes("AdminSecret"));

/**
 * A path parameter's id: `ids["<resource>.<name>"]` when routes of several resources share a parameter name (`/v1/disputes/{id}`,
 * `/v1/terminal/readers/{id}` and `/v1/payments/{id}`), else `ids[name]`.
 */
function requestFor(operation: Operation, ids: Record<string, string>, headers: Record<string, string>): [string, RequestInit] {
  const segments = operation.path.split("/");
  const resource = segments[2] === "terminal" ? `terminal.${segments[3]}` : segments[2];
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => ids[`${resource}.${name}`] ?? ids[name] ?? `${name}_unknown`);
  const init =
    operation.method === "GET" ? { headers } : jsonInit(operation.method, {}, { ...headers, "Idempotency-Key": crypto.randomUUID() });
  return [path, init];
}

describe("authorization matrix", () => {
  it("covers every tenant and operator route of the document", () => {
    expect(tenantRoutes.length).toBeGreaterThanOrEqual(7);
    expect(operatorRoutes.length).toBeGreaterThanOrEqual(15);
    const declared = tenantRoutes.length + operatorRoutes.length;
    const anonymous = operations.filter(
      (operation) => operation.security.length === 0 || schemesOf(operation).includes("ProcessorWebhook"),
    );
    expect(declared + anonymous.length).toBe(operations.length);
  });

  describe.each(tenantRoutes.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))("%s", (_, operation) => {
    it("answers the same 401 to a missing, malformed and revoked key", async () => {
      const { key, keyId, tenantId } = await tenantWithKey();
      await call(`/admin/tenants/${tenantId}/keys/${keyId}/revoke`, { method: "POST", headers: ADMIN_HEADERS });
      const refused: Record<string, string>[] = [
        {},
        { "X-Api-Key": "lc_live_short" },
        { "X-Api-Key": key },
        { Authorization: `Bearer ${key}` },
      ];
      for (const headers of refused) {
        const problem = await expectProblem(await call(...requestFor(operation, {}, headers)), 401, "unauthorized");
        expect(problem.detail).not.toContain(key);
      }
    });
  });

  describe("another tenant's ids", () => {
    let ownersIds: Record<string, string>;
    beforeAll(async () => {
      const owner = await tenantWithKey("Owner Roasters");
      const paymentId = `lcpay_matrix${crypto.randomUUID().replaceAll("-", "")}`;
      await seedPayments(owner.tenantId, [{ id: paymentId, status: "succeeded", amountCents: 5000, createdAt: new Date().toISOString() }]);
      const form = await call("/v1/onboarding", jsonInit("POST", {}, owner.auth));
      const reader = await activeReader((await chargeableTenant("Owner Readers")).auth);
      const endpoint = await call("/v1/callback-endpoints", jsonInit("POST", { url: "https://receiver.example/owner" }, owner.auth));
      ownersIds = {
        id: paymentId,
        formId: ((await form.json()) as { formId: string }).formId,
        "disputes.id": await seedDispute(owner.tenantId, paymentId),
        "payouts.id": await seedPayout(owner.tenantId),
        "terminal.readers.id": reader.lcReaderId,
        "events.id": await writeEvent(owner.tenantId),
        "callback-endpoints.id": ((await endpoint.json()) as { id: string }).id,
        "requests.id": (await loggedRequest(owner.auth, endpoint.headers.get("X-Trace-Id")!)).id,
      };
      // The owners reach each, so the intruder's 404 below is about ownership, not about missing resources.
      expect((await call(`/v1/payments/${paymentId}`, { headers: owner.auth })).status).toBe(200);
      expect((await call(`/v1/onboarding/form/${ownersIds.formId}`, { headers: owner.auth })).status).toBe(200);
      expect((await call(`/v1/disputes/${ownersIds["disputes.id"]}`, { headers: owner.auth })).status).toBe(200);
      expect((await call(`/v1/payouts/${ownersIds["payouts.id"]}`, { headers: owner.auth })).status).toBe(200);
      expect((await call(`/v1/events/${ownersIds["events.id"]}`, { headers: owner.auth })).status).toBe(200);
      expect((await call(`/v1/callback-endpoints/${ownersIds["callback-endpoints.id"]}`, { headers: owner.auth })).status).toBe(200);
      expect((await call(`/v1/requests/${ownersIds["requests.id"]}`, { headers: owner.auth })).status).toBe(200);
      expect(reader.status).toBe("active");
    });

    const withIds = tenantRoutes.filter((operation) => /\{\w+\}/.test(operation.path));
    it.each(withIds.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
      "%s answers 404 as for a missing one",
      async (_, operation) => {
        const intruder = await tenantWithKey("Intruder");
        const response = await call(...requestFor(operation, ownersIds, intruder.auth));
        await expectProblem(response, 404, "not-found");
      },
    );
  });

  describe.each(operatorRoutes.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))("%s", (_, operation) => {
    it("refuses a missing or wrong operator secret, and a tenant key", async () => {
      const { key } = await tenantWithKey();
      const refused: Record<string, string>[] = [{}, { Authorization: `Bearer ${env.ADMIN_SECRET}x` }, { Authorization: `Bearer ${key}` }];
      for (const headers of refused) {
        await expectProblem(
          await call(...requestFor(operation, { tenantId: "ten_matrix", keyId: "key_matrix", eventId: "event_matrix" }, headers)),
          401,
          "unauthorized",
        );
      }
    });
  });
});
