import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../../src/app";
import { tenantContext } from "../support/shards";
import { clockAt } from "../../../src/lib/clock";
import { saveCallbackUrl as saveCallbackUrlService } from "../../../src/callbacks/callback-endpoints.service";
import { callbackUrlProblem, deliveryUrlPolicy } from "../../../src/callbacks/callback-url-policy";
import { ApiError } from "../../../src/lib/problem";
import { ADMIN_HEADERS, createTenant, expectProblem, jsonInit } from "../support/http";
import {
  deliveryRow,
  deliveryWithoutMessage,
  MAIN_QUEUE,
  mockReceiver,
  runConsumer,
  saveCallbackUrl,
  writeEvent,
  deliveryMessage,
} from "../support/callbacks";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the callback URL policy", () => {
  it("refuses non-https, private, loopback, link-local, CGNAT and metadata hosts outside the sandbox", async () => {
    const { id: tenantId } = await createTenant();
    const live = { ...env, PROCESSOR_ENV: "live", BASE_URL: "https://api.payment-connect.dev" };
    const { db, tenant } = await tenantContext(tenantId);
    const ctx = { db, tenant, env: live, publicOrigin: live.BASE_URL, clock: clockAt() };
    const refused = [
      "http://receiver.example/hooks",
      "https://localhost/hooks",
      "https://api.localhost/hooks",
      "https://127.0.0.1/hooks",
      "https://2130706433/hooks",
      "https://0x7f.1/hooks",
      "https://10.1.2.3/hooks",
      "https://172.16.0.1/hooks",
      "https://172.31.255.255/hooks",
      "https://192.168.1.10/hooks",
      "https://169.254.169.254/latest/meta-data/",
      "https://100.64.0.1/hooks",
      "https://0.0.0.0/hooks",
      "https://[::1]/hooks",
      "https://[::]/hooks",
      "https://[fe80::1]/hooks",
      "https://[fc00::1]/hooks",
      "https://[fd12:3456::1]/hooks",
      "https://[::ffff:10.0.0.1]/hooks",
      "https://[::ffff:169.254.169.254]/hooks",
      "https://metadata.google.internal/computeMetadata/v1/",
      "https://intranet/hooks",
      "https://printer.local/hooks",
      "https://user:pass@receiver.example/hooks",
      "ftp://receiver.example/hooks",
      "not a url",
    ];
    for (const url of refused) {
      const attempt = saveCallbackUrlService({ ctx, input: { url } });
      await expect(attempt, url).rejects.toBeInstanceOf(ApiError);
      await expect(attempt, url).rejects.toMatchObject({ slug: "validation-failed", extensions: { errors: [{ field: "url" }] } });
    }
    for (const url of [
      "https://receiver.example/hooks",
      "https://8.8.8.8/hooks",
      "https://[2606:4700::1111]/hooks",
      "https://hooks.shop.example.com:8443/x?y=1",
    ]) {
      await expect(saveCallbackUrlService({ ctx, input: { url } }), url).resolves.toMatchObject({ url });
    }
  });

  it("allows local http receivers in the sandbox served from localhost, but never metadata services", async () => {
    const { id: tenantId } = await createTenant();
    for (const url of [
      "http://localhost:4000/hooks",
      "http://127.0.0.1:4000/hooks",
      "http://192.168.1.20/hooks",
      "http://host.docker.internal:4000/x",
    ]) {
      const response = await saveCallbackUrl(tenantId, url);
      expect(response.status, url).toBe(200);
    }
    const metadata = await expectProblem(
      await saveCallbackUrl(tenantId, "http://169.254.169.254/latest/meta-data/"),
      400,
      "validation-failed",
    );
    expect(metadata.errors).toEqual([{ field: "url", message: "must not address a cloud metadata service" }]);
    // The same sandbox code served from a public host is not "local".
    const publicSandbox = { ...env, PROCESSOR_ENV: "sandbox", BASE_URL: "https://sandbox.payment-connect.dev" };
    const { db, tenant } = await tenantContext(tenantId);
    await expect(
      saveCallbackUrlService({
        ctx: { db, tenant, env: publicSandbox, publicOrigin: publicSandbox.BASE_URL, clock: clockAt() },
        input: { url: "http://localhost:4000/hooks" },
      }),
    ).rejects.toBeInstanceOf(ApiError);
  });

  it("without BASE_URL, allows local receivers only when the request came to a local origin", async () => {
    const { id: tenantId } = await createTenant();
    const unconfigured = { ...env, BASE_URL: undefined };
    const save = (origin: string) =>
      createApp().fetch(
        new Request(
          `${origin}/admin/tenants/${tenantId}/callbacks`,
          jsonInit("PUT", { url: "http://localhost:4000/hooks" }, ADMIN_HEADERS),
        ),
        unconfigured,
      );
    expect((await save("http://localhost:9100")).status).toBe(200);
    expect((await save("http://127.0.0.1:9100")).status).toBe(200);
    const deployed = await expectProblem(await save("https://sandbox.payment-connect.dev"), 400, "validation-failed");
    expect(deployed.errors).toEqual([{ field: "url", message: "must be an https URL" }]);
  });

  it("rejects an attempt to a URL the policy no longer allows, without calling it", async () => {
    const { id: tenantId } = await createTenant();
    await saveCallbackUrl(tenantId, "http://127.0.0.1:4000/hooks");
    const deliveryId = await deliveryWithoutMessage(await writeEvent(tenantId));
    const receiver = mockReceiver("http://127.0.0.1:4000");
    const live = {
      ...env,
      PROCESSOR_ENV: "live",
      PROCESSOR_BASE_URL: "https://finix.live-payments-api.com",
      BASE_URL: "https://api.payment-connect.dev",
    };
    expect((await runConsumer(MAIN_QUEUE, await deliveryMessage(deliveryId), 1, live)).retryDelays).toEqual([60]);
    expect(receiver.received).toHaveLength(0);
    expect(await deliveryRow(deliveryId)).toMatchObject({
      status: "pending",
      attempt_count: 1,
      last_error: "callback URL must be an https URL",
    });
  });

  it("without BASE_URL, delivers what was accepted at save time (there is no request to judge by), but never to metadata", async () => {
    const { id: tenantId } = await createTenant();
    await saveCallbackUrl(tenantId, "http://127.0.0.1:4000/hooks");
    const deliveryId = await deliveryWithoutMessage(await writeEvent(tenantId));
    const receiver = mockReceiver("http://127.0.0.1:4000");
    await runConsumer(MAIN_QUEUE, await deliveryMessage(deliveryId), 1, { ...env, BASE_URL: undefined });
    expect(receiver.received).toHaveLength(1);
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: "delivered" });

    const unconfigured = { env: { ...env, BASE_URL: undefined }, publicOrigin: null };
    expect(deliveryUrlPolicy(unconfigured)).toEqual({ allowLocalNetwork: true });
    expect(callbackUrlProblem("http://169.254.169.254/latest/meta-data/", deliveryUrlPolicy(unconfigured))).toBe(
      "must not address a cloud metadata service",
    );
    expect(deliveryUrlPolicy({ ...unconfigured, env: { ...unconfigured.env, PROCESSOR_ENV: "live" } })).toEqual({
      allowLocalNetwork: false,
    });
    // With BASE_URL, delivery re-checks against it, as at save time.
    expect(deliveryUrlPolicy({ env, publicOrigin: "https://sandbox.payment-connect.dev" })).toEqual({ allowLocalNetwork: false });
  });
});
