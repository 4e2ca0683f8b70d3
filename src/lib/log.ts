import { AsyncLocalStorage } from "node:async_hooks";

import { hex, randomBytes } from "./crypto";
import { redactSecrets } from "./redact";

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

const SEVERITY: Record<Level, number> = { info: 0, warn: 1, error: 2 };

/** What a request's one line carries besides the request itself; `written` once that line is out. */
export type RequestDetails = { level: Level; details: Record<string, unknown>[]; written: boolean };

/** The unit of work being logged: a request (whose line gathers what it records), or a queue batch, cron run or alarm. */
type Trace = { traceId: string; request: RequestDetails | null };

const currentTrace = new AsyncLocalStorage<Trace>();

/** Runs a request's work so that what `logEvent` records during it lands on the request's line, which carries `traceId`. */
export function withRequestDetails<T>(traceId: string, work: () => T): { details: RequestDetails; result: T } {
  const details: RequestDetails = { level: "info", details: [], written: false };
  return { details, result: currentTrace.run({ traceId, request: details }, work) };
}

/**
 * Runs work done outside any request (a queue batch, a cron run, a Durable Object's alarm) under a trace id of its own,
 * or the one a caller passed along, so each of its lines — every processor call's among them — carries it.
 */
export function withTrace<T>(work: () => T, traceId: string = hex(randomBytes(16))): T {
  return currentTrace.run({ traceId, request: null }, work);
}

/** The trace the current work runs under, to hand to work that runs elsewhere (a Durable Object). */
export const currentTraceId = (): string | undefined => currentTrace.getStore()?.traceId;

/**
 * One structured record; every string is scrubbed of keys and secrets first. Made while serving a request (a processor
 * call, a webhook's outcome, a rate limit), it goes on that request's line, so a request costs one line; outside a
 * request (a queue batch, a cron run), or after its line is out (work left running after the response), it is a JSON
 * line of its own, with the trace id of the work it belongs to.
 */
export function logEvent(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  const trace = currentTrace.getStore();
  const request = trace?.request;
  if (request && !request.written) {
    request.details.push({ message, ...(redacted(fields) as Record<string, unknown>) });
    if (SEVERITY[level] > SEVERITY[request.level]) request.level = level;
    return;
  }
  const traceId = trace?.traceId;
  write(
    level,
    JSON.stringify({ level, message, time: new Date().toISOString(), traceId, ...(redacted(fields) as Record<string, unknown>) }),
  );
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
 * the client as free text, so only they can carry a key or a secret and only they are scrubbed (the details were
 * scrubbed when recorded; no header is written). The line's level is the worse of the status's and its details'.
 */
export function logRequest(
  statusLevel: Level,
  { traceId, method, path, query, status, durationMs, tenantId }: RequestRecord,
  request: RequestDetails,
): void {
  request.written = true;
  const level = SEVERITY[request.level] > SEVERITY[statusLevel] ? request.level : statusLevel;
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
      details: request.details.length > 0 ? request.details : undefined,
    }),
  );
}
