/**
 * Seconds until a retry can find finished the work another request is doing. Each processor call it makes answers within
 * `callBoundMs`, so it is done that long after it began, or — still running, so on a further call — within another
 * `callBoundMs`; never later than its lease, after which work that crashed is taken over.
 */
export function retryAfterSeconds({
  startedAtMs,
  leaseEndsAtMs,
  callBoundMs,
  nowMs,
}: {
  startedAtMs: number;
  leaseEndsAtMs: number;
  callBoundMs: number;
  nowMs: number;
}): number {
  const runningForMs = nowMs - startedAtMs;
  const untilAnsweredMs = runningForMs < callBoundMs ? callBoundMs - runningForMs : callBoundMs;
  return Math.max(1, Math.ceil(Math.min(untilAnsweredMs, leaseEndsAtMs - nowMs) / 1000));
}
