import { env } from "cloudflare:workers";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { disputeEvidence } from "../../../src/disputes/disputes.schema";
import { processorWebhookReceipts } from "../../../src/processor-webhooks/processor-webhooks.schema";
import { eventually } from "../support/callbacks";
import { shardOf } from "../support/db";
import {
  acceptDispute,
  type Dispute,
  disputedPayment,
  evidenceForm,
  fileOf,
  getDispute,
  paymentOf,
  postEvidence,
  submitDispute,
  sweepDisputesAt,
} from "../support/disputes";
import { call, expectProblem } from "../support/http";
import { eventsFor } from "../support/processor-webhooks";
import { control } from "../support/sandbox";

// POST /v1/disputes/{id}/accept: the merchant concedes a dispute with the processor's documented accept call
// (POST /disputes/{dispute_id}/accept, `note` required), instead of contesting it with evidence.

const PROCESSOR_HEADERS = {
  Authorization: `Basic ${btoa(`${env.PROCESSOR_USERNAME}:${env.PROCESSOR_PASSWORD}`)}`,
  "Finix-Version": "2022-02-01",
};

/** The dispute as the sandbox processor holds it, with the note it was last answered with. */
async function atProcessor(processorDisputeId: string) {
  const response = await call(`/sandbox/processor/disputes/${processorDisputeId}`, { headers: PROCESSOR_HEADERS });
  return response.json<{ state: string; response_state: string; updated_at: string }>();
}

/** The processor's webhooks about one dispute the service received, with what it did with each. */
async function receipts(tenantId: string, processorDisputeId: string) {
  return (await shardOf(tenantId))
    .select({ type: processorWebhookReceipts.type, outcome: processorWebhookReceipts.outcome })
    .from(processorWebhookReceipts)
    .where(eq(processorWebhookReceipts.resourceId, processorDisputeId))
    .orderBy(asc(processorWebhookReceipts.receivedAt), asc(processorWebhookReceipts.type));
}

const disputeEvents = async (paymentId: string) =>
  (await eventsFor(paymentId)).filter((event) => event.type.startsWith("dispute.")).map((event) => JSON.parse(event.payload));

