import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { disputes } from "../../../src/disputes/disputes.schema";
import { shardOf } from "../support/db";
import {
  acceptDispute,
  disputedPayment,
  evidenceForm,
  fileOf,
  getDispute,
  postEvidence,
  submitDispute,
  sweepDisputesAt,
} from "../support/disputes";
import { call, expectProblem } from "../support/http";
import { eventsFor } from "../support/processor-webhooks";
import { control } from "../support/sandbox";

const PROCESSOR_HEADERS = {
  Authorization: `Basic ${btoa(`${env.PROCESSOR_USERNAME}:${env.PROCESSOR_PASSWORD}`)}`,
  "Finix-Version": "2022-02-01",
};

const processorResponseState = async (processorDisputeId: string) =>
  (
    await (
      await call(`/sandbox/processor/disputes/${processorDisputeId}`, { headers: PROCESSOR_HEADERS })
    ).json<{ response_state: string }>()
  ).response_state;

describe("POST /v1/disputes/{id}/accept: refused", () => {
  it("refuses a submitted dispute (409): a dispute is answered once, and the processor is not asked", async () => {
    const { auth, dispute, processorDisputeId } = await disputedPayment({ name: "Submitted Then Accept Co" });
    expect((await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf("pdf", 600), "r.pdf"))).status).toBe(201);
    expect((await submitDispute(auth, dispute.lcDisputeId, { note: "see receipt" })).status).toBe(200);
    const problem = await expectProblem(await acceptDispute(auth, dispute.lcDisputeId), 409, "dispute-already-submitted");
    expect(problem.detail).toContain(dispute.lcDisputeId);
    expect(await getDispute(auth, dispute.lcDisputeId)).toMatchObject({ acceptance: "none", submission: "submitted" });
    expect(await processorResponseState(processorDisputeId)).toBe("RESPONDED");
  });

  it("answers 404 for another tenant's dispute, as for a missing one, and changes nothing", async () => {
    const owner = await disputedPayment({ name: "Owner Of The Dispute Co" });
    const intruder = await disputedPayment({ name: "Intruding Co" });
    const before = await getDispute(owner.auth, owner.dispute.lcDisputeId);
    await expectProblem(await acceptDispute(intruder.auth, owner.dispute.lcDisputeId, { note: "mine now" }), 404, "not-found");
    await expectProblem(await acceptDispute(intruder.auth, "lcdsp_doesnotexist00"), 404, "not-found");
    expect(await getDispute(owner.auth, owner.dispute.lcDisputeId)).toEqual(before);
    expect(await processorResponseState(owner.processorDisputeId)).toBe("NEEDS_RESPONSE");
    expect((await eventsFor(owner.payment.lcPaymentId)).filter((event) => event.type === "dispute.updated")).toEqual([]);
  });

  it("refuses a decided dispute and one past respondBy (409 dispute-closed)", async () => {
    const won = await disputedPayment({ name: "Won Then Accept Co" });
    await control("resolve-dispute", { id: won.processorDisputeId, outcome: "WON" }, won.auth);
    await expectProblem(await acceptDispute(won.auth, won.dispute.lcDisputeId), 409, "dispute-closed");

    const late = await disputedPayment({ name: "Late Accept Co" });
    await (
      await shardOf(late.tenantId)
    )
      .update(disputes)
      .set({ respondBy: new Date(Date.now() - 60_000).toISOString() })
      .where(eq(disputes.id, late.dispute.lcDisputeId));
    await expectProblem(await acceptDispute(late.auth, late.dispute.lcDisputeId), 409, "dispute-closed");
    expect(await processorResponseState(late.processorDisputeId)).toBe("NEEDS_RESPONSE");
  });

  it("gives the acceptance back when the processor refuses it or fails, so it can be made again", async () => {
    const { auth, dispute } = await disputedPayment({ name: "Refused Accept Co" });
    await control("fault", {
      operation: "POST /disputes/{dispute_id}/accept",
      kind: "error",
      status: 422,
      code: "INVALID_FIELD",
      times: 1,
    });
    await expectProblem(await acceptDispute(auth, dispute.lcDisputeId), 422, "processor-rejected");
    expect(await getDispute(auth, dispute.lcDisputeId)).toMatchObject({ acceptance: "none", acceptsResponse: true });

    expect((await acceptDispute(auth, dispute.lcDisputeId)).status).toBe(200);
    expect((await getDispute(auth, dispute.lcDisputeId)).acceptance).toBe("accepted");
  });

  it("keeps an acceptance the processor failed on (5xx: it may have taken it) for the sweep, which sends it again", async () => {
    const { auth, dispute, processorDisputeId } = await disputedPayment({ name: "Failing Accept Co" });
    await control("fault", { operation: "POST /disputes/{dispute_id}/accept", kind: "error", status: 500, times: 1 });
    const problem = await expectProblem(await acceptDispute(auth, dispute.lcDisputeId), 502, "processor-error");
    expect(problem.outcomeUnknown).toBe(true);
    expect((await getDispute(auth, dispute.lcDisputeId)).acceptance).toBe("pending");
    expect(await processorResponseState(processorDisputeId)).toBe("NEEDS_RESPONSE");
    await sweepDisputesAt(2 * 60 * 1000);
    expect((await getDispute(auth, dispute.lcDisputeId)).acceptance).toBe("accepted");
    expect(await processorResponseState(processorDisputeId)).toBe("ACCEPTED");
  });

  it("refuses a bad body (400) or media type (415), accepting nothing", async () => {
    const { auth, dispute } = await disputedPayment({ name: "Bad Accept Body Co" });
    await expectProblem(await acceptDispute(auth, dispute.lcDisputeId, { note: "" }), 400, "validation-failed");
    await expectProblem(await acceptDispute(auth, dispute.lcDisputeId, { note: "x", evidence: [] }), 400, "validation-failed");
    await expectProblem(await acceptDispute(auth, dispute.lcDisputeId, { note: "x".repeat(2001) }), 400, "validation-failed");
    await expectProblem(
      await call(`/v1/disputes/${dispute.lcDisputeId}/accept`, {
        method: "POST",
        headers: { ...auth, "Content-Type": "text/plain" },
        body: "accept",
      }),
      415,
      "unsupported-media-type",
    );
    await expectProblem(await acceptDispute(auth, "not-a-dispute"), 400, "validation-failed");
    expect((await getDispute(auth, dispute.lcDisputeId)).acceptance).toBe("none");
  });
});
