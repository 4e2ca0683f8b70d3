// The node tests' helpers, in one place: a test imports them from here rather than keeping its own copy. The browser
// tests' own helpers are in dashboard-browser.mjs; the benchmark and the soak import the modules named here directly.
export { startCallbackReceiver } from "./callback-receiver.mjs";
export { devSecrets, freePort, startDevServer } from "./dev-server.mjs";
export { sharedDevServer } from "./dev-servers.mjs";
export { cardToken, chargeableTenant, control } from "./sandbox-flows.mjs";
export { waitFor } from "./wait-for.mjs";
