/** A charge or refund younger than this may still be running in its own request; the sweep first looks at it then. */
export const RECONCILE_AFTER_MS = 2 * 60 * 1000;
/** A charge or refund the processor never saw by then was abandoned by its caller. */
export const ABANDON_AFTER_MS = 60 * 60 * 1000;
/** The longest wait between two looks at a row the processor has not settled: charges it has no word on end up here. */
export const MAX_CHECK_INTERVAL_MS = 60 * 60 * 1000;
const FIRST_RETRY_MS = 60 * 1000;
/**
 * A debit the processor holds as PENDING (an ACH debit waits days on the banks) is looked at this often: its webhook says
 * when it moves, and the cron's read of the processor's changes finds it if that webhook is lost.
 */
export const PENDING_TRANSFER_RECHECK_MS = 24 * 60 * 60 * 1000;

/**
 * After the `attempts`-th look that settled nothing: 1, 2, 4, … minutes, capped at an hour, so rows the processor keeps
 * pending make way for newer ones.
 */
export function nextCheckAt(nowMs: number, attempts: number): string {
  const delay = Math.min(FIRST_RETRY_MS * 2 ** Math.min(Math.max(attempts - 1, 0), 20), MAX_CHECK_INTERVAL_MS);
  return new Date(nowMs + delay).toISOString();
}

export function firstCheckAt(createdAtMs: number): string {
  return new Date(createdAtMs + RECONCILE_AFTER_MS).toISOString();
}
