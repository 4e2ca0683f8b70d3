import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";

import { createApp } from "../../../src/app";
import { saveCallbackUrl as saveCallbackUrlService } from "../../../src/callbacks/callback-endpoints.service";
import { callbackUrlPolicy, callbackUrlProblem, deliveryUrlPolicy } from "../../../src/callbacks/callback-url-policy";
import { clockAt } from "../../../src/lib/clock";
import { ApiError } from "../../../src/lib/problem";
import {
  deliveryMessage,
  deliveryRow,
  deliveryWithoutMessage,
  MAIN_QUEUE,
  mockReceiver,
  runConsumer,
  saveCallbackUrl,
  writeEvent,
} from "../support/callbacks";
import { ADMIN_HEADERS, createTenant, expectProblem, jsonInit } from "../support/http";
import { tenantContext } from "../support/shards";

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

  it("judges every spelling of an address as the address it stands for", async () => {
    const live = { allowLocalNetwork: false };
    const loopback = "must not address this machine (loopback)";
    const privateIpv4 = "must not address a private, loopback, link-local, shared or reserved IPv4 address";
    const privateIpv6 = "must not address a private, loopback, link-local or reserved IPv6 address";
    const metadata = "must not address a cloud metadata service";
    const wildcard = "must not be a wildcard DNS name that stands for an IP address";
    const refused: [string, string][] = [
      // IPv4 written as one number, in octal, in hex, shortened: the URL parser reads them all as 127.0.0.1.
      ["https://2130706433/hooks", loopback],
      ["https://0x7f.1/hooks", loopback],
      ["https://0177.0.0.1/hooks", loopback],
      ["https://127.1/hooks", loopback],
      ["https://0xa9.0xfe.0xa9.0xfe/latest/meta-data/", metadata],
      // IPv4-mapped (::ffff:0:0/96), in dotted and hex forms.
      ["https://[::ffff:127.0.0.1]/hooks", loopback],
      ["https://[::ffff:7f00:1]/hooks", loopback],
      ["https://[::ffff:169.254.169.254]/latest/meta-data/", metadata],
      ["https://[::ffff:192.168.1.1]/hooks", privateIpv4],
      // IPv4-translated (::ffff:0:0:0/96).
      ["https://[::ffff:0:7f00:1]/hooks", loopback],
      ["https://[::ffff:0:a9fe:a9fe]/latest/meta-data/", metadata],
      ["https://[::ffff:0:a00:1]/hooks", privateIpv4],
      // NAT64 (64:ff9b::/96), and the local-use NAT64 block (64:ff9b:1::/48).
      ["https://[64:ff9b::127.0.0.1]/hooks", loopback],
      ["https://[64:ff9b::a9fe:a9fe]/hooks", metadata],
      ["https://[64:ff9b::10.0.0.1]/hooks", privateIpv4],
      ["https://[64:ff9b:1::808:808]/hooks", privateIpv6],
      // 6to4 (2002::/16) carries its router's IPv4 address.
      ["https://[2002:7f00:1::1]/hooks", loopback],
      ["https://[2002:a9fe:a9fe::1]/hooks", metadata],
      ["https://[2002:c0a8:101::1]/hooks", privateIpv4],
      // Teredo (2001::/32): the server's IPv4 address, then the client's with every bit flipped.
      ["https://[2001:0:7f00:1::1]/hooks", loopback],
      ["https://[2001:0:808:808:0:0:80ff:fffe]/hooks", loopback],
      ["https://[2001:0:808:808:0:0:f5ff:fffe]/hooks", privateIpv4],
      // IPv4-compatible (deprecated ::/96), and IPv6 outside global unicast or in its special blocks.
      ["https://[::127.0.0.1]/hooks", privateIpv6],
      ["https://[::a00:1]/hooks", privateIpv6],
      ["https://[2001:db8::1]/hooks", privateIpv6],
      ["https://[3fff::1]/hooks", privateIpv6],
      ["https://[2001:10::1]/hooks", privateIpv6],
      ["https://[5f00::1]/hooks", privateIpv6],
      ["https://[fd00:ec2::254]/latest/meta-data/", metadata],
      // Names that spell an address, and wildcard DNS services whatever their name spells.
      ["https://127.0.0.1.nip.io/hooks", loopback],
      ["https://app.169.254.169.254.sslip.io/hooks", metadata],
      ["https://10-0-0-1.nip.io/hooks", privateIpv4],
      ["https://7f000001.nip.io/hooks", wildcard],
      ["https://--1.sslip.io/hooks", wildcard],
      ["https://anything.localtest.me/hooks", wildcard],
      ["https://app.lvh.me/hooks", wildcard],
      ["https://ip-10-0-0-1.hooks.example.com/hooks", privateIpv4],
      ["https://192.168.1.20.hooks.example.com/hooks", privateIpv4],
      ["https://0x7f.0.0.1.hooks.example.com/hooks", loopback],
      ["https://hooks-127-0-0-1.example.com/hooks", loopback],
    ];
    for (const [url, problem] of refused) expect(callbackUrlProblem(url, live), url).toBe(problem);

    // The same addresses in the sandbox served from this machine: local receivers are allowed, metadata never is.
    const localSandbox = { allowLocalNetwork: true };
    for (const [url, problem] of refused.filter(([, problem]) => problem === metadata)) {
      expect(callbackUrlProblem(url.replace("https:", "http:"), localSandbox), url).toBe(problem);
    }
    expect(callbackUrlProblem("http://[::ffff:127.0.0.1]:4000/hooks", localSandbox)).toBeNull();

    // Public addresses stay public in every spelling, and a name that spells one is an ordinary name.
    for (const url of [
      "https://[::ffff:8.8.8.8]/hooks",
      "https://[64:ff9b::8.8.8.8]/hooks",
      "https://[2002:808:808::1]/hooks",
      "https://[2001:0:808:808:0:0:f7f7:f7f7]/hooks",
      "https://[2606:4700::1111]/hooks",
      "https://ec2-54-210-1-2.compute-1.amazonaws.com/hooks",
      "https://v2-1-0-3.hooks.example.com/hooks",
    ]) {
      expect(callbackUrlProblem(url, live), url).toBeNull();
    }

    // Through the API: a disguised loopback address is refused like the plain one.
    const { id: tenantId } = await createTenant();
    const liveEnv = { ...env, PROCESSOR_ENV: "live", BASE_URL: "https://api.payment-connect.dev" };
    const { db, tenant } = await tenantContext(tenantId);
    const ctx = { db, tenant, env: liveEnv, publicOrigin: liveEnv.BASE_URL, clock: clockAt() };
    await expect(saveCallbackUrlService({ ctx, input: { url: "https://[::ffff:0:7f00:1]/hooks" } })).rejects.toMatchObject({
      slug: "validation-failed",
      extensions: { errors: [{ field: "url", message: loopback }] },
    });
  });

  it("does not take a name that spells a loopback address for a local origin", () => {
    const sandbox = { ...env, PROCESSOR_ENV: "sandbox" };
    expect(callbackUrlPolicy({ env: sandbox, publicOrigin: "http://[::ffff:127.0.0.1]:8787" })).toEqual({ allowLocalNetwork: true });
    expect(callbackUrlPolicy({ env: sandbox, publicOrigin: "https://127.0.0.1.nip.io" })).toEqual({ allowLocalNetwork: false });
    expect(callbackUrlPolicy({ env: sandbox, publicOrigin: "https://api-127-0-0-1.example.com" })).toEqual({ allowLocalNetwork: false });
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
