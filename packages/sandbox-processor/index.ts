/**
 * The sandbox processor Worker: its one entry and public surface. The service never imports this package; it reaches
 * the Worker through its SANDBOX_PROCESSOR service binding (see README.md). As a Worker entry, this module exports
 * only the fetch handler and the Durable Object class (every value a Worker's main module exports is an entrypoint).
 */
import { createSandboxHttp } from "./src/http/app";
import { objectOf } from "./src/worker/object";

export type { SandboxControl } from "./src/http/edge";
export type { ControlResult, OnboardingPage } from "./src/resources/controls";
export { SandboxProcessor } from "./src/worker/durable-object";

export default { fetch: createSandboxHttp(objectOf) } satisfies ExportedHandler<SandboxEnv>;
