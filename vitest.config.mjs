import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { unstable_readConfig } from "wrangler";
import { sandboxWorkerEnv } from "./scripts/sandbox-worker-env.mjs";
import { processorOpenApiModules } from "./test/support/processor-openapi.mjs";
import { TestFileOrder } from "./test/support/project-order.mjs";
import { SANDBOX_CONFIG_PATH } from "./test/support/sandbox-bundle.mjs";
import { sandboxWorker } from "./test/support/sandbox-worker.mjs";

const root = import.meta.dirname;

// Every test's state is thrown away at its end, so it lives in memory when the machine has a tmpfs: the pool's workerd
// and every `wrangler dev` a test starts keep their SQLite files under the temporary directory, and on disk each commit
// waits for its sync (measured on two cores, the workers project alone: 173 s on disk, 122 s in memory).
if (process.platform === "linux" && existsSync("/dev/shm")) process.env.TMPDIR = "/dev/shm";

/** Secrets the tests run with; real deployments set their own with `wrangler secret put`. */
export const TEST_SECRETS = {
  ADMIN_SECRET: "test-admin-secret",
  KEY_PEPPER: "test-key-pepper",
  PROCESSOR_USERNAME: "UStestPaymentConnect",
  PROCESSOR_PASSWORD: "test-processor-password",
  PROCESSOR_WEBHOOK_SIGNING_KEY: "a".repeat(64),
  PROCESSOR_WEBHOOK_USERNAME: "processor-webhook",
  PROCESSOR_WEBHOOK_PASSWORD: "test-webhook-password",
  CALLBACK_SECRETS_KEY: "test-callback-secrets-key",
};

/**
 * The tests run with BASE_URL configured, as a deployment does (wrangler.toml sets none for local development): links
 * and the local-callback policy follow it. Tests of the origin taken from the request unset it.
 */
const TEST_BASE_URL = "http://localhost:8787";

/**
 * The tenant shards of wrangler.toml (two in the default region, as `npm run dev` runs) and one more of a second
 * region, so placement by region is tested too.
 */
const TEST_SHARDS = {
  ...unstable_readConfig({ config: path.join(root, "wrangler.toml") }).vars.SHARDS,
  DB_SHARD_EU_1: { region: "eu", open: true },
};

/** What the sandbox processor shares with the service: the processor credentials and the inbound webhook's key and credentials. */
const SANDBOX_SECRETS = Object.fromEntries(Object.entries(TEST_SECRETS).filter(([name]) => name.startsWith("PROCESSOR_")));
// The sandbox's wrangler.toml lists these under `[secrets] required`; reading it, wrangler looks for them in the
// environment and warns when they are absent. The tests' values are bound below either way.
for (const [name, value] of Object.entries(SANDBOX_SECRETS)) process.env[name] ??= value;

