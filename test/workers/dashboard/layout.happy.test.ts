import { describe, expect, it } from "vitest";
import { DashboardBrowser, signedInOwner } from "../support/dashboard";
import { seedPayments } from "../support/ledger";

/** The navigation links the page marks as the one the reader is on. */
const currentSections = (html: string) => [...html.matchAll(/<a href="([^"]+)" aria-current="page">/g)].map((match) => match[1]);

describe("the frame around every page", () => {
  it("marks the section the reader is in, on its list, a record's page and a page that is not found there", async () => {
    const { tenantId, browser } = await signedInOwner();
    const paymentId = "lcpay_layoutsection000001";
    await seedPayments(tenantId, [{ id: paymentId, status: "succeeded", amountCents: 1200, createdAt: "2026-10-01T10:00:00.000Z" }]);
    for (const path of ["/dashboard/payments", `/dashboard/payments/${paymentId}`, "/dashboard/payments/lcpay_nosuchpayment00001"]) {
      expect(currentSections((await browser.open(path)).html), path).toEqual(["/dashboard/payments"]);
    }
    expect(currentSections((await browser.open("/dashboard")).html)).toEqual(["/dashboard"]);
    expect(currentSections((await browser.open("/dashboard/account")).html)).toEqual(["/dashboard/account"]);
    expect(currentSections((await browser.open("/dashboard/nowhere")).html)).toEqual([]);
  });

  it("shows the notice a redirect names under the page's title, and nothing for a name it does not know", async () => {
    const { browser } = await signedInOwner();
    const { html } = await browser.open("/dashboard/account?notice=session-revoked");
    expect(html).toContain('<h1>Your sessions</h1><p class="notice" role="status">The session was ended.</p>');
    const { html: unknown } = await browser.open("/dashboard/account?notice=%3Cscript%3E");
    expect(unknown).not.toContain('class="notice"');
    expect(unknown).not.toContain("<script>");
  });

  it("keeps the navigation and the sign-out form off the pages before sign-in", async () => {
    const { html } = await new DashboardBrowser().open("/dashboard/sign-in?notice=signed-out");
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).toContain('<body class="bare">');
    expect(html).toContain('<h1>Sign in</h1><p class="notice" role="status">You are signed out.</p>');
    expect(html).not.toContain("<nav");
    expect(html).not.toContain("/dashboard/sign-out");
  });
});
