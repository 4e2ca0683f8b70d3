import { ApiError } from "../../../src/lib/problem";
import { createProcessorClient } from "../../../src/processor";
import { FAKE_API_VERSION, FAKE_BASE_URL, FAKE_CREDENTIALS, fakeProcessor, type ProcessorCall, type Reply } from "./fake-processor";
import * as fixtures from "./processor-fixtures";
import { IDS } from "./processor-fixtures";

// Helpers shared by the processor client tests (test/workers/processor/).

export type Respond = (call: ProcessorCall) => Reply | Promise<Reply>;

export function clientFor(
  respond: Respond,
  options: { timeoutMs?: number; busyWaitMs?: number; fetch?: (request: Request) => Promise<Response> } = {},
) {
  const processor = fakeProcessor(respond);
  const client = createProcessorClient({
    baseUrl: FAKE_BASE_URL,
    ...FAKE_CREDENTIALS,
    apiVersion: FAKE_API_VERSION,
    applicationId: fixtures.APPLICATION_ID,
    environment: "sandbox",
    timeoutMs: options.timeoutMs,
    busyWaitMs: options.busyWaitMs,
    fetch: options.fetch ?? processor.fetch,
  });
  return { client, processor };
}

export async function rejectionOf(promise: Promise<unknown>): Promise<ApiError> {
  const outcome = await promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!("error" in outcome)) throw new Error(`expected a rejection, got ${JSON.stringify(outcome.value)}`);
  if (!(outcome.error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(outcome.error)}`);
  return outcome.error;
}

export const never = () => new Promise<Response>(() => {});
export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const saleRequest = {
  merchant: IDS.merchant,
  source: IDS.card,
  amount: 6031,
  currency: "USD",
  fee: 603,
  idempotency_id: "lcpay_01",
  tags: { lc_payment_id: "lcpay_01" },
};

export const linkDetails = {
  return_url: "https://connect.example.com/onboarding/return",
  expired_session_url: "https://connect.example.com/onboarding/expired",
  terms_of_service_url: "https://connect.example.com/terms",
  fee_details_url: "https://connect.example.com/fees",
};
