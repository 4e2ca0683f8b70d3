/** ISO 8601 date-time with a zone: `Z` or `±HH:MM` (also `±HHMM`, `±HH`); any number of fractional-second digits. */
const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?([Zz]|[+-]\d{2}(?::?\d{2})?)$/;

function offsetMinutes(zone: string): number {
  if (zone === "Z" || zone === "z") return 0;
  const sign = zone.startsWith("-") ? -1 : 1;
  const digits = zone.slice(1).replace(":", "");
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || "0"));
}

/** The whole seconds (in epoch milliseconds, UTC) and the fractional digits of an ISO 8601 instant, or null. */
function parse(text: string | null | undefined): { wholeMs: number; fraction: string } | null {
  const match = text ? ISO_INSTANT.exec(text) : null;
  if (!match) return null;
  const [, year, month, day, hour, minute, second, fraction = "", zone] = match;
  const wholeMs = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  const check = new Date(wholeMs);
  if (
    Number.isNaN(wholeMs) ||
    check.getUTCMonth() !== Number(month) - 1 ||
    check.getUTCDate() !== Number(day) ||
    Number(hour) > 23 ||
    Number(minute) > 59 ||
    Number(second) > 59
  )
    return null;
  return { wholeMs: wholeMs - offsetMinutes(zone!) * 60_000, fraction };
}

/**
 * The instant an ISO 8601 timestamp names, in microseconds since the epoch (exact: it fits a double), or null when the
 * text is not a timestamp with a zone. Strings of different precision ("…54.6Z", "…54.66Z", "…54.660123Z") or zones
 * only order correctly as numbers.
 */
export function instantMicros(text: string | null | undefined): number | null {
  const parsed = parse(text);
  return parsed && parsed.wholeMs * 1000 + Number(parsed.fraction.padEnd(6, "0").slice(0, 6));
}

/** The first whole millisecond at or after the instant, whatever its precision: bounds on millisecond timestamps. */
export function ceilMillis(text: string): number | null {
  const parsed = parse(text);
  if (!parsed) return null;
  const millis = parsed.wholeMs + Number(parsed.fraction.padEnd(3, "0").slice(0, 3));
  return /[1-9]/.test(parsed.fraction.slice(3)) ? millis + 1 : millis;
}

/**
 * A bound as stored timestamps are written (UTC, milliseconds). Rounded up: a row at millisecond `t` is at or after
 * `from` exactly when `t` ≥ ⌈from⌉, and before `to` exactly when `t` < ⌈to⌉, whatever the bound's precision or offset.
 */
export function storedBound(instant: string): string {
  const millis = ceilMillis(instant);
  if (millis === null) throw new RangeError(`Not an ISO 8601 instant with a zone: ${instant}`);
  return new Date(millis).toISOString();
}
