import { z } from "zod";

declare global {
  interface Env {
    /**
     * Not in wrangler.toml: development sets it (`npm run dev -- --var CALLBACK_RETRY_SCALE:0.0001`) to watch the
     * callback retry ladder in seconds; validation refuses it in live.
     */
    CALLBACK_RETRY_SCALE?: string;
    /**
     * Not in wrangler.toml: how long after a tenant move pauses the tenant its flip waits at least, for every isolate's
     * cached key to expire (docs/scale.md, moving a tenant). Unset, the key cache's lifetime (KEY_CHECK_TTL_MS).
     */
    TENANT_MOVE_KEY_CACHE_MS?: string;
    /**
     * Not in wrangler.toml: minutes an unfinished tenant move may go without a step succeeding before the operator's list
     * and `/health/ready` call it stuck (docs/operations.md). Unset, 15.
     */
    TENANT_MOVE_STUCK_MINUTES?: string;
    /**
     * Not in wrangler.toml: how long one cron run may read the processor's change feeds when they are behind (default
     * 40 s, `FEED_RUN_BUDGET`); the tests lift it so that a run stops at its subrequest budget, whatever the machine's speed.
     */
    PROCESSOR_FEED_RUN_MS?: string;
    /**
     * Not in wrangler.toml: the subrequests one cron run's change feeds may spend (default 60,000, `FEED_RUN_BUDGET`),
     * raised or lowered with `limits.subrequests`; the tests lower it tenfold with their backlog.
     */
    PROCESSOR_FEED_RUN_SUBREQUESTS?: string;
  }
}

const required = z.string({ error: "is required" }).trim().min(1, "is required");
const url = required.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }));
const wholeNumber = required.regex(/^\d+$/, "must be a whole number");
const positiveNumber = required.regex(/^[1-9]\d*$/, "must be a positive whole number");
const region = required.regex(/^[a-z]{2,8}$/, "must be a region name such as us or eu");

/** SHARDS in wrangler.toml: each tenant shard's D1 binding, its region, and whether it takes new tenants. */
export const ShardsSchema = z.record(
  z.string().regex(/^DB_SHARD_[A-Z0-9_]+$/, "must name a D1 binding DB_SHARD_…"),
  z.object({ region, open: z.boolean() }).strict(),
  { error: "must map each shard's D1 binding to { region, open }" },
);
export type ShardConfig = z.infer<typeof ShardsSchema>;

