/** Time as the services see it: one source per request, queue batch or cron run, so tests and sweeps can fix it. */
export type Clock = {
  nowMs(): number;
  nowIso(): string;
};

export function clockAt(fixedMs?: number): Clock {
  const nowMs = fixedMs === undefined ? () => Date.now() : () => fixedMs;
  return { nowMs, nowIso: () => new Date(nowMs()).toISOString() };
}
