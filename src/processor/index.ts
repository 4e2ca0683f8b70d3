import { sandboxProcessorFetch } from "../sandbox";
import { createProcessorClient, type ProcessorClient } from "./client";

export { createProcessorClient, CARD_PRESENT_TIMEOUT_MS, type ProcessorClient, type ProcessorClientConfig } from "./client";
export { isOutcomeUnknown } from "./errors";
export type * from "./types";

/** The built-in sandbox answers at this origin, in-process (a Worker cannot reliably fetch its own URL). */
export const BUILTIN_SANDBOX_BASE_URL = "https://sandbox.processor.internal";

/** Configuration alone decides the target: the built-in sandbox, the processor's real sandbox, or live. */
export function processorClient(env: Env): ProcessorClient {
  const builtin = env.PROCESSOR_BASE_URL === "builtin";
  return createProcessorClient({
    baseUrl: builtin ? BUILTIN_SANDBOX_BASE_URL : env.PROCESSOR_BASE_URL,
    username: env.PROCESSOR_USERNAME,
    password: env.PROCESSOR_PASSWORD,
    apiVersion: env.PROCESSOR_API_VERSION,
    timeoutMs: Number(env.PROCESSOR_TIMEOUT_MS),
    fetch: builtin ? sandboxProcessorFetch(env) : (request) => fetch(request),
  });
}
