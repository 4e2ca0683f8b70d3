import { callSandbox, type SandboxControl, sandboxControl as controlOf, type SandboxObject } from "../http/edge";
import type { SandboxProcessor } from "./durable-object";

/** One sandbox per processor application id: everything the service sees lives in that one object. */
export function sandboxObject(env: SandboxEnv): DurableObjectStub<SandboxProcessor> {
  return env.SANDBOX.get(env.SANDBOX.idFromName(env.PROCESSOR_APPLICATION_ID));
}

/** The object as the HTTP layer uses it: its REST API and its `control` RPC method. */
export function objectOf(env: SandboxEnv): SandboxObject {
  return sandboxObject(env);
}

/** The controls, called in-process over RPC: typed methods that resolve to their value or throw SandboxControlError. */
export function sandboxControl(env: SandboxEnv): SandboxControl {
  return controlOf(objectOf(env));
}

/**
 * The REST API as a `fetch` function called in-process with real Request/Response objects (at the root of any
 * origin, which only shapes the `_links`). A dropped-connection fault rejects like a reset socket (`TypeError`),
 * where over the service binding it is a response whose body fails.
 *
 * @example
 * const processorFetch = sandboxProcessorFetch(env);
 * await processorFetch(new Request("https://sandbox.processor.internal/transfers/TR…", { headers: { Authorization, "Finix-Version": "2022-02-01" } }));
 */
export function sandboxProcessorFetch(env: SandboxEnv): (request: Request) => Promise<Response> {
  return (request) => {
    const url = new URL(request.url);
    return callSandbox(objectOf(env), request, { pathAndQuery: url.pathname + url.search, publicBase: url.origin }, "in-process");
  };
}
