/** `/sandbox/*` at the service's origin: the sandbox processor Worker behind its service binding, with authenticated controls;
 * and the controls the service asks for one merchant itself (the dashboard's simulated tap). */
export { merchantSandboxControl, sandboxControlsAvailable } from "./merchant-control";
export { SANDBOX_SERVICE_ORIGIN_HEADER, default as sandboxProxyRouter } from "./sandbox-proxy.router";
