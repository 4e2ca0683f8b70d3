import { describe, expect, it } from "vitest";

import { achPayment, paymentStatus as status, signedDelivery, transferEvent } from "../support/processor-webhooks";

const MINUTE = 60;

describe("POST /webhooks/processor from the processor's own retries", () => {
  it("applies a delivery signed 20.5 minutes ago, as the processor's last retry may be (+1.5, +2, +3, +5, +9 minutes)", async () => {
    const { tenant, id, transferId, merchantId } = await achPayment("whretry");
    const event = transferEvent({ id: transferId, state: "SUCCEEDED", merchant: merchantId, updated_at: "2026-05-02T00:00:00.000Z" });
    const signedAt = Math.floor(Date.now() / 1000) - (1.5 + 2 + 3 + 5 + 9) * MINUTE;
    const response = await signedDelivery(event, { timestamp: signedAt });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ outcome: "applied" });
    expect(await status(tenant.auth, id)).toMatchObject({ status: "succeeded" });
  });
});

describe("processor timestamps compared as instants", () => {
  it("orders …54.6Z before …54.61Z and …54.66Z, whatever the strings say", async () => {
    const { tenant, id, transferId, merchantId } = await achPayment("whinstant");
    const deliver = (state: string, updatedAt: string) =>
      signedDelivery(transferEvent({ id: transferId, state, merchant: merchantId, updated_at: updatedAt }));
    await deliver("SUCCEEDED", "2026-05-02T00:00:54.61Z");
    expect((await status(tenant.auth, id)).status).toBe("succeeded");
    // Earlier than what was applied ("…54.6Z" sorts after "…54.61Z" as text): ignored.
    await deliver("FAILED", "2026-05-02T00:00:54.6Z");
    expect((await status(tenant.auth, id)).status).toBe("succeeded");
    // Later ("…54.66Z" sorts before "…54.6Z" as text): applied, the ACH return it reports fails the payment.
    await deliver("FAILED", "2026-05-02T00:00:54.66Z");
    expect(await status(tenant.auth, id)).toMatchObject({ status: "failed", processorState: "FAILED" });
    // The same instant written with another offset and precision is not newer.
    await deliver("SUCCEEDED", "2026-05-02T02:00:54.660000+02:00");
    expect(await status(tenant.auth, id)).toMatchObject({ status: "failed", processorState: "FAILED" });
  });
});