export default defineConfig({
  test: {
    silent: "passed-only",
    // Half again as many files at once as cores (3 on two): a file spends most of its time in workerd, wrangler dev or
    // Chromium, and many wait on timers (timeouts, retries, a rate limit's refill) with nothing running, so one file per
    // core left a core unused a fifth of the time (the whole run, measured: 453 s at two files at once, 408 s at three).
    maxWorkers: Math.ceil(availableParallelism() * 1.5),
    // Ends the run with each project's wall time and its counts of tests and assertions.
    reporters: ["default", "./test/support/project-times.mjs"],
    sequence: { sequencer: TestFileOrder },
    projects: [
      {
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: path.join(root, "wrangler.toml") },
            miniflare: {
              bindings: {
                ...TEST_SECRETS,
                BASE_URL: TEST_BASE_URL,
                // Short enough that timeout tests finish quickly, long enough for a loaded CI machine.
                PROCESSOR_TIMEOUT_MS: "1500",
                // A buyer in the tests acts within seconds; a longer wait is a timeout whose sale is found again.
                PROCESSOR_CARD_PRESENT_TIMEOUT_MS: "4000",
                // A call the processor's rate limit holds up answers 503 processor-busy after this long in the tests.
                PROCESSOR_BUSY_WAIT_MS: "1500",
                TEST_MIGRATIONS: await readD1Migrations(path.join(root, "migrations")),
                TEST_SHARD_MIGRATIONS: await readD1Migrations(path.join(root, "shard-migrations")),
                SHARDS: TEST_SHARDS,
                // A move's flip waits out other isolates' key caches: the tests run in one isolate, which the move tells at once.
                TENANT_MOVE_KEY_CACHE_MS: "0",
                // The feed tests count cron runs, not seconds: a run's change feeds stop at its subrequest budget however
                // slow the machine is, never at the 40 s a deployment gives them.
                PROCESSOR_FEED_RUN_MS: "900000",
                // A tenth of a deployment's budget, for backlogs a tenth of the size: the same runs, a tenth of the work.
                PROCESSOR_FEED_RUN_SUBREQUESTS: "6000",
              },
              d1Databases: {
                DB_SHARD_EU_1: "shard-eu-1",
              },
              // The sandbox processor Worker behind the SANDBOX_PROCESSOR binding; its webhooks come back to the
              // service under test (the plugin names it after this project).
              workers: [
                sandboxWorker({
                  bindings: sandboxWorkerEnv({ secrets: TEST_SECRETS, varOverrides: { BASE_URL: TEST_BASE_URL } }),
                  serviceName: "vitest-plugin-runner-workers",
                }),
              ],
            },
          })),
          processorOpenApiModules(),
        ],
        test: {
          name: "workers",
          // Each test drives workerd, its sandbox and several databases; on a machine whose cores are shared it may take
          // several times its usual second. What it asserts is behaviour: speed targets live in `npm run bench`.
          testTimeout: 20_000,
          // A file reuses its Vitest worker's workerd instead of starting one of its own (most of a small file's time);
          // test/workers/setup/fresh-storage.ts gives it the empty databases and sandbox a new workerd would.
          isolate: false,
          include: ["test/workers/**/*.test.ts"],
          globalSetup: ["test/support/sandbox-bundle.mjs"],
          setupFiles: ["test/workers/setup/fresh-storage.ts", "test/support/count-assertions.mjs"],
        },
      },
      {
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: SANDBOX_CONFIG_PATH },
            miniflare: {
              bindings: { ...SANDBOX_SECRETS, BASE_URL: TEST_BASE_URL },
              // The service the sandbox's webhooks go to, as a stand-in that accepts them; the real service receiving
              // them is tested in the `workers` project.
              workers: [
                {
                  name: "payment-connect",
                  modules: true,
                  compatibilityDate: "2026-11-01",
                  script: "export default { fetch: () => new Response(null, { status: 204 }) };",
                },
              ],
            },
          })),
          processorOpenApiModules(),
        ],
        test: {
          name: "sandbox-processor",
          include: ["packages/sandbox-processor/test/**/*.test.ts"],
          // As in the workers project: a test may take several times its usual second on a machine whose cores are shared.
          testTimeout: 20_000,
          // A file reuses its Vitest worker's workerd; packages/sandbox-processor/test/support/fresh-sandbox.ts resets the
          // sandbox a new workerd would have started empty.
          isolate: false,
          setupFiles: ["packages/sandbox-processor/test/support/fresh-sandbox.ts", "test/support/count-assertions.mjs"],
        },
      },
      {
        test: {
          name: "node",
          environment: "node",
          // A file runs in its worker's process after the one before it instead of a process of its own (0.7 s a file to
          // start): the files share no module state but their own, and none stubs a global or the environment.
          isolate: false,
          include: ["test/node/**/*.test.mjs"],
          globalSetup: ["test/support/chromium.mjs", "test/support/migrated-state.mjs", "test/support/dev-servers.mjs"],
          setupFiles: ["test/support/count-assertions.mjs"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
