import { describe, expect, it, vi } from "vitest";
import { call, tenantWithKey } from "../support/http";

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
      await call(`/admin/tenants/x/callbacks?secret=${secret}`);
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
    ).toEqual(["?api_key=lc_live_[REDACTED]&limit=5", "?secret=whsec_[REDACTED]", "?also=lc_live_[REDACTED]"]);
  });
});
