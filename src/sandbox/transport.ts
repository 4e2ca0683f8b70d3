import { TRANSPORT_FAULT_HEADER } from "./sandbox-processor";

export function sandboxProcessor(env: Env) {
  return env.SANDBOX_PROCESSOR.get(env.SANDBOX_PROCESSOR.idFromName("sandbox"));
}

function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}

/**
 * The processor's REST API served in-process by the sandbox, with real Request/Response objects; fault
 * knobs become real transport failures here: a hang until the caller's timeout, or a reset connection.
 */
export function sandboxProcessorFetch(env: Env): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const forwarded = new Request(`https://sandbox.processor.internal${url.pathname}${url.search}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    });
    const aborted = untilAborted(request.signal);
    const response = await Promise.race([sandboxProcessor(env).fetch(forwarded), aborted]);
    const fault = response.headers.get(TRANSPORT_FAULT_HEADER);
    if (fault === "timeout") return aborted;
    if (fault === "drop") throw new TypeError("Network connection lost.");
    return response;
  };
}
