import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createApp } from "../../../src/app";
import { createContext } from "../../../src/context";
import { apiKeys } from "../../../src/tenants/tenants.schema";
import { authenticateApiKey, KEY_CHECK_TTL_MS } from "../../../src/tenants/tenants.service";
import { controlDb } from "../support/db";
import { ADMIN_HEADERS, call, expectProblem, issueKey, jsonInit, tenantWithKey } from "../support/http";
import { paymentCount } from "../support/payments";
import { cardToken, charge, chargeableTenant, chargeBody } from "../support/sandbox";

const EVERY_RESOURCE = ["payments", "refunds", "disputes", "payouts", "terminal", "onboarding", "events", "callback_endpoints"];

/** A request through the whole service, with every call it makes to the processor recorded. */
async function withProcessorCalls(path: string, init: RequestInit) {
  const processorCalls: string[] = [];
  const counted = {
    ...env,
    SANDBOX_PROCESSOR: {
      fetch: (request: Request) => {
        processorCalls.push(`${request.method} ${new URL(request.url).pathname}`);
        return env.SANDBOX_PROCESSOR!.fetch(request);
      },
    },
  } as unknown as Env;
  const executionCtx = createExecutionContext();
  const response = await createApp().fetch(new Request(`https://payment-connect.test${path}`, init), counted, executionCtx);
  await waitOnExecutionContext(executionCtx);
  return { response, processorCalls };
}

describe("a restricted key", () => {
  it("read-only on payments: lists payments, and a charge is 403 naming payments:write with nothing written or sent", async () => {
    const tenant = await chargeableTenant("Read Only Roasters");
    expect((await charge(tenant.auth, chargeBody(await cardToken()))).status).toBe(201);
    const readOnly = await issueKey(tenant.tenantId, { name: "Reporting", permissions: { payments: "read" } });

    const listed = await call("/v1/payments", { headers: readOnly.auth });
    expect(listed.status).toBe(200);
    expect((await listed.json<{ data: unknown[] }>()).data).toHaveLength(1);

    const token = await cardToken();
    const { response, processorCalls } = await withProcessorCalls(
      "/v1/payments",
      jsonInit("POST", chargeBody(token), { ...readOnly.auth, "Idempotency-Key": crypto.randomUUID() }),
    );
    const problem = await expectProblem(response, 403, "insufficient-permissions");
    expect(problem.detail).toContain("`payments:write`");
    expect(problem.permission).toBe("payments:write");
    expect(processorCalls).toEqual([]);
    expect(await paymentCount(tenant.tenantId)).toBe(1);
    // The token was never sent: a key that may charge still can with it.
    expect((await charge(tenant.auth, chargeBody(token))).status).toBe(201);
  });

  it("gets 403 on a read of a resource it has none of; write implies read", async () => {
    const { tenantId } = await tenantWithKey("Levels Bakery");
    const refundsOnly = await issueKey(tenantId, { permissions: { refunds: "write" } });
    const problem = await expectProblem(await call("/v1/payments", { headers: refundsOnly.auth }), 403, "insufficient-permissions");
    expect(problem.permission).toBe("payments:read");

    const paymentsWriter = await issueKey(tenantId, { permissions: { payments: "write" } });
    expect((await call("/v1/payments", { headers: paymentsWriter.auth })).status).toBe(200);
    const payouts = await expectProblem(await call("/v1/payouts", { headers: paymentsWriter.auth }), 403, "insufficient-permissions");
    expect(payouts.detail).toContain("`payouts:read`");
  });

  it("cannot have an earlier charge's answer replayed to it under the same Idempotency-Key", async () => {
    const tenant = await chargeableTenant("Replay Roasters");
    const body = chargeBody(await cardToken());
    const first = await charge(tenant.auth, body, "order-replayed");
    expect(first.status).toBe(201);
    const readOnly = await issueKey(tenant.tenantId, { permissions: { payments: "read" } });
    await expectProblem(await charge(readOnly.auth, body, "order-replayed"), 403, "insufficient-permissions");
    const replayed = await charge(tenant.auth, body, "order-replayed");
    expect(replayed.status).toBe(201);
    expect(await replayed.json()).toEqual(await first.json());
  });

  it("keeps its permissions in the isolate's cache of checked keys, through the TTL and after it", async () => {
    const { tenantId } = await tenantWithKey("Cached Permissions");
    const readOnly = await issueKey(tenantId, { permissions: { payments: "read", events: "write" } });
    const checkedAt = Date.now();
    const authenticateAt = (nowMs: number) =>
      authenticateApiKey({ ctx: createContext(env, { nowMs }), input: { presentedKey: readOnly.key, afterResponse: () => {} } });
    const permissions = { payments: "read", events: "write" };
    expect((await authenticateAt(checkedAt))?.permissions).toEqual(permissions);
    expect((await authenticateAt(checkedAt + KEY_CHECK_TTL_MS - 1))?.permissions).toEqual(permissions);
    expect((await authenticateAt(checkedAt + KEY_CHECK_TTL_MS))?.permissions).toEqual(permissions);
    // The second request is answered from the cache, and is refused as the first was.
    for (let request = 0; request < 2; request++) {
      await expectProblem(await call("/v1/payouts", { headers: readOnly.auth }), 403, "insufficient-permissions");
    }
  });

  it("needs payments:write for the sandbox's controls", async () => {
    const tenant = await chargeableTenant("Sandbox Controls");
    const readOnly = await issueKey(tenant.tenantId, { permissions: { payments: "read" } });
    const refused = await call("/sandbox/control/open-dispute", jsonInit("POST", { id: "TRunknown" }, readOnly.auth));
    expect((await expectProblem(refused, 403, "insufficient-permissions")).permission).toBe("payments:write");
    const writer = await issueKey(tenant.tenantId, { permissions: { payments: "write" } });
    const allowed = await call("/sandbox/control/open-dispute", jsonInit("POST", { id: "TRunknown" }, writer.auth));
    expect(allowed.status).not.toBe(403);
  });
});

