/** Time as the services see it: one source per request, queue batch or cron run, so tests and sweeps can fix it. */
export type Clock = {
  nowMs(): number;
  nowIso(): string;
};

export function clockAt(fixedMs?: number): Clock {
  const nowMs = fixedMs === undefined ? () => Date.now() : () => fixedMs;
  return { nowMs, nowIso: () => new Date(nowMs()).toISOString() };
}

/**
 * A timestamp as an ISO 8601 UTC instant with milliseconds, so stored timestamps compare as instants: the processor's
 * precision varies ("…03.73Z" and "…03.730Z" are the same moment). `fallback` when the value is not a timestamp.
 */
export function isoInstant(value: string | null | undefined, fallback: string): string {
  const parsed = value ? Date.parse(value) : NaN;
  return Number.isNaN(parsed) ? fallback : new Date(parsed).toISOString();
}
