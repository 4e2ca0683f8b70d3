import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createApp } from "../../../src/app";
import { createContext } from "../../../src/context";
import { database } from "../../../src/db/client";
import { clockAt } from "../../../src/lib/clock";
import { ConfigError, validateEnv } from "../../../src/lib/env";
import { events } from "../../../src/outbox/events.schema";
import { createOutbox } from "../../../src/outbox/outbox";
import { publicUrl } from "../../../src/platform/context";
import { controlDb } from "../support/db";
import { expectProblem, tenantWithKey } from "../support/http";

describe("environment validation", () => {
  it("accepts the test configuration", () => {
    expect(validateEnv(env)).toBe(env);
  });

  it("accepts no BASE_URL, or a blank one, outside live: links then come from the request's origin", () => {
    for (const BASE_URL of [undefined, "", "  "]) {
      const local = { ...env, BASE_URL };
      expect(validateEnv(local)).toBe(local);
      expect(createContext(local, { requestUrl: "http://127.0.0.1:9100/v1/meta" }).publicOrigin).toBe("http://127.0.0.1:9100");
    }
  });

  it.each([
    ["a missing secret", { KEY_PEPPER: undefined }, "KEY_PEPPER is required"],
    ["an empty secret", { ADMIN_SECRET: "  " }, "ADMIN_SECRET is required"],
    ["an unknown processor environment", { PROCESSOR_ENV: "production" }, 'PROCESSOR_ENV must be "sandbox" or "live"'],
    ["the built-in sandbox in live", { PROCESSOR_ENV: "live" }, "PROCESSOR_BASE_URL must be the processor's live URL"],
    ["a base URL that is not a URL", { BASE_URL: "localhost:8787" }, "BASE_URL must be an http(s) URL"],
    [
      "a base URL that is not https in live",
      { PROCESSOR_ENV: "live", PROCESSOR_BASE_URL: "https://finix.live-payments-api.com", BASE_URL: "http://localhost:8787" },
      "BASE_URL must be the public https:// origin of this service",
    ],
    [
      "no base URL in live",
      { PROCESSOR_ENV: "live", PROCESSOR_BASE_URL: "https://finix.live-payments-api.com", BASE_URL: undefined },
      "BASE_URL must be the public https:// origin of this service",
    ],
    [
      "a blank base URL in live",
      { PROCESSOR_ENV: "live", PROCESSOR_BASE_URL: "https://finix.live-payments-api.com", BASE_URL: " " },
      "BASE_URL must be the public https:// origin of this service",
    ],
    ["a timeout that is not a number", { PROCESSOR_TIMEOUT_MS: "soon" }, "PROCESSOR_TIMEOUT_MS must be a positive whole number"],
    ["a currency that is not a code", { CURRENCY: "dollars" }, "CURRENCY must be an ISO 4217 code"],
    ["an archive after zero days", { EVENT_ARCHIVE_AFTER_DAYS: "0" }, "EVENT_ARCHIVE_AFTER_DAYS must be a positive whole number"],
    [
      "change feeds with no subrequests to spend",
      { PROCESSOR_FEED_RUN_SUBREQUESTS: "0" },
      "PROCESSOR_FEED_RUN_SUBREQUESTS must be a positive whole number",
    ],
  ])("names the variable at fault for %s", (_, override, message) => {
    const broken = { ...env, ...override } as Env;
    expect(() => validateEnv(broken)).toThrow(ConfigError);
    expect(() => validateEnv(broken)).toThrow(message);
  });

  it("names every variable at fault at once", () => {
    const broken = { ...env, KEY_PEPPER: "", CURRENCY: "usd" } as Env;
    expect(() => validateEnv(broken)).toThrow(/KEY_PEPPER.*CURRENCY|CURRENCY.*KEY_PEPPER/);
  });

  it("turns a misconfigured deployment into a 500 problem that names no variable to the caller", async () => {
    const response = await createApp().fetch(new Request("https://payment-connect.test/v1/payments"), { ...env, KEY_PEPPER: "" });
    const problem = await expectProblem(response, 500, "internal-error");
    expect(JSON.stringify(problem)).not.toContain("KEY_PEPPER");
  });
});

describe("the composition root", () => {
  it("gives a request's services the public origin: BASE_URL, else the origin the request came to", () => {
    const requestUrl = "http://example.test:9100/v1/onboarding";
    expect(createContext({ ...env, BASE_URL: "https://payments.example.com/" }, { requestUrl }).publicOrigin).toBe(
      "https://payments.example.com",
    );
    expect(createContext({ ...env, BASE_URL: undefined }, { requestUrl }).publicOrigin).toBe("http://example.test:9100");
  });

  it("refuses to make a link outside a request without BASE_URL, rather than guess a host", () => {
    const ctx = createContext({ ...env, BASE_URL: undefined });
    expect(ctx.publicOrigin).toBeNull();
    expect(() => publicUrl(ctx, "/dashboard")).toThrow(/needs BASE_URL/);
  });

  it("fixes the clock of a cron run at its scheduled time", () => {
    const ctx = createContext(env, { nowMs: Date.UTC(2026, 0, 2, 3, 4, 5) });
    expect(ctx.clock.nowIso()).toBe("2026-01-02T03:04:05.000Z");
  });

  it("flushes what the unit of work recorded, once, and the event row carries the envelope", async () => {
    const dispatched: string[][] = [];
    const db = database(env);
    const outbox = createOutbox({ db, clock: clockAt(), dispatch: async (eventIds) => void dispatched.push(eventIds) });
    await outbox.flush();
    expect(dispatched).toEqual([]);

    const { tenantId } = await tenantWithKey("Outbox Probe");
    await db.batch([outbox.record({ tenantId, type: "merchant.updated", subjectId: "MUprobe", data: { probe: true } })]);
    await outbox.flush();
    await outbox.flush();

    const row = await controlDb().query.events.findFirst({ columns: { id: true, payload: true }, where: eq(events.tenantId, tenantId) });
    expect(dispatched).toEqual([[row!.id]]);
    expect(Object.keys(JSON.parse(row!.payload))).toEqual(["id", "type", "createdAtUtc", "probe"]);
  });
});
