import { describe, expect, it } from "vitest";
import { DashboardBrowser, signedInOwner } from "../support/dashboard";

describe("audit log page", () => {
  it("shows the owner who did what, when and from where, failed sign-ins included, newest first", async () => {
    const { email, browser } = await signedInOwner();
    await new DashboardBrowser("198.51.100.77").signIn(email, "a wrong password");
    await browser.open("/dashboard/keys");
    await browser.post("/dashboard/keys", { name: "Audited key" });
    const { response, html } = await browser.open("/dashboard/audit");
    expect(response.status).toBe(200);
    expect(html).toContain("<title>Audit log · Payment Connect</title>");
    const rows = [...html.matchAll(/<tr data-action="([^"]+)">/g)].map((match) => match[1]);
    expect(rows.slice(0, 3)).toEqual(["key.issued", "sign_in.failed", "sign_in.succeeded"]);
    expect(html).toContain("198.51.100.77");
    expect(html).toContain("wrong password");
    expect(html).toContain("Audited key");
    expect(html).toContain(email);
  });
});