describe("issuing keys with permissions (operator API)", () => {
  type IssuedKey = { id: string; name: string; restricted: boolean; permissions: Record<string, string>; key?: string };

  it("shows a restricted key's name and every resource's level, in its answer and the list; a key made without them has all", async () => {
    const { tenantId, keyId } = await tenantWithKey("Shown Keys");
    const response = await call(
      `/admin/tenants/${tenantId}/keys`,
      jsonInit("POST", { name: "Reporting job", permissions: { payments: "read", refunds: "write", events: "none" } }, ADMIN_HEADERS),
    );
    expect(response.status).toBe(201);
    const issued = await response.json<IssuedKey>();
    const restricted = {
      name: "Reporting job",
      restricted: true,
      permissions: Object.fromEntries(EVERY_RESOURCE.map((resource) => [resource, "none"])),
    };
    Object.assign(restricted.permissions, { payments: "read", refunds: "write" });
    expect(issued).toMatchObject(restricted);

    const { data } = await (await call(`/admin/tenants/${tenantId}/keys`, { headers: ADMIN_HEADERS })).json<{ data: IssuedKey[] }>();
    expect(data.find((key) => key.id === issued.id)).toMatchObject(restricted);
    expect(data.find((key) => key.id === keyId)).toMatchObject({
      restricted: false,
      permissions: Object.fromEntries(EVERY_RESOURCE.map((resource) => [resource, "write"])),
    });
    expect(data.every((key) => key.key === undefined)).toBe(true);
  });

  it("issues a key with every permission for a JSON request with no bytes, as scripts send it", async () => {
    const { tenantId } = await tenantWithKey("Empty Body");
    const response = await call(`/admin/tenants/${tenantId}/keys`, {
      method: "POST",
      headers: { ...ADMIN_HEADERS, "Content-Type": "application/json" },
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ name: "", restricted: false });
  });

  it("refuses an unknown resource, an unknown level and permissions that grant nothing with 400 validation-failed", async () => {
    const { tenantId } = await tenantWithKey("Bad Permissions");
    const keyCount = () => controlDb().$count(apiKeys, eq(apiKeys.tenantId, tenantId));
    const before = await keyCount();
    const refusals: [unknown, string][] = [
      [{ customers: "read" }, "permissions"],
      [{ payments: "admin" }, "permissions.payments"],
      [{ payments: "none" }, "permissions"],
      [{}, "permissions"],
      ["payments:read", "permissions"],
    ];
    for (const [permissions, field] of refusals) {
      const response = await call(`/admin/tenants/${tenantId}/keys`, jsonInit("POST", { permissions }, ADMIN_HEADERS));
      const problem = await expectProblem(response, 400, "validation-failed");
      expect(
        problem.errors?.map((error) => error.field),
        JSON.stringify(problem.errors),
      ).toEqual([field]);
    }
    expect(await keyCount()).toBe(before);
  });
});
