import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { verifyCallbackSignature } from "../../examples/receiver/verify-callback.ts";
import { chargeableTenant, control, devSecrets, sharedDevServer, startCallbackReceiver, waitFor } from "../support/index.mjs";

let server;
let receiver;

beforeAll(async () => {
  receiver = await startCallbackReceiver();
  server = await sharedDevServer();
});
afterAll(() => receiver?.close());

describe("ACH end to end on wrangler dev", () => {
  it("charge → processing → the sandbox settles → transfer.updated in → succeeded → a signed callback out", async () => {
    const admin = { Authorization: `Bearer ${devSecrets().ADMIN_SECRET}` };
    const { tenantId, key } = await chargeableTenant(server.baseUrl, admin, "ACH Roasters");
    const callbackUrl = receiver.url("/hooks");
    const saved = await fetch(`${server.baseUrl}/admin/tenants/${tenantId}/callbacks`, {
      method: "PUT",
      headers: { ...admin, "Content-Type": "application/json" },
      body: JSON.stringify({ url: callbackUrl }),
    });
    expect(saved.status).toBe(200);
    const secrets = await (await fetch(`${server.baseUrl}/admin/tenants/${tenantId}/callbacks/secrets`, { headers: admin })).json();
    const secret = (secrets.data ?? secrets)[0].secret;

    const meta = await (await fetch(`${server.baseUrl}/v1/meta`)).json();
    const token = await (
      await fetch(`${server.baseUrl}/sandbox/processor/applications/${meta.processorApplicationId}/tokens`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          type: "BANK_ACCOUNT",
          account_number: "555666777",
          bank_code: "122105278",
          account_type: "PERSONAL_CHECKING",
          name: "Ada Lovelace",
        }),
      })
    ).json();
    const created = await (
      await fetch(`${server.baseUrl}/v1/payments`, {
        method: "POST",
        headers: { "X-Api-Key": key, "Content-Type": "application/json", "Idempotency-Key": "ach-order-1" },
        body: JSON.stringify({
          amountCents: 12_345,
          currency: "USD",
          orderRef: "ach-order-1",
          processorToken: token.id,
          buyer: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
        }),
      })
    ).json();
    expect(created.status).toBe("processing");

    // The tenant's own key may settle its own merchant's transfer (as Stripe's test helpers take the test key).
    await control(server.baseUrl, "settle-ach", { id: created.processorTransferId }, { "X-Api-Key": key });
    const delivery = await waitFor(() => receiver.received.find((r) => r.headers["lc-event-type"] === "transfer.updated"), {
      what: "the transfer.updated callback",
    });
    const event = JSON.parse(delivery.body);
    expect(event).toMatchObject({
      type: "transfer.updated",
      lcPaymentId: created.lcPaymentId,
      orderRef: "ach-order-1",
      status: "succeeded",
      processorState: "SUCCEEDED",
    });
    expect(delivery.headers["content-type"]).toBe("application/json");
    expect(delivery.headers["lc-event-id"]).toBe(event.id);
    expect(
      await verifyCallbackSignature({ rawBody: delivery.body, signatureHeader: delivery.headers["lc-signature"], secret }),
    ).toMatchObject({ ok: true });

    const payment = await (await fetch(`${server.baseUrl}/v1/payments/${created.lcPaymentId}`, { headers: { "X-Api-Key": key } })).json();
    expect(payment.status).toBe("succeeded");
  });
});
