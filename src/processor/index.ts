import { ApiError } from "../lib/problem";
import { createProcessorClient, type ProcessorClient, type ProcessorClientConfig } from "./client";
import { DEFAULT_TIMEOUT_MS } from "./transport";
import type { Environment } from "./types";

export { CARD_PRESENT_TIMEOUT_MS, createProcessorClient, type ProcessorClient, type ProcessorClientConfig } from "./client";
export { isOutcomeUnknown, type ProcessorErrorItem } from "./errors";
export { paginate } from "./pagination";
export type { ProcessorFetch } from "./transport";
export type * from "./types";

/** The built-in sandbox answers at this origin, through the SANDBOX_PROCESSOR service binding (the origin only shapes its links). */
export const BUILTIN_SANDBOX_BASE_URL = "https://sandbox.processor.internal";
const BUILTIN = "builtin";

function environmentOf(env: Env): Environment {
  const environment = env.PROCESSOR_ENV;
  if (environment !== "sandbox" && environment !== "live") {
    throw new ApiError("internal-error", `PROCESSOR_ENV must be "sandbox" or "live", not "${environment}".`);
  }
  if (environment === "live" && env.PROCESSOR_BASE_URL === BUILTIN) {
    throw new ApiError("internal-error", "PROCESSOR_ENV=live needs the processor's live base URL, not the built-in sandbox.");
  }
  return environment;
}

function timeoutOf(env: Env): number {
  const timeoutMs = Number(env.PROCESSOR_TIMEOUT_MS);
  return Number.isFinite(timeoutMs) && timeoutMs > 0 ? timeoutMs : DEFAULT_TIMEOUT_MS;
}

/**
 * Configuration alone picks the target: PROCESSOR_BASE_URL=builtin is the sandbox processor Worker, reached through
 * the SANDBOX_PROCESSOR service binding; any other value is the processor itself
 * (https://finix.sandbox-payments-api.com or https://finix.live-payments-api.com).
 */
export function processorConfig(env: Env): ProcessorClientConfig {
  const builtin = env.PROCESSOR_BASE_URL === BUILTIN;
  const sandbox = builtin ? env.SANDBOX_PROCESSOR : undefined;
  if (builtin && !sandbox) {
    throw new ApiError(
      "internal-error",
      'PROCESSOR_BASE_URL=builtin needs the SANDBOX_PROCESSOR service binding to the sandbox processor Worker ("payment-connect-sandbox"); this deployment has none.',
    );
  }
  return {
    baseUrl: builtin ? BUILTIN_SANDBOX_BASE_URL : env.PROCESSOR_BASE_URL,
    username: env.PROCESSOR_USERNAME,
    password: env.PROCESSOR_PASSWORD,
    apiVersion: env.PROCESSOR_API_VERSION,
    applicationId: env.PROCESSOR_APPLICATION_ID,
    environment: environmentOf(env),
    timeoutMs: timeoutOf(env),
    fetch: sandbox ? (request) => sandbox.fetch(request) : (request) => fetch(request),
  };
}

export function processorClient(env: Env): ProcessorClient {
  return createProcessorClient(processorConfig(env));
}
