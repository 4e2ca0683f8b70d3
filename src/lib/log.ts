/**
 * Tenant keys and callback signing secrets by their prefixes, percent-encoded too (`lc%5Flive%5F…`): a client that puts
 * one in a URL path or query must not have it written to the logs.
 */
const SECRETS: [RegExp, string][] = [
  [/lc(?:_|%5f)live(?:_|%5f)[A-Za-z0-9_%-]+/gi, "lc_live_[REDACTED]"],
  [/whsec(?:_|%5f)[A-Za-z0-9_%-]+/gi, "whsec_[REDACTED]"],
];

export function redactSecrets(text: string): string {
  return SECRETS.reduce((scrubbed, [pattern, replacement]) => scrubbed.replace(pattern, replacement), text);
}

function redacted(value: unknown): unknown {
  if (typeof value === "string") return redactSecrets(value);
  if (Array.isArray(value)) return value.map(redacted);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redacted(item)]));
  return value;
}

/** One structured JSON line per record; every string is scrubbed of keys and secrets before it is written. */
export function logEvent(level: "info" | "warn" | "error", message: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level, message, time: new Date().toISOString(), ...(redacted(fields) as Record<string, unknown>) });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}
