/** `/sandbox/*` at the service's origin: the sandbox processor Worker behind its service binding, with authenticated controls;
 * and the controls the service asks for one merchant itself (the dashboard's simulated tap). */
export { default as sandboxProxyRouter, SANDBOX_SERVICE_ORIGIN_HEADER } from "./sandbox-proxy.router";
export { merchantSandboxControl, sandboxControlsAvailable } from "./merchant-control";
