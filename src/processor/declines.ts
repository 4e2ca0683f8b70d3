import { processorErrorItems, ProcessorUnavailable, unexpectedAnswerError } from "./errors";
import { type Transfer, TransferSchema } from "./resources";
import type { Answer } from "./transport";
import type { TransferOutcome } from "./types";

export const DECLINE_STATUS = 402;
const FALLBACK_CODE = "DECLINED";
const FALLBACK_MESSAGE = "The payment was declined.";
/**
 * 402 codes that say the processor could not reach the card network or bank, not that the buyer's bank said no
 * (its error codes: `DECLINED` is final, `UPSTREAM_PROCESSOR_ERROR` is not): the transfer may or may not exist.
 */
const TRANSIENT_DECLINE_CODES = new Set(["UPSTREAM_PROCESSOR_ERROR"]);

/** The declined transfer, when the 402 answer carries one that reads as a transfer (the processor does not document that it does). */
function embeddedTransfer(body: unknown): Transfer | null {
  const transfer = (body as { _embedded?: { transfers?: unknown[] } } | null)?._embedded?.transfers?.[0];
  const read = TransferSchema.safeParse(transfer);
  return read.success ? read.data : null;
}

/**
 * Reads the answer to a sale: a 402, or a created transfer whose state is FAILED, is a decline. The
 * transfer's own failure_code wins over the 402's error code (the processor says to use failure_code).
 */
export function saleOutcome(answer: Answer<unknown>, operation: string): TransferOutcome {
  if (answer.status === DECLINE_STATUS) {
    const transfer = embeddedTransfer(answer.body);
    const [error] = processorErrorItems(answer.body);
    if (error && TRANSIENT_DECLINE_CODES.has(error.code)) {
      throw new ProcessorUnavailable(`The processor could not complete ${operation} (${error.code}); its outcome is unknown.`, {
        outcomeUnknown: true,
      });
    }
    return {
      outcome: "declined",
      failureCode: transfer?.failure_code || error?.code || FALLBACK_CODE,
      failureMessage: transfer?.failure_message || error?.message || FALLBACK_MESSAGE,
      transfer,
    };
  }
  const read = TransferSchema.safeParse(answer.body);
  if (!read.success) throw unexpectedAnswerError(operation, answer.status, read.error.issues);
  const transfer = read.data;
  if (transfer.state === "FAILED") {
    return {
      outcome: "declined",
      failureCode: transfer.failure_code || FALLBACK_CODE,
      failureMessage: transfer.failure_message || FALLBACK_MESSAGE,
      transfer,
    };
  }
  return { outcome: "created", transfer };
}
