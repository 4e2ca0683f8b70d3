import type { z } from "zod";

import { processorErrorItems, ProcessorUnavailable, unexpectedAnswerError } from "./errors";
import type { Answer } from "./transport";
import type { ChargeOutcome } from "./types";

export const DECLINE_STATUS = 402;
const FALLBACK_CODE = "DECLINED";
const FALLBACK_MESSAGE = "The payment was declined.";
/**
 * 402 codes that say the processor could not reach the card network or bank, not that the buyer's bank said no
 * (its error codes: `DECLINED` is final, `UPSTREAM_PROCESSOR_ERROR` is not): the transfer may or may not exist.
 */
const TRANSIENT_DECLINE_CODES = new Set(["UPSTREAM_PROCESSOR_ERROR"]);

type Charged = { state: string; failure_code?: string | null; failure_message?: string | null };

/**
 * Reads the answer to a charge (a sale's transfer or a hold's authorization): a 402, or a created item whose state is
 * FAILED, is a decline. The item's own failure_code wins over the 402's error code (the processor says to use
 * failure_code). A 402 may carry the declined item under `_embedded` (the processor does not document that it does).
 */
export function chargeOutcome<T extends Charged>(
  answer: Answer<unknown>,
  operation: string,
  schema: z.ZodType<T>,
  plural: string,
): ChargeOutcome<T> {
  if (answer.status === DECLINE_STATUS) {
    const read = schema.safeParse((answer.body as { _embedded?: Record<string, unknown[]> } | null)?._embedded?.[plural]?.[0]);
    const item = read.success ? read.data : null;
    const [error] = processorErrorItems(answer.body);
    if (error && TRANSIENT_DECLINE_CODES.has(error.code)) {
      throw new ProcessorUnavailable(`The processor could not complete ${operation} (${error.code}); its outcome is unknown.`, {
        outcomeUnknown: true,
      });
    }
    return {
      outcome: "declined",
      failureCode: item?.failure_code || error?.code || FALLBACK_CODE,
      failureMessage: item?.failure_message || error?.message || FALLBACK_MESSAGE,
      item,
    };
  }
  const read = schema.safeParse(answer.body);
  if (!read.success) throw unexpectedAnswerError(operation, answer.status, read.error.issues);
  const item = read.data;
  if (item.state === "FAILED") {
    return {
      outcome: "declined",
      failureCode: item.failure_code || FALLBACK_CODE,
      failureMessage: item.failure_message || FALLBACK_MESSAGE,
      item,
    };
  }
  return { outcome: "created", item };
}
