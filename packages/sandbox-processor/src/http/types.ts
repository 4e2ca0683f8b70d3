import type { SandboxControl, SandboxObject } from "./edge";

/** Every HTTP handler of the sandbox worker: its bindings, the Durable Object and its controls, and the request's trace id. */
export type HttpEnv = {
  Bindings: SandboxEnv;
  Variables: { object: SandboxObject; control: SandboxControl; traceId: string };
};
