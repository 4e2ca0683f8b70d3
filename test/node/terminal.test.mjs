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

describe("card-present end to end on wrangler dev", () => {
  it("register → activate → Open → sale answers processing → the buyer taps → succeeded with a signed callback; a cancel ends the next one", async () => {
    const admin = { Authorization: `Bearer ${devSecrets().ADMIN_SECRET}` };
    const { tenantId, key } = await chargeableTenant(server.baseUrl, admin, "Terminal Roasters");
    const tenant = { "X-Api-Key": key, "Content-Type": "application/json" };
    const api = async (method, path, body, headers = {}) => {
      const response = await fetch(`${server.baseUrl}${path}`, {
        method,
        headers: { ...tenant, ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    };
    await fetch(`${server.baseUrl}/admin/tenants/${tenantId}/callbacks`, {
      method: "PUT",
      headers: { ...admin, "Content-Type": "application/json" },
      body: JSON.stringify({ url: receiver.url("/hooks") }),
    });
    const secrets = await (await fetch(`${server.baseUrl}/admin/tenants/${tenantId}/callbacks/secrets`, { headers: admin })).json();
    const secret = (secrets.data ?? secrets)[0].secret;

    const registered = await api("POST", "/v1/terminal/readers", {
      // Not the API reference's example: a serial number is registered once across every tenant of the shared server.
      serialNumber: "1850654321",
      model: "PAX_A920PRO",
      label: "Front counter",
    });
    expect(registered).toMatchObject({ status: 201, body: { status: "registered" } });
    const readerId = registered.body.lcReaderId;
    expect((await api("POST", `/v1/terminal/readers/${readerId}/activate`)).body.status).toBe("active");
    expect((await api("GET", `/v1/terminal/readers/${readerId}?connection=true`)).body.connection).toBe("Open");

    const started = Date.now();
    const sale = await api(
      "POST",
      "/v1/payments/terminal",
      { readerId, amountCents: 1250, currency: "USD", orderRef: "pos-1" },
      { "Idempotency-Key": "pos-1" },
    );
    expect(sale).toMatchObject({ status: 202, body: { status: "processing", method: "card_present", lcReaderId: readerId } });
    expect(Date.now() - started).toBeLessThan(5_000);

    await control(server.baseUrl, "card-present", { device: registered.body.processorDeviceId, outcome: "approve" }, { "X-Api-Key": key });
    const delivery = await waitFor(
      () => receiver.received.find((r) => r.headers["lc-event-type"] === "transfer.updated" && JSON.parse(r.body).status === "succeeded"),
      { what: "the succeeded transfer.updated callback" },
    );
    expect(JSON.parse(delivery.body)).toMatchObject({ lcPaymentId: sale.body.lcPaymentId, orderRef: "pos-1", processorState: "SUCCEEDED" });
    expect(
      await verifyCallbackSignature({ rawBody: delivery.body, signatureHeader: delivery.headers["lc-signature"], secret }),
    ).toMatchObject({
      ok: true,
    });
    expect((await api("GET", `/v1/payments/${sale.body.lcPaymentId}`)).body.status).toBe("succeeded");

    const next = await api(
      "POST",
      "/v1/payments/terminal",
      { readerId, amountCents: 800, currency: "USD", orderRef: "pos-2" },
      { "Idempotency-Key": "pos-2" },
    );
    expect(next.status).toBe(202);
    const canceled = await waitFor(
      async () => {
        const answer = await api("POST", `/v1/terminal/readers/${readerId}/cancel`);
        return answer.status === 200 && answer.body.status !== "processing" ? answer : null;
      },
      { what: "the cancel to end the sale" },
    );
    expect(canceled.body).toMatchObject({ lcPaymentId: next.body.lcPaymentId, status: "canceled", failureCode: "CANCELLATION_VIA_API" });
  });
});