/** What the Worker needs from its configuration; each entry names the rule a deployment broke. */
const EnvSchema = z
  .object({
    SERVICE_NAME: required,
    // Blank is unset (`--var BASE_URL:`), as absent: links then follow the request's origin.
    BASE_URL: z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), url.optional()),
    PROCESSOR_ENV: z.enum(["sandbox", "live"], { error: 'must be "sandbox" or "live"' }),
    PROCESSOR_BASE_URL: z.union([z.literal("builtin"), url], { error: 'must be "builtin" or the processor\'s https base URL' }),
    PROCESSOR_API_VERSION: required,
    PROCESSOR_TIMEOUT_MS: positiveNumber,
    PROCESSOR_CARD_PRESENT_TIMEOUT_MS: positiveNumber,
    PROCESSOR_READS_PER_SECOND: positiveNumber,
    PROCESSOR_WRITES_PER_SECOND: positiveNumber,
    PROCESSOR_RATE_MARGIN_PERCENT: wholeNumber.refine((percent) => Number(percent) < 100, "must be a whole number below 100"),
    PROCESSOR_BUSY_WAIT_MS: wholeNumber,
    PROCESSOR_APPLICATION_ID: required.regex(/^AP/, "must be the processor's application id (AP…)"),
    PROCESSOR_FEE_CREDIT_SOURCE: required.regex(/^PI/, "must be the platform's payment instrument id (PI…)"),
    CURRENCY: required.regex(/^[A-Z]{3}$/, "must be an ISO 4217 code such as USD"),
    DEFAULT_FEE_BASIS_POINTS: wholeNumber,
    DEFAULT_FEE_FIXED_CENTS: wholeNumber,
    EVENT_ARCHIVE_AFTER_DAYS: positiveNumber,
    DEFAULT_REGION: region,
    SHARDS: ShardsSchema.refine((shards) => Object.keys(shards).length > 0, "must list at least one shard"),
    JURISDICTIONS: z
      .string({ error: 'is required ("" for none)' })
      .regex(/^(?:(?:eu|fedramp)(?:,(?:eu|fedramp))*)?$/, 'must list Durable Object jurisdictions, "eu" or "fedramp", comma-separated'),
    ADMIN_SECRET: required,
    KEY_PEPPER: required,
    CALLBACK_SECRETS_KEY: required,
    PROCESSOR_USERNAME: required,
    PROCESSOR_PASSWORD: required,
    PROCESSOR_WEBHOOK_SIGNING_KEY: required,
    PROCESSOR_WEBHOOK_USERNAME: required,
    PROCESSOR_WEBHOOK_PASSWORD: required,
    CALLBACK_RETRY_SCALE: required
      .regex(/^\d*\.?\d+$/, "must be a number greater than 0 and at most 1, e.g. 0.0001")
      .refine((scale) => Number(scale) > 0 && Number(scale) <= 1, "must be a number greater than 0 and at most 1, e.g. 0.0001")
      .optional(),
    TENANT_MOVE_KEY_CACHE_MS: wholeNumber.optional(),
    TENANT_MOVE_STUCK_MINUTES: positiveNumber.optional(),
    PROCESSOR_FEED_RUN_MS: wholeNumber.optional(),
    PROCESSOR_FEED_RUN_SUBREQUESTS: positiveNumber.optional(),
  })
  .refine((env) => Object.values(env.SHARDS).some((shard) => shard.open && shard.region === env.DEFAULT_REGION), {
    path: ["DEFAULT_REGION"],
    message: "must be the region of a shard that takes new tenants (open in SHARDS)",
  })
  .refine((env) => !(env.PROCESSOR_ENV === "live" && env.PROCESSOR_BASE_URL === "builtin"), {
    path: ["PROCESSOR_BASE_URL"],
    message: 'must be the processor\'s live URL when PROCESSOR_ENV is "live", not "builtin"',
  })
  .refine((env) => !(env.PROCESSOR_ENV === "live" && !env.BASE_URL?.startsWith("https://")), {
    path: ["BASE_URL"],
    message: 'must be the public https:// origin of this service when PROCESSOR_ENV is "live" (merchants and the processor are sent there)',
  })
  .refine((env) => !(env.PROCESSOR_ENV === "live" && env.CALLBACK_RETRY_SCALE !== undefined), {
    path: ["CALLBACK_RETRY_SCALE"],
    message: 'is for development and sandboxes only: remove it when PROCESSOR_ENV is "live" (callbacks retry on the full schedule)',
  });

/** A deployment whose configuration is missing or malformed; the message names every variable at fault. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join("; ")}.`);
    this.name = "ConfigError";
  }
}

const validated = new WeakSet<object>();

const isBound = (value: unknown) => typeof value === "object" && value !== null;

/**
 * Checks the environment once per isolate (the same `env` object serves every request) and returns it; a missing or
 * malformed variable throws ConfigError naming it, so a bad deployment fails loudly instead of charging oddly.
 */
export function validateEnv(env: Env): Env {
  if (validated.has(env)) return env;
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join(".") || "(env)"} ${issue.message}`));
  }
  const unbound = Object.keys(result.data.SHARDS).filter((binding) => !isBound((env as unknown as Record<string, unknown>)[binding]));
  if (unbound.length > 0) throw new ConfigError(unbound.map((binding) => `SHARDS.${binding} has no D1 database bound as ${binding}`));
  validated.add(env);
  return env;
}
