export { sandboxProcessorFetch, sandboxProcessor } from "./transport";
export { SandboxProcessor } from "./sandbox-processor";
export { default as sandboxRouter } from "./sandbox.routes";
