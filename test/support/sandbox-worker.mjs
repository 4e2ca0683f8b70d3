// The sandbox processor Worker (packages/sandbox-processor) for the `workers` project, where it runs beside the service
// as an auxiliary Worker. Auxiliary Workers are given to the Vitest plugin as built scripts, not as wrangler configs:
// test/support/sandbox-bundle.mjs bundles it the way `wrangler deploy` would, and `sandboxWorker()` describes it from
// its wrangler.toml.

import { unstable_readConfig } from "wrangler";

import { SANDBOX_BUNDLE, SANDBOX_CONFIG_PATH } from "./sandbox-bundle.mjs";

/**
 * Miniflare options for the sandbox Worker: its bindings as in its wrangler.toml, `bindings` over its vars (what it
 * shares with the service under test: see scripts/sandbox-worker-env.mjs), and its SERVICE binding pointed at
 * `serviceName` (the service under test).
 */
export function sandboxWorker({ bindings, serviceName }) {
  const config = unstable_readConfig({ config: SANDBOX_CONFIG_PATH });
  return {
    name: config.name,
    modules: true,
    scriptPath: SANDBOX_BUNDLE,
    compatibilityDate: config.compatibility_date,
    compatibilityFlags: config.compatibility_flags,
    bindings: { ...config.vars, ...bindings },
    durableObjects: Object.fromEntries(
      config.durable_objects.bindings.map((binding) => [binding.name, { className: binding.class_name, useSQLite: true }]),
    ),
    serviceBindings: Object.fromEntries(config.services.map((service) => [service.binding, serviceName])),
  };
}
