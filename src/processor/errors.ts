import { ApiError } from "../lib/problem";

/** One item of the processor's error body `{ total, _embedded: { errors: [...] } }`, as far as a tenant may see it. */
export type ProcessorErrorItem = { code: string; field?: string; message: string };

/** HTTP statuses whose processor error codes and messages describe the request itself, so the tenant may see them. */
const REJECTION_STATUSES = new Set([400, 402, 404, 409, 422]);

/**
 * The processor answered and refused the request (4xx about the request itself, or a failed adjustment): nothing was
 * applied. Its codes and messages describe the request, so the tenant may see them (`processor-rejected`, 422).
 */
export class ProcessorRejected extends ApiError {
  readonly code: string;
  readonly processorErrors: ProcessorErrorItem[];

  constructor(message: string, items: ProcessorErrorItem[]) {
    const code = items[0]?.code ?? "UNKNOWN";
    super("processor-rejected", message, { extensions: { code, processorErrors: items, outcomeUnknown: false } });
    this.name = "ProcessorRejected";
    this.code = code;
    this.processorErrors = items;
  }
}

/**
 * The processor could not be reached or failed. `outcomeUnknown` is true when it may have applied the request (timeout,
 * dropped connection, 5xx, unreadable 2xx): a transfer may exist, so look it up by its idempotency_id before retrying or
 * failing the payment; false for definite refusals of the service itself (credentials, 429): nothing was applied.
 */
export class ProcessorUnavailable extends ApiError {
  readonly outcomeUnknown: boolean;

  constructor(message: string, options: { outcomeUnknown: boolean; timedOut?: boolean; retryAfterSeconds?: number }) {
    const { outcomeUnknown, timedOut, retryAfterSeconds } = options;
    const busy = retryAfterSeconds !== undefined;
    super(busy ? "processor-busy" : timedOut ? "processor-timeout" : "processor-error", message, {
      extensions: busy ? { outcomeUnknown, retryAfterSeconds } : { outcomeUnknown },
      headers: busy ? { "Retry-After": String(retryAfterSeconds) } : {},
    });
    this.name = "ProcessorUnavailable";
    this.outcomeUnknown = outcomeUnknown;
  }
}

/**
 * The processor's rate limit (its 429, or the platform's budget for its one credential) kept a call from being sent
 * within the caller's wait: nothing was applied, so the same request — same `idempotency_id` — may be sent again after
 * `retryAfterMs` (`processor-busy`, 503 with `Retry-After`).
 */
export class ProcessorBusy extends ProcessorUnavailable {
  readonly retryAfterMs: number;

  constructor(operation: string, retryAfterMs: number) {
    const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    super(`The processor's rate limit for the platform is reached; ${operation} was not sent. Retry in ${retryAfterSeconds} s.`, {
      outcomeUnknown: false,
      retryAfterSeconds,
    });
    this.name = "ProcessorBusy";
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * A sweep's handler of one item's failure: the processor's rate limit stops the sweep's turn (the next run resumes where
 * it stopped, leaving the budget to merchants meanwhile); any other failure is the item's alone, and `log`ged.
 */
export function unlessBusy(log: (error: unknown) => void): (error: unknown) => void {
  return (error) => {
    if (error instanceof ProcessorBusy) throw error;
    log(error);
  };
}

/** True when the processor may have applied the request; see `ProcessorUnavailable`. */
export function isOutcomeUnknown(error: unknown): error is ProcessorUnavailable {
  return error instanceof ProcessorUnavailable && error.outcomeUnknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function embeddedErrors(body: unknown): Record<string, unknown>[] {
  const errors = isRecord(body) && isRecord(body._embedded) ? body._embedded.errors : undefined;
  return Array.isArray(errors) ? errors.filter(isRecord) : [];
}

export function processorErrorItems(body: unknown): ProcessorErrorItem[] {
  return embeddedErrors(body).map((item) => ({
    code: typeof item.code === "string" ? item.code : "UNKNOWN",
    ...(typeof item.field === "string" ? { field: item.field } : {}),
    message: typeof item.message === "string" ? item.message : "",
  }));
}

/** The processor's correlation ids; its OpenAPI models `logref` as `{ logref }`, its answers send a plain string. */
export function processorLogrefs(body: unknown): string[] {
  return embeddedErrors(body).flatMap(({ logref }) => {
    if (typeof logref === "string") return [logref];
    if (isRecord(logref) && typeof logref.logref === "string") return [logref.logref];
    return [];
  });
}

/**
 * `Retry-After` in milliseconds (delta-seconds or an HTTP date), null when absent or unreadable. The processor's
 * reference documents no rate-limit headers; one sent is honoured.
 */
export function retryAfterMs(header: string | null, nowMs: number): number | null {
  if (header === null || header.trim() === "") return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

/** Maps a non-2xx answer to a typed error; credentials and internals never reach the message. */
export function errorForStatus(status: number, body: unknown, operation: string): ProcessorRejected | ProcessorUnavailable {
  if (REJECTION_STATUSES.has(status)) {
    const items = processorErrorItems(body);
    return new ProcessorRejected(items[0]?.message || `The processor rejected ${operation} (HTTP ${status}).`, items);
  }
  if (status === 401 || status === 403) {
    return new ProcessorUnavailable(`The processor refused the service's credentials for ${operation} (HTTP ${status}).`, {
      outcomeUnknown: false,
    });
  }
  return new ProcessorUnavailable(`The processor failed ${operation} (HTTP ${status}).`, { outcomeUnknown: status >= 500 });
}

/** A transfer that is not a sale (an adjustment) failed at the processor: nothing moved. */
export function failedTransferError(failureCode: string, failureMessage: string): ProcessorRejected {
  return new ProcessorRejected(failureMessage, [{ code: failureCode, message: failureMessage }]);
}

export function timeoutError(operation: string, timeoutMs: number): ProcessorUnavailable {
  return new ProcessorUnavailable(`The processor did not answer ${operation} within ${timeoutMs} ms; its outcome is unknown.`, {
    outcomeUnknown: true,
    timedOut: true,
  });
}

export function connectionLostError(operation: string): ProcessorUnavailable {
  return new ProcessorUnavailable(`The connection to the processor was lost during ${operation}; its outcome is unknown.`, {
    outcomeUnknown: true,
  });
}

/** A 2xx whose body cannot be read: the processor acted, but the service cannot tell on what. */
export function unreadableAnswerError(operation: string, status: number): ProcessorUnavailable {
  return new ProcessorUnavailable(`The processor's answer to ${operation} (HTTP ${status}) could not be read; its outcome is unknown.`, {
    outcomeUnknown: true,
  });
}

/**
 * A 2xx whose resource the service cannot act on: a field it acts on is missing or holds a value it has never seen. The
 * processor acted, so the outcome is unknown; the message names each field and, for an unknown enum value, the value.
 */
export function unexpectedAnswerError(operation: string, status: number, issues: readonly { path: PropertyKey[]; message: string }[]) {
  const fields = issues.map((issue) => `${issue.path.map(String).join(".") || "(body)"}: ${issue.message}`).join("; ");
  return new ProcessorUnavailable(
    `The processor's answer to ${operation} (HTTP ${status}) could not be read (${fields}); its outcome is unknown.`,
    { outcomeUnknown: true },
  );
}

export function repeatedCursorError(cursor: string): ProcessorUnavailable {
  return new ProcessorUnavailable(`The processor returned the page cursor ${cursor} twice.`, { outcomeUnknown: false });
}
