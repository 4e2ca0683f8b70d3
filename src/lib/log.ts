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

type Level = "info" | "warn" | "error";

function write(level: Level, line: string): void {
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

/** One structured JSON line per record; every string is scrubbed of keys and secrets before it is written. */
export function logEvent(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  write(level, JSON.stringify({ level, message, time: new Date().toISOString(), ...(redacted(fields) as Record<string, unknown>) }));
}

export type RequestRecord = {
  traceId: string;
  method: string;
  path: string;
  query: string;
  status: number;
  durationMs: number;
  tenantId: string | undefined;
};

/**
 * The one line every request writes, built without walking its fields: of them only the path and the query come from
 * the client as free text, so only they can carry a key or a secret and only they are scrubbed.
 */
export function logRequest(level: Level, { traceId, method, path, query, status, durationMs, tenantId }: RequestRecord): void {
  write(
    level,
    JSON.stringify({
      level,
      message: "request",
      time: new Date().toISOString(),
      traceId,
      method,
      path: redactSecrets(path),
      query: query ? redactSecrets(query) : undefined,
      status,
      durationMs,
      tenantId,
    }),
  );
}
