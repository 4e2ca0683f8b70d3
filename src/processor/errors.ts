import { ApiError } from "../lib/problem";

/** One item of the processor's error body `{ total, _embedded: { errors: [...] } }`, as far as a tenant may see it. */
export type ProcessorErrorItem = { code: string; field?: string; message: string };

const OUTCOME_UNKNOWN = "outcomeUnknown";

/** HTTP statuses whose processor error codes and messages describe the request itself, so the tenant may see them. */
const REJECTION_STATUSES = new Set([400, 402, 404, 409, 422]);

/**
 * True when the processor may have applied the request (timeout, dropped connection, 5xx, unreadable 2xx):
 * a transfer may exist, so look it up by its idempotency_id before retrying or failing the payment.
 * False for definite answers (4xx, 429): nothing was applied.
 */
export function isOutcomeUnknown(error: unknown): boolean {
  return error instanceof ApiError && error.extensions[OUTCOME_UNKNOWN] === true;
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

/** Maps a non-2xx answer to the service's one error type; credentials and internals never reach the message. */
export function errorForStatus(status: number, body: unknown, operation: string): ApiError {
  if (REJECTION_STATUSES.has(status)) {
    const items = processorErrorItems(body);
    const first = items[0];
    return new ApiError("processor-rejected", first?.message || `The processor rejected ${operation} (HTTP ${status}).`, {
      extensions: { code: first?.code ?? "UNKNOWN", processorErrors: items, [OUTCOME_UNKNOWN]: false },
    });
  }
  if (status === 401 || status === 403) {
    return new ApiError("processor-error", `The processor refused the service's credentials for ${operation} (HTTP ${status}).`, {
      extensions: { [OUTCOME_UNKNOWN]: false },
    });
  }
  if (status === 429) {
    return new ApiError("processor-error", `The processor is rate limiting the service; ${operation} was not applied.`, {
      extensions: { [OUTCOME_UNKNOWN]: false },
    });
  }
  return new ApiError("processor-error", `The processor failed ${operation} (HTTP ${status}).`, {
    extensions: { [OUTCOME_UNKNOWN]: status >= 500 },
  });
}

/** A transfer that is not a sale (an adjustment) failed at the processor: nothing moved. */
export function failedTransferError(failureCode: string, failureMessage: string): ApiError {
  return new ApiError("processor-rejected", failureMessage, {
    extensions: { code: failureCode, processorErrors: [{ code: failureCode, message: failureMessage }], [OUTCOME_UNKNOWN]: false },
  });
}

export function timeoutError(operation: string, timeoutMs: number): ApiError {
  return new ApiError("processor-timeout", `The processor did not answer ${operation} within ${timeoutMs} ms; its outcome is unknown.`, {
    extensions: { [OUTCOME_UNKNOWN]: true },
  });
}

export function connectionLostError(operation: string): ApiError {
  return new ApiError("processor-error", `The connection to the processor was lost during ${operation}; its outcome is unknown.`, {
    extensions: { [OUTCOME_UNKNOWN]: true },
  });
}

/** A 2xx whose body cannot be read: the processor acted, but the service cannot tell on what. */
export function unreadableAnswerError(operation: string, status: number): ApiError {
  return new ApiError(
    "processor-error",
    `The processor's answer to ${operation} (HTTP ${status}) could not be read; its outcome is unknown.`,
    {
      extensions: { [OUTCOME_UNKNOWN]: true },
    },
  );
}

export function repeatedCursorError(cursor: string): ApiError {
  return new ApiError("processor-error", `The processor returned the page cursor ${cursor} twice.`, {
    extensions: { [OUTCOME_UNKNOWN]: false },
  });
}
