import { describe, expect, it } from "vitest";

import { ADMIN_HEADERS, call, expectProblem, jsonInit } from "./support/http";
import { cardToken, charge, chargeableTenant, chargeBody } from "./support/sandbox";

type Control = { status: number; body: any };

async function control(action: string, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Control> {
  const response = await call(`/sandbox/control/${action}`, jsonInit("POST", body, headers));
  return { status: response.status, body: response.headers.get("Content-Type")?.includes("json") ? await response.json() : null };
}

/** A tenant whose processor merchant is approved, with one card sale on it (a transfer of its own). */
async function tenantWithSale(name: string) {
  const tenant = await chargeableTenant(name);
  const payment = await (await charge(tenant.auth, chargeBody(await cardToken()))).json<{ processorTransferId: string }>();
  return { ...tenant, transferId: payment.processorTransferId };
}

describe("sandbox controls", () => {
  it("need credentials: none, a wrong secret or an unknown key is 401", async () => {
    await expectProblem(await call("/sandbox/control/reset", jsonInit("POST", {})), 401, "unauthorized");
    await expectProblem(await call("/sandbox/control/faults"), 401, "unauthorized");
    await expectProblem(
      await call("/sandbox/control/reset", jsonInit("POST", {}, { Authorization: "Bearer not-the-admin-secret" })),
      401,
      "unauthorized",
    );
    await expectProblem(
      await call("/sandbox/control/get", jsonInit("POST", { kind: "merchant", id: "MUx" }, { "X-Api-Key": `lc_live_${"x".repeat(43)}` })),
      401,
      "unauthorized",
    );
    // A scope header from outside is dropped: the caller is still unauthenticated.
    await expectProblem(await call("/sandbox/control/reset", jsonInit("POST", {}, { "X-Sandbox-Scope": "operator" })), 401, "unauthorized");
  });

  it("let the operator set faults, read global state and reset the sandbox", async () => {
    const fault = await control("fault", { operation: "GET /transfers", kind: "error", times: 1 }, ADMIN_HEADERS);
    expect(fault).toMatchObject({ status: 200, body: { result: { kind: "error", remaining: 1 } } });
    const faults = await call("/sandbox/control/faults", { headers: ADMIN_HEADERS });
    expect(((await faults.json()) as { result: unknown[] }).result).toHaveLength(1);
    expect(await control("reset", {}, ADMIN_HEADERS)).toMatchObject({ status: 200, body: { result: { reset: true } } });
    expect(((await (await call("/sandbox/control/faults", { headers: ADMIN_HEADERS })).json()) as { result: unknown[] }).result).toEqual(
      [],
    );
  });

  it("let a tenant's key drive and read its own merchant's resources", async () => {
    const { auth, key, merchantId, transferId } = await tenantWithSale("Own Merchant Co");
    expect(await control("get", { kind: "transfer", id: transferId }, auth)).toMatchObject({
      status: 200,
      body: { result: { id: transferId, merchant: merchantId, state: "SUCCEEDED" } },
    });
    const bearer = { Authorization: `Bearer ${key}` };
    expect(await control("get", { kind: "merchant", id: merchantId }, bearer)).toMatchObject({
      status: 200,
      body: { result: { id: merchantId } },
    });
    const dispute = await control("open-dispute", { id: transferId, reason: "QUALITY" }, auth);
    expect(dispute).toMatchObject({ status: 200, body: { result: { transfer: transferId, merchant: merchantId, state: "PENDING" } } });
    expect(await control("resolve-dispute", { id: dispute.body.result.id, outcome: "WON" }, bearer)).toMatchObject({
      status: 200,
      body: { result: { state: "WON" } },
    });
    expect(await control("close-settlement", { id: merchantId }, auth)).toMatchObject({
      status: 200,
      body: { result: { merchant_id: merchantId } },
    });
    expect(await control("merchant-processing", { id: merchantId, enabled: false }, auth)).toMatchObject({
      status: 200,
      body: { result: { id: merchantId, processing_enabled: false } },
    });
    expect(await control("merchant-processing", { id: merchantId, enabled: true }, auth)).toMatchObject({
      status: 200,
      body: { result: { id: merchantId, processing_enabled: true } },
    });
    expect(await control("expire-compliance", { merchant: merchantId }, auth)).toMatchObject({
      status: 200,
      body: { result: { expired: { linked_to: merchantId, state: "INVALID" }, renewal: { linked_to: merchantId, state: "PENDING" } } },
    });
  });

  it("refuse a tenant's key anything global (403) and another merchant's resources (404)", async () => {
    const mine = await tenantWithSale("Scoped Tenant Co");
    const theirs = await tenantWithSale("Other Tenant Co");
    for (const [action, body] of [
      ["reset", {}],
      ["fault", { operation: "POST /transfers", kind: "error" }],
      ["clear-faults", {}],
      ["advance-clock", { seconds: 60 }],
      ["run-jobs", { all: true }],
      ["create-merchant", { name: "Mine Too" }],
      ["config", { delaysSeconds: { achSettlement: 0 } }],
    ] as const)
      await expectProblem(await call(`/sandbox/control/${action}`, jsonInit("POST", body, mine.auth)), 403, "forbidden");
    await expectProblem(await call("/sandbox/control/faults", { headers: mine.auth }), 403, "forbidden");
    await expectProblem(await call("/sandbox/control/webhook-deliveries", { headers: mine.auth }), 403, "forbidden");
    // Claiming the operator's scope does not help: the service sets the scope from the key.
    await expectProblem(
      await call("/sandbox/control/reset", jsonInit("POST", {}, { ...mine.auth, "X-Sandbox-Scope": "operator" })),
      403,
      "forbidden",
    );

    for (const [action, body] of [
      ["get", { kind: "transfer", id: theirs.transferId }],
      ["get", { kind: "merchant", id: theirs.merchantId }],
      ["open-dispute", { id: theirs.transferId }],
      ["close-settlement", { id: theirs.merchantId }],
      ["merchant-state", { id: theirs.merchantId, state: "REJECTED" }],
      ["merchant-processing", { id: theirs.merchantId, enabled: false }],
      ["expire-compliance", { merchant: theirs.merchantId }],
      ["get", { kind: "transfer", id: "TRdoesnotexist" }],
    ] as const)
      await expectProblem(await call(`/sandbox/control/${action}`, jsonInit("POST", body, mine.auth)), 404, "not-found");
    // Nothing happened to the other merchant.
    expect(await control("get", { kind: "merchant", id: theirs.merchantId }, theirs.auth)).toMatchObject({
      body: { result: { onboarding_state: "APPROVED", processing_enabled: true } },
    });
  });
});
