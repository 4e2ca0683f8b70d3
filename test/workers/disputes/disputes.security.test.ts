import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import {
  type Dispute,
  disputedPayment,
  type Evidence,
  evidenceForm,
  fileOf,
  getDispute,
  paymentOf,
  postEvidence,
  processorEvidence,
  submitDispute,
} from "../support/disputes";
import { call, expectProblem, tenantWithKey } from "../support/http";
import { type Payment } from "../support/payments";
import { signedDelivery } from "../support/processor-webhooks";
import { cardToken, charge, chargeBody, control } from "../support/sandbox";

describe("disputes belong to their tenant", () => {
  it("answers 404 for another tenant's dispute on every route, and stores nothing for the intruder", async () => {
    const owner = await disputedPayment({ name: "Owner Disputes Co" });
    const intruder = await disputedPayment({ name: "Intruder Disputes Co" });
    const path = `/v1/disputes/${owner.dispute.lcDisputeId}`;
    await expectProblem(await call(path, { headers: intruder.auth }), 404, "not-found");
    await expectProblem(
      await postEvidence(intruder.auth, owner.dispute.lcDisputeId, evidenceForm(fileOf("pdf", 500), "x.pdf")),
      404,
      "not-found",
    );
    await expectProblem(await submitDispute(intruder.auth, owner.dispute.lcDisputeId, { note: "mine now" }), 404, "not-found");

    for (const tenantId of [owner.tenantId, intruder.tenantId]) {
      expect((await env.EVIDENCE.list({ prefix: `evidence/${tenantId}/${owner.dispute.lcDisputeId}/` })).objects).toEqual([]);
    }
    expect(await processorEvidence(owner.processorDisputeId)).toEqual([]);
    expect(await getDispute(owner.auth, owner.dispute.lcDisputeId)).toMatchObject({ submission: "none", evidence: [] });

    const listed = await (await call("/v1/disputes", { headers: intruder.auth })).json<{ data: Dispute[] }>();
    expect(listed.data.map((dispute) => dispute.lcDisputeId)).toEqual([intruder.dispute.lcDisputeId]);
  });

  it("refuses another tenant's cursor", async () => {
    const owner = await disputedPayment({ name: "Cursor Owner Co" });
    const second = await (await charge(owner.auth, chargeBody(await cardToken(), { amountCents: 4200 }))).json<Payment>();
    await control("open-dispute", { id: second.processorTransferId }, owner.auth);
    const page = await (await call("/v1/disputes?limit=1", { headers: owner.auth })).json<{ nextCursor: string | null }>();
    expect(page.nextCursor).toBeTruthy();
    expect((await call(`/v1/disputes?limit=1&cursor=${page.nextCursor}`, { headers: owner.auth })).status).toBe(200);
    const other = await tenantWithKey();
    await expectProblem(await call(`/v1/disputes?limit=1&cursor=${page.nextCursor}`, { headers: other.auth }), 400, "invalid-cursor");
  });

  it("ignores a dispute webhook that names the payment's transfer under another merchant", async () => {
    const victim = await disputedPayment({ name: "Victim Co" });
    const before = await paymentOf(victim.auth, victim.payment.lcPaymentId);
    const forged = await signedDelivery({
      type: "updated",
      entity: "dispute",
      _embedded: {
        disputes: [
          {
            id: victim.processorDisputeId,
            transfer: victim.payment.processorTransferId,
            merchant: "MUsomeoneelse",
            state: "WON",
            response_state: "NO_RESPONSE_ALLOWED",
            updated_at: "2099-01-01T00:00:00.000Z",
          },
        ],
      },
    });
    expect(await forged.json()).toMatchObject({ outcome: "ignored" });
    expect((await getDispute(victim.auth, victim.dispute.lcDisputeId)).state).toBe("open");
    expect((await paymentOf(victim.auth, victim.payment.lcPaymentId)).status).toBe(before.status);
  });

  it("ignores an evidence webhook of another merchant's evidence", async () => {
    const { auth, dispute, processorDisputeId } = await disputedPayment({ name: "Evidence Victim Co" });
    const uploaded = await (await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf("png", 300), "p.png"))).json<Evidence>();
    const forged = await signedDelivery({
      type: "updated",
      entity: "evidence",
      _embedded: {
        evidences: [
          {
            id: uploaded.processorEvidenceId,
            dispute: processorDisputeId,
            merchant: "MUsomeoneelse",
            state: "FAILED",
            updated_at: "2099-01-01T00:00:00.000Z",
          },
        ],
      },
    });
    expect(await forged.json()).toMatchObject({ outcome: "ignored" });
    expect((await getDispute(auth, dispute.lcDisputeId)).evidence[0]!.state).toBe("processing");
  });

  it("keeps a hostile file name out of the storage key and the processor's file name", async () => {
    const { auth, tenantId, dispute, processorDisputeId } = await disputedPayment({ name: "Hostile Name Co" });
    const response = await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf("pdf", 300), "../../other-tenant/<script>.pdf"));
    expect(response.status).toBe(201);
    const evidence = await response.json<Evidence>();
    expect(evidence.fileName).toBe("../../other-tenant/<script>.pdf");
    const keys = (await env.EVIDENCE.list({ prefix: "evidence/" })).objects
      .map((object) => object.key)
      .filter((key) => key.includes(evidence.sha256));
    expect(keys).toEqual([`evidence/${tenantId}/${dispute.lcDisputeId}/${evidence.sha256}`]);
    const [sent] = await processorEvidence(processorDisputeId);
    expect(sent!.tags["file-name"]).toBe(`other-tenant-script-${evidence.sha256.slice(0, 12)}.pdf`);
  });
});
