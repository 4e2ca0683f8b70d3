import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;

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

export default defineConfig({
  test: {
    silent: "passed-only",
    projects: [
      {
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: path.join(root, "wrangler.toml") },
            miniflare: {
              bindings: {
                ...TEST_SECRETS,
                // Short enough that timeout tests finish quickly, long enough for a loaded CI machine.
                PROCESSOR_TIMEOUT_MS: "1500",
                TEST_MIGRATIONS: await readD1Migrations(path.join(root, "migrations")),
              },
            },
          })),
        ],
        test: {
          name: "workers",
          include: ["test/workers/**/*.test.ts"],
          globalSetup: ["test/support/processor-openapi.mjs"],
          setupFiles: ["test/workers/setup/apply-migrations.ts"],
        },
      },
      {
        test: {
          name: "node",
          environment: "node",
          include: ["test/node/**/*.test.mjs"],
          globalSetup: ["test/support/chromium.mjs"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
