import { afterEach, describe, expect, it, vi } from "vitest";

import { adminGet as get, adminPost as post, callbacksPath as base, RECEIVER, revealSecrets, saveCallbackUrl } from "../support/callbacks";
import { createTenant, expectProblem } from "../support/http";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("callback URL and signing secret", () => {
  it("registers a URL with a fresh secret, reveals it only on request, and keeps it across URL changes", async () => {
    const { id: tenantId } = await createTenant();
    const off = await (await get(base(tenantId))).json();
    expect(off).toMatchObject({ tenantId, url: null, enabled: false, signingSecrets: [] });
    await expectProblem(await get(`${base(tenantId)}/secrets`), 404, "not-found");

    const saved = await saveCallbackUrl(tenantId, `${RECEIVER}/a`);
    const settings = (await saved.json()) as {
      url: string;
      enabled: boolean;
      signingSecrets: { id: string; expiresAtUtc: string | null }[];
    };
    expect(settings).toMatchObject({ url: `${RECEIVER}/a`, enabled: true, signingSecrets: [{ expiresAtUtc: null }] });
    expect(JSON.stringify(settings)).not.toMatch(/whsec_/);

    const revealed = await get(`${base(tenantId)}/secrets`);
    expect(revealed.headers.get("Cache-Control")).toBe("no-store");
    const [first] = ((await revealed.json()) as { data: { id: string; secret: string }[] }).data;
    expect(first!.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(first!.id).toBe(settings.signingSecrets[0]!.id);

    await saveCallbackUrl(tenantId, `${RECEIVER}/b`);
    expect((await revealSecrets(tenantId)).map((secret) => secret.secret)).toEqual([first!.secret]);
  });

  it("rotates: the new secret is current, the previous one expires after the window, 0 retires it at once", async () => {
    const { id: tenantId } = await createTenant();
    await saveCallbackUrl(tenantId, `${RECEIVER}/rotate`);
    const [original] = await revealSecrets(tenantId);

    const before = Date.now();
    const rotated = await post(`${base(tenantId)}/secrets/rotate`);
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get("Cache-Control")).toBe("no-store");
    const { data } = (await rotated.json()) as { data: { secret: string; expiresAtUtc: string | null }[] };
    expect(data).toHaveLength(2);
    expect(data[0]!.expiresAtUtc).toBeNull();
    expect(data[1]!.secret).toBe(original!.secret);
    expect(Date.parse(data[1]!.expiresAtUtc!) - before).toBeGreaterThanOrEqual(24 * 3600 * 1000 - 1000);
    expect(Date.parse(data[1]!.expiresAtUtc!) - before).toBeLessThanOrEqual(24 * 3600 * 1000 + 5000);

    const leaked = await post(`${base(tenantId)}/secrets/rotate`, { previousSecretTtlSeconds: 0 });
    const after = ((await leaked.json()) as { data: { secret: string }[] }).data;
    expect(after).toHaveLength(1);
    expect([original!.secret, data[0]!.secret]).not.toContain(after[0]!.secret);
    await expectProblem(await post(`${base(tenantId)}/secrets/rotate`, { previousSecretTtlSeconds: -1 }), 400, "validation-failed");
  });

  it("turns callbacks off with an empty URL", async () => {
    const { id: tenantId } = await createTenant();
    await saveCallbackUrl(tenantId, `${RECEIVER}/off`);
    const off = await saveCallbackUrl(tenantId, "");
    expect(await off.json()).toMatchObject({ url: null, enabled: false });
    expect(await revealSecrets(tenantId)).toHaveLength(1);
  });
});
