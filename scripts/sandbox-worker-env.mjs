// `npm run dev` runs two Workers in one `wrangler dev`: the service (wrangler.toml, first, so it is the one served on
// the port) and the sandbox processor (packages/sandbox-processor/wrangler.toml) behind its SANDBOX_PROCESSOR binding.
// wrangler hands `--var` and `--env-file` to the first Worker only; the sandbox reads its secrets and vars from the
// environment instead (its wrangler.toml declares them under `[secrets] required`), so it is given the values the
// service runs with here. The tests give the sandbox Worker the same, as bindings.
import path from "node:path";

import { unstable_readConfig } from "wrangler";

const root = path.join(import.meta.dirname, "..");

/** Relative to the repository root, where both scripts run wrangler. */
export const SANDBOX_CONFIG = "packages/sandbox-processor/wrangler.toml";
export const WORKER_CONFIGS = ["-c", "wrangler.toml", "-c", SANDBOX_CONFIG];

/** What the sandbox shares with the service: the processor credentials and the inbound webhook's key and credentials. */
const SHARED_SECRETS = [
  "PROCESSOR_USERNAME",
  "PROCESSOR_PASSWORD",
  "PROCESSOR_WEBHOOK_SIGNING_KEY",
  "PROCESSOR_WEBHOOK_USERNAME",
  "PROCESSOR_WEBHOOK_PASSWORD",
];

/**
 * The sandbox Worker's environment for `wrangler dev`: the service's secrets it shares (`secrets`, as read from the
 * service's `.dev.vars`), and the service's application id and BASE_URL if it has one (`--var` overrides, else the
 * service's wrangler.toml). Without BASE_URL the sandbox learns the service's origin from the service's calls.
 */
export function sandboxWorkerEnv({ secrets, varOverrides = {} }) {
  const { vars } = unstable_readConfig({ config: path.join(root, "wrangler.toml") });
  const env = {};
  for (const name of SHARED_SECRETS) if (secrets[name] !== undefined) env[name] = secrets[name];
  for (const name of ["BASE_URL", "PROCESSOR_APPLICATION_ID"]) {
    const value = varOverrides[name] ?? vars[name];
    if (value !== undefined) env[name] = String(value);
  }
  return env;
}

/** `--var NAME:value` arguments, as wrangler reads them. */
export function varArguments(args) {
  const overrides = {};
  for (let i = 0; i < args.length; i++) {
    const value = args[i] === "--var" ? args[i + 1] : args[i]?.startsWith("--var=") ? args[i].slice("--var=".length) : undefined;
    if (value?.includes(":")) overrides[value.slice(0, value.indexOf(":"))] = value.slice(value.indexOf(":") + 1);
  }
  return overrides;
}
