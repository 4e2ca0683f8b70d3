import { and, inArray, or, type SQL, sql } from "drizzle-orm";

import { ApiError } from "../lib/problem";
import { DISPUTE_STATES, type DisputeRecord, disputes, type DisputeState, type ResponseState } from "./disputes.schema";

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

/** The processor wants a response, or does not say it does not want one. */
const RESPONSE_WANTED: ResponseState[] = ["needs_response", "unknown"];

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
  if (!RESPONSE_WANTED.includes(dispute.responseState)) return "closed";
  if (dispute.respondBy && Date.parse(dispute.respondBy) <= nowMs) return "closed";
  return "open";
}

/**
 * `responseWindow` is "open", over a disputes row in SQL, for reads that must not fetch every dispute: the deadline by
 * SQLite's `julianday` (respond_by is stored as the processor wrote it; one SQLite cannot read is left to the caller,
 * who checks each row with `responseWindow` itself).
 */
export const responseWindowOpenSql = (nowIso: string): SQL =>
  and(
    // Unary + keeps these tests off disputes_submission and disputes_acceptance (every tenant's disputes): a query with
    // the tenant finds its undecided disputes, which are few, on disputes_tenant_state_created.
    sql`+${disputes.submission} = 'none'`,
    sql`+${disputes.acceptance} = 'none'`,
    inArray(
      disputes.state,
      DISPUTE_STATES.filter((state) => !isDecided(state)),
    ),
    inArray(disputes.responseState, RESPONSE_WANTED),
    or(
      sql`${disputes.respondBy} IS NULL`,
      sql`julianday(${disputes.respondBy}) IS NULL`,
      sql`julianday(${disputes.respondBy}) > julianday(${nowIso})`,
    ),
  )!;

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
