import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";

import { MAX_ATTEMPTS, RETRY_DELAYS_SECONDS, retryDelaySeconds } from "../../../src/callbacks/retry-schedule";
import { ConfigError, validateEnv } from "../../../src/lib/env";
import {
  deliveryMessage,
  deliveryRow,
  deliveryWithoutMessage,
  MAIN_QUEUE,
  mockReceiver,
  RECEIVER,
  runConsumer,
  tenantWithCallbacks,
  writeEvent,
} from "../support/callbacks";

afterEach(() => {
  vi.restoreAllMocks();
});

const ladder = (workerEnv: Pick<Env, "CALLBACK_RETRY_SCALE">) =>
  Array.from({ length: MAX_ATTEMPTS }, (_, index) => retryDelaySeconds(workerEnv, index + 1));

describe("CALLBACK_RETRY_SCALE", () => {
  it("leaves the production ladder as it is at 1, and without the variable", () => {
    expect(ladder({ CALLBACK_RETRY_SCALE: "1" })).toEqual([...RETRY_DELAYS_SECONDS, null]);
    expect(ladder({ CALLBACK_RETRY_SCALE: undefined })).toEqual([...RETRY_DELAYS_SECONDS, null]);
  });

  it("shrinks the whole ladder to seconds, every step at least one second, and still dead-letters after the last attempt", () => {
    const scaled = ladder({ CALLBACK_RETRY_SCALE: "0.0001" });
    expect(scaled).toEqual([1, 1, 1, 1, 2, 4, 5, 5, null]);
    expect(scaled.reduce((sum, seconds) => sum! + (seconds ?? 0), 0)).toBeLessThan(30);
  });

  it("is what the consumer retries with, and what the delivery's next attempt says", async () => {
    const scaledEnv = { ...env, CALLBACK_RETRY_SCALE: "0.001" } as Env;
    const tenantId = await tenantWithCallbacks();
    const deliveryId = await deliveryWithoutMessage(await writeEvent(tenantId));
    mockReceiver(RECEIVER, [500]);
    const started = Date.now();
    const result = await runConsumer(MAIN_QUEUE, await deliveryMessage(deliveryId), 4, scaledEnv);
    expect(result.retryDelays).toEqual([8]);
    expect(Math.abs(Date.parse((await deliveryRow(deliveryId)).next_attempt_at!) - (started + 8000))).toBeLessThan(5000);
  });

  it.each([["0"], ["2"], ["fast"], [""]])("is refused when it is not a scale in (0, 1]: %j", (scale) => {
    expect(() => validateEnv({ ...env, CALLBACK_RETRY_SCALE: scale })).toThrow(
      /CALLBACK_RETRY_SCALE (must be a number greater than 0 and at most 1|is required)/,
    );
  });

  it("is refused in production (PROCESSOR_ENV live), where callbacks retry on the full schedule", () => {
    const live = {
      ...env,
      PROCESSOR_ENV: "live",
      PROCESSOR_BASE_URL: "https://finix.live-payments-api.com",
      BASE_URL: "https://payments.example.com",
      CALLBACK_RETRY_SCALE: "0.001",
    } as Env;
    expect(() => validateEnv(live)).toThrow(ConfigError);
    expect(() => validateEnv(live)).toThrow(
      'CALLBACK_RETRY_SCALE is for development and sandboxes only: remove it when PROCESSOR_ENV is "live"',
    );
    expect(validateEnv({ ...live, CALLBACK_RETRY_SCALE: undefined })).toBeTruthy();
  });
});
