import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";

import { BUILTIN_SANDBOX_BASE_URL, processorClient, processorConfig } from "../../../src/context";
import { FAKE_API_VERSION, FAKE_BASE_URL, FAKE_CREDENTIALS, fakeProcessor } from "../support/fake-processor";
import { linkDetails } from "../support/processor-client";
import * as fixtures from "../support/processor-fixtures";
import { IDS } from "../support/processor-fixtures";

describe("processor configuration", () => {
  afterEach(() => vi.unstubAllGlobals());

  const realProcessorEnv = {
    ...env,
    PROCESSOR_BASE_URL: FAKE_BASE_URL,
    PROCESSOR_USERNAME: FAKE_CREDENTIALS.username,
    PROCESSOR_PASSWORD: FAKE_CREDENTIALS.password,
    PROCESSOR_API_VERSION: FAKE_API_VERSION,
  };

  it("uses the built-in sandbox when PROCESSOR_BASE_URL is builtin", () => {
    const config = processorConfig({ ...env, PROCESSOR_BASE_URL: "builtin" });
    expect(config).toMatchObject({
      baseUrl: BUILTIN_SANDBOX_BASE_URL,
      environment: "sandbox",
      applicationId: env.PROCESSOR_APPLICATION_ID,
    });
  });

  it("talks to the configured processor over the global fetch otherwise", async () => {
    const processor = fakeProcessor(() => ({ status: 200, body: fixtures.merchant() }));
    vi.stubGlobal("fetch", processor.fetch);

    const merchant = await processorClient(realProcessorEnv).getMerchant(IDS.merchant);

    expect(merchant.id).toBe(IDS.merchant);
    expect(processor.calls.map((call) => call.path)).toEqual([`/merchants/${IDS.merchant}`]);
    expect(processor.violations).toEqual([]);
  });

  it("reads the timeout from PROCESSOR_TIMEOUT_MS and falls back to 30 s when it is not a positive number", () => {
    expect(processorConfig({ ...realProcessorEnv, PROCESSOR_TIMEOUT_MS: "1500" }).timeoutMs).toBe(1500);
    expect(processorConfig({ ...realProcessorEnv, PROCESSOR_TIMEOUT_MS: "soon" }).timeoutMs).toBe(30_000);
  });

  it("refuses an unknown environment and a live environment on the built-in sandbox", () => {
    expect(() => processorConfig({ ...realProcessorEnv, PROCESSOR_ENV: "production" })).toThrow(/PROCESSOR_ENV/);
    expect(() => processorConfig({ ...env, PROCESSOR_ENV: "live", PROCESSOR_BASE_URL: "builtin" })).toThrow(/live/);
  });

  it("asks for the live processor on live onboarding forms", async () => {
    const processor = fakeProcessor(() => ({
      status: 200,
      body: fixtures.onboardingForm({ merchant_processors: [{ processor: "FINIX_V1" }] }),
    }));
    vi.stubGlobal("fetch", processor.fetch);

    await processorClient({ ...realProcessorEnv, PROCESSOR_ENV: "live" }).createOnboardingForm({ onboarding_link_details: linkDetails });

    expect(processor.calls[0]!.body).toMatchObject({ merchant_processors: [{ processor: "FINIX_V1" }] });
  });
});
