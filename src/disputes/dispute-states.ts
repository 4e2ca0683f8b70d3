import { ApiError } from "../lib/problem";
import type { DisputeRecord, DisputeState, ResponseState } from "./disputes.schema";

const STATES: Record<string, DisputeState> = { INQUIRY: "inquiry", PENDING: "open", WON: "won", LOST: "lost" };
const RESPONSE_STATES: Record<string, ResponseState> = {
  NEEDS_RESPONSE: "needs_response",
  RESPONDED: "responded",
  ACCEPTED: "accepted",
  NO_RESPONSE_ALLOWED: "no_response_allowed",
};

/** The processor's INQUIRY, PENDING, WON, LOST as inquiry, open, won, lost; anything new reads as open. */
export const disputeStateOf = (state: string | undefined): DisputeState => STATES[state ?? ""] ?? "open";

/** The processor's response_state, lower-cased; its sandbox answers UNKNOWN. */
export const responseStateOf = (state: string | undefined | null): ResponseState => RESPONSE_STATES[state ?? ""] ?? "unknown";

/** A dispute that is decided no longer holds its payment's money in question. */
export const isDecided = (state: DisputeState) => state === "won" || state === "lost";

/**
 * Whether the merchant may still answer: evidence and one submission are taken while the dispute is undecided, the
 * processor wants (or does not say it does not want) a response, nothing was submitted or accepted, and `respondBy`
 * has not passed. Accepting is the other answer: once the merchant accepted (here or at the processor), nothing more.
 */
export function responseWindow(dispute: DisputeRecord, nowMs: number): "open" | "submitted" | "accepted" | "closed" {
  if (dispute.submission !== "none") return "submitted";
  if (dispute.acceptance !== "none") return "accepted";
  if (isDecided(dispute.state)) return "closed";
  if (dispute.responseState === "accepted") return "accepted";
  if (dispute.responseState !== "needs_response" && dispute.responseState !== "unknown") return "closed";
  if (dispute.respondBy && Date.parse(dispute.respondBy) <= nowMs) return "closed";
  return "open";
}

/** Evidence and a submission are taken only while the dispute's response window is open. */
export function assertTakesResponse(dispute: DisputeRecord, nowMs: number): void {
  const window = responseWindow(dispute, nowMs);
  if (window === "submitted") {
    throw new ApiError(
      "dispute-already-submitted",
      `Dispute ${dispute.id} was already submitted: it takes no more evidence and no second submission.`,
    );
  }
  if (window === "accepted") {
    throw new ApiError("dispute-accepted", `Dispute ${dispute.id} was accepted: it takes no evidence and no submission.`, {
      extensions: { state: dispute.state, responseState: dispute.responseState, acceptance: dispute.acceptance },
    });
  }
  if (window === "closed") {
    throw new ApiError(
      "dispute-closed",
      dispute.respondBy && Date.parse(dispute.respondBy) <= nowMs
        ? `Dispute ${dispute.id} had to be answered by ${dispute.respondBy}.`
        : `Dispute ${dispute.id} is ${dispute.state} (${dispute.responseState}); it takes no response.`,
      { extensions: { state: dispute.state, responseState: dispute.responseState, respondBy: dispute.respondBy } },
    );
  }
}
