/** `/sandbox/*` at the service's origin: the sandbox processor Worker behind its service binding, with authenticated controls. */
export { default as sandboxProxyRouter, SANDBOX_SERVICE_ORIGIN_HEADER } from "./sandbox-proxy.router";
