import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";

import { inviteOwner, signedInOwner, uniqueEmail } from "../support/dashboard";
import { ADMIN_HEADERS, call, jsonInit, tenantWithKey } from "../support/http";

/** Every line the service writes while `work` runs, on any console level. */
async function logged(work: () => Promise<unknown>): Promise<string> {
  const lines: string[] = [];
  const spies = (["log", "warn", "error"] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation((line: unknown) => void lines.push(String(line))),
  );
  try {
    await work();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return lines.join("\n");
}

describe("keys in URLs never reach the logs", () => {
  it("redacts a tenant key put in the path or the query, plain or percent-encoded, and a callback signing secret", async () => {
    const { key } = await tenantWithKey();
    const secret = `whsec_${"s".repeat(43)}`;
    const encoded = key.replace(/_/g, "%5F");
    const lines = await logged(async () => {
      await call(`/v1/payments/${key}`, { headers: { "X-Api-Key": key } });
      await call(`/v1/payments?api_key=${key}&limit=5`, { headers: { "X-Api-Key": key } });
      await call(`/v1/${encoded}/refund`, { method: "POST", headers: { "X-Api-Key": key } });
      await call(`/admin/tenants/x/callbacks/${secret}?secret=${secret}`);
      await call(`/no-such-route/${key}?also=${key}`);
    });
    expect(lines).toContain("lc_live_[REDACTED]");
    expect(lines).toContain("whsec_[REDACTED]");
    expect(lines).not.toContain(key.slice("lc_live_".length));
    expect(lines).not.toContain(encoded.slice(10));
    expect(lines).not.toContain(secret.slice(6));
    const records = lines.split("\n").map((line) => JSON.parse(line) as { message: string; path?: string; query?: string });
    expect(
      records
        .filter((record) => record.message === "request")
        .map((record) => record.query)
        .filter(Boolean),
    ).toEqual(["?api_key=[REDACTED]&limit=5", "?secret=[REDACTED]", "?also=lc_live_[REDACTED]"]);
  });

  it("empties every query parameter named like a secret, whatever its value, and never writes a header", async () => {
    const { key } = await tenantWithKey();
    const adminSecret = env.ADMIN_SECRET;
    const lines = await logged(async () => {
      await call(`/admin/tenants?secret=${adminSecret}&limit=2`, { headers: { Authorization: `Bearer ${adminSecret}` } });
      await call(`/v1/payments?limit=1&Api-Key=plain-${adminSecret}`, { headers: { Authorization: `Bearer ${key}` } });
      await call(`/v1/payments?access_token=opaque-bearer-value&client%5Fsecret=opaque-client-value`, {
        headers: { Authorization: `Basic ${btoa(`user:${adminSecret}`)}` },
      });
      await call(`/dashboard/sign-in?next=%2Fdashboard&password=typed-into-the-url`);
    });
    for (const secret of [adminSecret, key.slice("lc_live_".length), "opaque-bearer-value", "opaque-client-value", "typed-into-the-url"]) {
      expect(lines).not.toContain(secret);
    }
    expect(lines).not.toContain(btoa(`user:${adminSecret}`));
    const queries = lines
      .split("\n")
      .map((line) => JSON.parse(line) as { message: string; query?: string })
      .filter((record) => record.message === "request")
      .map((record) => record.query);
    expect(queries).toEqual([
      "?secret=[REDACTED]&limit=2",
      "?limit=1&Api-Key=[REDACTED]",
      "?access_token=[REDACTED]&client%5Fsecret=[REDACTED]",
      "?next=%2Fdashboard&password=[REDACTED]",
    ]);
  });

  it("hides the credential of a link that is one: an invitation, an onboarding return", async () => {
    const { tenantId } = await signedInOwner("Link Logging Co");
    const { path, token } = await inviteOwner(tenantId, uniqueEmail());
    const lines = await logged(async () => {
      await call(path);
      await call(`/onboarding/return/${token}`, { redirect: "manual" });
    });
    expect(lines).not.toContain(token);
    const paths = lines
      .split("\n")
      .map((line) => JSON.parse(line) as { message: string; path?: string })
      .filter((record) => record.message === "request")
      .map((record) => record.path);
    expect(paths).toEqual(["/dashboard/invite/[REDACTED]", "/onboarding/return/[REDACTED]"]);
  });

  it("hides the token of an operator's password reset link", async () => {
    const { tenantId, email } = await signedInOwner("Reset Logging Co");
    const reset = await call(`/admin/tenants/${tenantId}/dashboard/password-resets`, jsonInit("POST", { email }, ADMIN_HEADERS));
    const path = new URL(((await reset.json()) as { resetUrl: string }).resetUrl).pathname;
    const token = path.split("/").at(-1)!;
    const lines = await logged(() => call(path));
    expect(lines).not.toContain(token);
    expect(lines).toContain('"path":"/dashboard/reset/[REDACTED]"');
  });
});
