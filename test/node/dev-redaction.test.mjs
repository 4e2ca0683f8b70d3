// `npm run dev` prints what wrangler prints: its own access line for every request, with the path the client sent. The
// dev script passes every line through the Worker's one redaction (src/lib/redact.ts), checked here on the access
// line's real format (miniflare's: method in bold, then the path, the coloured status and the duration).
import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { redactSecrets } from "../../src/lib/redact.ts";

const root = path.join(import.meta.dirname, "../..");
const accessLine = (method, pathname, status = "404 Not Found") =>
  `[wrangler:info] \u001b[1m${method}\u001b[22m ${pathname} \u001b[33m\u001b[1m${status}\u001b[22m\u001b[39m \u001b[90m(4ms)\u001b[39m`;

describe("the redaction npm run dev's output passes through", () => {
  it("hides a tenant key, a signing secret and a Stripe-style key in a wrangler access line's path", () => {
    const key = `lc_live_${"a1B2".repeat(10)}xyz`;
    const line = redactSecrets(accessLine("GET", `/v1/payments/${key}`));
    expect(line).toBe(accessLine("GET", "/v1/payments/lc_live_[REDACTED]"));
    expect(redactSecrets(accessLine("POST", `/v1/lc%5Flive%5F${"Q".repeat(43)}/refund`))).toBe(
      accessLine("POST", "/v1/lc_live_[REDACTED]/refund"),
    );
    expect(redactSecrets(accessLine("GET", `/x/whsec_${"s".repeat(43)}`))).toBe(accessLine("GET", "/x/whsec_[REDACTED]"));
    expect(redactSecrets(accessLine("GET", `/x/sk_test_${"s".repeat(24)}/rk_live_${"r".repeat(24)}`))).toBe(
      accessLine("GET", "/x/sk_test_[REDACTED]/rk_live_[REDACTED]"),
    );
  });

  it("hides the token of an invitation, an onboarding return or expiry and a PCI attestation link", () => {
    const token = "q3Vb1yNnJ0c8m2Xw5KpZr4TgHs6UaLdE9fCiYoBvQ7e";
    for (const [pathname, shown] of [
      [`/dashboard/invite/${token}`, "/dashboard/invite/[REDACTED]"],
      [`/onboarding/return/${token}`, "/onboarding/return/[REDACTED]"],
      [`/onboarding/expired/${token}`, "/onboarding/expired/[REDACTED]"],
      [`/onboarding/pci/cf_123/${token}`, "/onboarding/pci/cf_123/[REDACTED]"],
    ]) {
      expect(redactSecrets(accessLine("GET", pathname, "200 OK"))).toBe(accessLine("GET", shown, "200 OK"));
    }
  });

  it("empties query parameters named like a secret and keeps the others", () => {
    expect(redactSecrets("GET /admin/tenants?limit=5&secret=dev-admin-secret-change-me&status=open")).toBe(
      "GET /admin/tenants?limit=5&secret=[REDACTED]&status=open",
    );
    expect(redactSecrets("/v1/x?api_key=abc&ACCESS_TOKEN=def&user_password=ghi&client%5Fsecret=jkl&cursor=mno")).toBe(
      "/v1/x?api_key=[REDACTED]&ACCESS_TOKEN=[REDACTED]&user_password=[REDACTED]&client%5Fsecret=[REDACTED]&cursor=mno",
    );
  });

  it("hides Authorization credentials and a URL's user:password, wherever they appear in a line", () => {
    expect(redactSecrets("Authorization: Bearer dev-admin-secret-change-me")).toBe("Authorization: Bearer [REDACTED]");
    expect(redactSecrets('{"authorization":"Basic VVNzYW5kYm94OnNhbmRib3gtcGFzc3dvcmQ="}')).toBe('{"authorization":"Basic [REDACTED]"}');
    expect(redactSecrets("fetch https://USsandbox:sandbox-password@finix.example/transfers failed")).toBe(
      "fetch https://USsandbox:[REDACTED]@finix.example/transfers failed",
    );
  });

  it("leaves a line with no secret as it was", () => {
    const line = accessLine("GET", "/v1/payments/pay_5Hq2cXk9TzLw0aRb3Yd7Ne", "200 OK");
    expect(redactSecrets(line)).toBe(line);
    expect(redactSecrets("Ready on http://localhost:8787")).toBe("Ready on http://localhost:8787");
  });

  it("is what scripts/dev.mjs writes wrangler's output through: no child's output reaches the terminal unfiltered", () => {
    const script = readFileSync(path.join(root, "scripts/dev.mjs"), "utf8");
    expect(script).toContain('import { redactSecrets } from "../src/lib/redact.ts";');
    expect(script).not.toMatch(/stdio:\s*"inherit"/);
    expect(script.match(/stdio: \["inherit", "pipe", "pipe"\]/g)).toHaveLength(1);
    expect(script.match(/redactSecrets\(/g)?.length).toBeGreaterThanOrEqual(2);
  });
});
