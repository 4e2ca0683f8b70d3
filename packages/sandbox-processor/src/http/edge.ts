import type { ControlName, ControlResult, SandboxControls } from "../resources/controls";
import { FAULT_HEADER, LATENCY_HEADER } from "../resources/faults";
import { PUBLIC_BASE_HEADER, VIA_SITE_HEADER } from "./rest/app";

/** A hung call is given up by the sandbox itself only after the processor's own longest wait. */
const MAX_HANG_MS = 6 * 60 * 1000;

/** The sandbox's Durable Object as the edge sees it: its REST API (`fetch`) and its controls (`control`, over RPC). */
export type SandboxObject = {
  fetch(request: Request): Promise<Response>;
  control(name: ControlName, args: unknown[], serviceOrigin?: string): Promise<ControlResult<unknown>>;
};

/** Settles with the work, or rejects with the signal's reason (e.g. the caller's TimeoutError) as soon as it aborts. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function gatewayTimeout(): Response {
  const body = {
    total: 1,
    _embedded: { errors: [{ code: "GATEWAY_TIMEOUT", message: "The sandbox held this call as long as the processor would." }] },
  };
  return new Response(JSON.stringify(body), { status: 504, headers: { "Content-Type": "application/hal+json" } });
}

/** Over HTTP a reset connection is a response whose body fails after the headers went out. */
function brokenResponse(): Response {
  return new Response(new ReadableStream({ start: (controller) => controller.error(new Error("sandbox fault: connection dropped")) }), {
    status: 200,
  });
}

/** Where the call goes (path and query), the base its links use, and whether it came through `/sandbox/processor`. */
type Target = { pathAndQuery: string; publicBase: string; viaSite?: boolean };

/** `in-process`: the caller holds the `fetch` function itself (tests); `http`: the caller is across a binding or the network. */
type Transport = "in-process" | "http";

/**
 * Hands one REST call to the sandbox and plays out the fault knobs that only the caller's side can: latency,
 * a call that never answers (until the caller's signal aborts) and a dropped connection (in-process: the
 * `TypeError` a reset socket gives `fetch`; over HTTP: a body that fails after the headers, which a client
 * reads as a lost connection).
 */
export async function callSandbox(
  object: Pick<SandboxObject, "fetch">,
  request: Request,
  target: Target,
  transport: Transport,
): Promise<Response> {
  try {
    return await playOut(object, request, target, transport);
  } catch (error) {
    // Across a binding, a caller that gave up is gone: no one reads this answer, and its abort is no error here.
    if (transport === "http" && request.signal.aborted) return new Response(null, { status: 499 });
    throw error;
  }
}

async function playOut(object: Pick<SandboxObject, "fetch">, request: Request, target: Target, transport: Transport): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.set(PUBLIC_BASE_HEADER, target.publicBase);
  if (target.viaSite) headers.set(VIA_SITE_HEADER, "1");
  else headers.delete(VIA_SITE_HEADER);
  const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
  const inner = new Request(`https://sandbox.internal${target.pathAndQuery}`, { method: request.method, headers, body });
  const response = await untilAborted(object.fetch(inner), request.signal);

  const latencyMs = Number(response.headers.get(LATENCY_HEADER) ?? 0);
  if (latencyMs > 0) await untilAborted(sleep(latencyMs), request.signal);
  const fault = response.headers.get(FAULT_HEADER);
  if (fault === "timeout") {
    await response.body?.cancel();
    await untilAborted(sleep(MAX_HANG_MS), request.signal);
    return gatewayTimeout();
  }
  if (fault === "drop") {
    await response.body?.cancel();
    if (transport === "in-process") throw new TypeError("Network connection lost.");
    return brokenResponse();
  }
  const outHeaders = new Headers(response.headers);
  outHeaders.delete(LATENCY_HEADER);
  return new Response(response.body, { status: response.status, headers: outHeaders });
}

export class SandboxControlError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "SandboxControlError";
  }
}

/** The sandbox's control surface for a caller: each method resolves to its value or throws SandboxControlError. */
export type SandboxControl = {
  [K in ControlName]: (...args: Parameters<SandboxControls[K]>) => Promise<Awaited<ReturnType<SandboxControls[K]>>>;
};

function unwrap<T>(result: ControlResult<T>): T {
  if (result.ok) return result.value;
  throw new SandboxControlError(result.status, result.code, result.message, result.field);
}

/** Typed methods over the object's one `control(name, args)` RPC method; `serviceOrigin` is what the service said it is. */
export function sandboxControl(object: Pick<SandboxObject, "control">, serviceOrigin?: string): SandboxControl {
  return new Proxy({} as SandboxControl, {
    // Not a thenable: awaiting the control object itself must not turn into an RPC call.
    get: (_target, name) =>
      typeof name !== "string" || name === "then"
        ? undefined
        : async (...args: unknown[]) => unwrap(await object.control(name as ControlName, args, serviceOrigin)),
  });
}