describe("POST /v1/disputes/{id}/accept", () => {
  it("accepts through the processor: accepted, lost, one dispute.updated; the processor's own webhook adds none", async () => {
    const { auth, tenantId, payment, dispute, processorDisputeId } = await disputedPayment({ name: "Accepting Co" });
    expect(dispute).toMatchObject({ acceptance: "none", acceptedAtUtc: null, acceptsResponse: true });

    const response = await acceptDispute(auth, dispute.lcDisputeId, { note: "Refunded the buyer by hand; not contesting." });
    expect(response.status).toBe(200);
    const accepted = await response.json<Dispute>();
    expect(accepted).toMatchObject({
      lcDisputeId: dispute.lcDisputeId,
      state: "lost",
      responseState: "accepted",
      acceptance: "accepted",
      acceptsResponse: false,
      submission: "none",
    });
    expect(Date.parse(accepted.acceptedAtUtc!)).toBeGreaterThan(Date.now() - 60_000);
    expect(await atProcessor(processorDisputeId)).toMatchObject({ response_state: "ACCEPTED", state: "LOST" });
    expect(await getDispute(auth, dispute.lcDisputeId)).toMatchObject({ acceptance: "accepted", responseState: "accepted" });
    // Lost: the payment stays disputed, and cannot be refunded.
    expect((await paymentOf(auth, payment.lcPaymentId)).status).toBe("disputed");

    const updated = (await disputeEvents(payment.lcPaymentId)).filter((event) => event.type === "dispute.updated");
    expect(updated).toHaveLength(1);
    expect(updated[0]).toMatchObject({
      lcPaymentId: payment.lcPaymentId,
      status: "disputed",
      dispute: { lcDisputeId: dispute.lcDisputeId, state: "lost", responseState: "accepted", submitted: false },
    });

    // The processor's dispute.updated about the same change arrives after its answer: recorded, and nothing more sent.
    await control("advance-clock", { seconds: 1 });
    const heard = await eventually(
      async () => (await receipts(tenantId, processorDisputeId)).filter((receipt) => receipt.type === "updated"),
      (found) => found.length > 0,
      4_000,
    );
    expect(heard.map((receipt) => receipt.outcome)).toEqual(["ignored"]);
    expect((await disputeEvents(payment.lcPaymentId)).filter((event) => event.type === "dispute.updated")).toHaveLength(1);
  });

  it("answers a second accept with the dispute as it stands: no second call to the processor, no second event", async () => {
    const { auth, payment, dispute, processorDisputeId } = await disputedPayment({ name: "Twice Accepting Co" });
    expect((await acceptDispute(auth, dispute.lcDisputeId)).status).toBe(200);
    const first = await atProcessor(processorDisputeId);

    // Were the processor called again, it would refuse: the dispute no longer takes a response there.
    const again = await acceptDispute(auth, dispute.lcDisputeId, { note: "again" });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ acceptance: "accepted", responseState: "accepted", state: "lost" });
    expect((await atProcessor(processorDisputeId)).updated_at).toBe(first.updated_at);
    expect((await disputeEvents(payment.lcPaymentId)).filter((event) => event.type === "dispute.updated")).toHaveLength(1);
  });

  it("sends the standard note without a body, and takes an inquiry too", async () => {
    const { auth, dispute } = await disputedPayment({ reason: "INQUIRY", name: "Inquiry Accepting Co" });
    const response = await acceptDispute(auth, dispute.lcDisputeId);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ acceptance: "accepted", responseState: "accepted" });
  });

  it("stops the evidence: a file not yet sent is canceled, and no evidence or submission is taken afterwards", async () => {
    const { auth, tenantId, dispute } = await disputedPayment({ name: "Evidence Then Accept Co" });
    // One file reached the processor; the next one's upload fails, so it waits in R2 for the sweep.
    expect((await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf("pdf", 800), "sent.pdf"))).status).toBe(201);
    await control("fault", { operation: "POST /disputes/{dispute_id}/evidence", kind: "error", status: 503, times: 1 });
    const waiting = await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf("pdf", 900), "waiting.pdf"));
    expect(waiting.status).toBe(201);
    expect((await waiting.json<{ state: string }>()).state).toBe("pending");

    expect((await acceptDispute(auth, dispute.lcDisputeId)).status).toBe(200);
    const after = await getDispute(auth, dispute.lcDisputeId);
    expect(after.evidence.map((file) => [file.fileName, file.state])).toEqual([
      ["sent.pdf", "processing"],
      ["waiting.pdf", "canceled"],
    ]);
    expect(after.evidence[1]!.failureMessage).toContain("accepted");

    // The sweep leaves the canceled file alone.
    await sweepDisputesAt(2 * 60 * 1000);
    expect((await getDispute(auth, dispute.lcDisputeId)).evidence[1]!.state).toBe("canceled");
    const canceled = await (
      await shardOf(tenantId)
    ).query.disputeEvidence.findFirst({
      columns: { uploadAttempts: true },
      where: and(eq(disputeEvidence.fileName, "waiting.pdf"), eq(disputeEvidence.disputeId, dispute.lcDisputeId)),
    });
    expect(canceled?.uploadAttempts).toBe(1);

    await expectProblem(
      await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf("pdf", 700), "late.pdf")),
      409,
      "dispute-accepted",
    );
    await expectProblem(await submitDispute(auth, dispute.lcDisputeId, { note: "too late" }), 409, "dispute-accepted");
  });

  it("keeps an acceptance whose answer was lost pending, refuses evidence meanwhile, and settles it from the sweep", async () => {
    const { auth, dispute } = await disputedPayment({ name: "Lost Accept Co" });
    await control("fault", { operation: "POST /disputes/{dispute_id}/accept", kind: "timeout-after", times: 1 });
    await expectProblem(await acceptDispute(auth, dispute.lcDisputeId), 504, "processor-timeout");
    expect(await getDispute(auth, dispute.lcDisputeId)).toMatchObject({ acceptance: "pending", acceptsResponse: false });
    // A retry meanwhile answers the pending acceptance; evidence and a submission are refused.
    expect(await (await acceptDispute(auth, dispute.lcDisputeId)).json()).toMatchObject({ acceptance: "pending" });
    await expectProblem(
      await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf("pdf", 700), "meanwhile.pdf")),
      409,
      "dispute-accepted",
    );
    await expectProblem(await submitDispute(auth, dispute.lcDisputeId), 409, "dispute-accepted");

    await sweepDisputesAt(2 * 60 * 1000);
    expect(await getDispute(auth, dispute.lcDisputeId)).toMatchObject({ acceptance: "accepted", responseState: "accepted" });
  });

  it("sends an acceptance the processor never got again from the sweep", async () => {
    const { auth, dispute, processorDisputeId } = await disputedPayment({ name: "Unsent Accept Co" });
    await control("fault", { operation: "POST /disputes/{dispute_id}/accept", kind: "timeout", times: 1 });
    await expectProblem(await acceptDispute(auth, dispute.lcDisputeId), 504, "processor-timeout");
    expect((await atProcessor(processorDisputeId)).response_state).toBe("NEEDS_RESPONSE");
    await sweepDisputesAt(2 * 60 * 1000);
    expect(await getDispute(auth, dispute.lcDisputeId)).toMatchObject({ acceptance: "accepted", responseState: "accepted" });
    expect((await atProcessor(processorDisputeId)).response_state).toBe("ACCEPTED");
  });
});
