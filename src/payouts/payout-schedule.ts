import type { Settlement, Transfer } from "../processor";
import type { PayoutStatus } from "./payouts.schema";

/** The processor's funding cut-off: approvals after 4 PM Pacific time count from the next business day. */
const CUTOFF_HOUR = 16;
const PACIFIC = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/Los_Angeles",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  hourCycle: "h23",
});
const DAY_MS = 86_400_000;

const isWeekend = (dayMs: number) => [0, 6].includes(new Date(dayMs).getUTCDay());

function nextBusinessDay(dayMs: number): number {
  let next = dayMs + DAY_MS;
  while (isWeekend(next)) next += DAY_MS;
  return next;
}

/**
 * When the money of a funding transfer created at `initiatedAt` reaches the bank: one business day after the day it
 * counts for, which is the Pacific-time day it was created, or the next business day when that is a weekend or the
 * transfer came after the 4 PM cut-off (Friday → Monday; Friday evening, Saturday, Sunday → Tuesday). Bank holidays are
 * not known to the service.
 */
export function expectedArrivalDate(initiatedAt: string): string {
  const parts = Object.fromEntries(PACIFIC.formatToParts(new Date(initiatedAt)).map((part) => [part.type, part.value]));
  const pacificDay = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day));
  const countsFor = isWeekend(pacificDay) || Number(parts.hour) >= CUTOFF_HOUR ? nextBusinessDay(pacificDay) : pacificDay;
  return new Date(nextBusinessDay(countsFor)).toISOString().slice(0, 10);
}

/** The payout's status from the settlement's and its funding transfer's. */
export function payoutStatus(settlement: Pick<Settlement, "status" | "net_amount">, funding: Transfer | null): PayoutStatus {
  if (settlement.status === "PENDING") return "accruing";
  if (settlement.status !== "APPROVED") return "awaiting_approval";
  if (!funding) return settlement.net_amount === 0 ? "paid" : "approved";
  if (funding.state === "SUCCEEDED") return "paid";
  if (funding.state === "FAILED" || funding.state === "CANCELED") return "failed";
  return "approved";
}

/** Not final: the processor may still change these. */
export const OPEN_STATUSES: PayoutStatus[] = ["accruing", "awaiting_approval", "approved"];

/** How far along each status is: a re-pull that read an older answer never moves a payout back. */
export const STATUS_PROGRESS: Record<PayoutStatus, number> = { accruing: 0, awaiting_approval: 1, approved: 2, paid: 3, failed: 3 };
