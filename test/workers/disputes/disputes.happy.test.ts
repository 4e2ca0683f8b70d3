import { describe, expect, it } from "vitest";
import { tenantWithKey } from "../support/http";
import { paymentId, seedPayments } from "../support/ledger";
import { eventsFor, paymentStatus as status, signedDelivery } from "../support/processor-webhooks";

describe("a dispute from the processor", () => {
  it("marks a payment disputed on dispute.created and emits dispute.created", async () => {
    const tenant = await tenantWithKey();
    const id = paymentId(1, "whdispute");
    await seedPayments(tenant.tenantId, [{ id, status: "succeeded", amountCents: 888888, createdAt: "2026-05-01T00:00:00.000Z" }]);
    const transferId = `TR${id.replace(/[^A-Za-z0-9]/g, "")}`;
    const response = await signedDelivery({
      type: "created",
      entity: "dispute",
      _embedded: {
        disputes: [
          {
            id: "DIdispute1",
            transfer: transferId,
            state: "PENDING",
            reason: "FRAUD",
            amount: 888888,
            respond_by: "2026-05-20T00:00:00Z",
            updated_at: "2026-05-05T00:00:00Z",
          },
        ],
      },
    });
    expect(await response.json()).toMatchObject({ outcome: "applied" });
    expect(await status(tenant.auth, id)).toMatchObject({ status: "disputed" });
    const [event] = await eventsFor(id);
    expect(event?.type).toBe("dispute.created");
    expect(JSON.parse(event!.payload)).toMatchObject({
      lcPaymentId: id,
      status: "disputed",
      dispute: { processorDisputeId: "DIdispute1", respondBy: "2026-05-20T00:00:00Z" },
    });
  });
});
