import { callSandbox } from "./edge";

export { SandboxProcessor, type ControlResult } from "./state/sandbox.durable-object";
export { sandboxControl, SandboxControlError, sandboxObject, type SandboxControl } from "./edge";
export { sandboxRouter } from "./router";

/**
 * The built-in sandbox processor as a `fetch` function: its REST API at the root of any origin, called
 * in-process with real Request/Response objects (the origin only shapes the `_links` in its answers).
 *
 * @example
 * const processorFetch = sandboxProcessorFetch(env);
 * await processorFetch(new Request("https://sandbox.processor.internal/transfers/TR…", { headers: { Authorization, "Finix-Version": "2022-02-01" } }));
 */
export function sandboxProcessorFetch(env: Env): (request: Request) => Promise<Response> {
  return (request) => {
    const url = new URL(request.url);
    return callSandbox(env, request, { pathAndQuery: url.pathname + url.search, publicBase: url.origin }, "in-process");
  };
}
