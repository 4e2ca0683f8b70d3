import { ApiError } from "../lib/problem";
import type { ProcessorErrorItem } from "./types";

/** Marks a processor failure after which the request may or may not have been applied (timeout, drop, 5xx). */
const OUTCOME_UNKNOWN = "outcomeUnknown";

export function isOutcomeUnknown(error: unknown): boolean {
  return error instanceof ApiError && error.extensions[OUTCOME_UNKNOWN] === true;
}

export function processorErrorItems(body: unknown): ProcessorErrorItem[] {
  const errors = (body as { _embedded?: { errors?: unknown } } | null)?._embedded?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.map((item: Record<string, unknown>) => ({
    code: typeof item.code === "string" ? item.code : "UNKNOWN",
    message: typeof item.message === "string" ? item.message : "",
    ...(typeof item.field === "string" ? { field: item.field } : {}),
  }));
}

/** Maps a processor HTTP failure to the service's one error type; credentials and internals never reach the body. */
export function errorForStatus(status: number, body: unknown, operation: string): ApiError {
  const items = processorErrorItems(body);
  const first = items[0];
  if ([400, 404, 409, 422].includes(status)) {
    return new ApiError("processor-rejected", first?.message || `The processor rejected ${operation}.`, {
      extensions: { code: first?.code ?? "UNPROCESSABLE", processorErrors: items },
    });
  }
  if (status === 401 || status === 403) {
    return new ApiError("processor-error", "The service could not authenticate with the processor.", { extensions: { [OUTCOME_UNKNOWN]: false } });
  }
  return new ApiError("processor-error", `The processor failed ${operation} (HTTP ${status}).`, { extensions: { [OUTCOME_UNKNOWN]: true } });
}

export function timeoutError(operation: string): ApiError {
  return new ApiError("processor-timeout", `The processor did not answer ${operation} in time.`, { extensions: { [OUTCOME_UNKNOWN]: true } });
}

export function connectionError(operation: string): ApiError {
  return new ApiError("processor-error", `The connection to the processor failed during ${operation}.`, { extensions: { [OUTCOME_UNKNOWN]: true } });
}
