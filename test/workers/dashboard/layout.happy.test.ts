import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";

import type { DashboardBindings } from "../../../src/dashboard/types";
import { dashboardLayout } from "../../../src/dashboard/views/layout";
import type { RootContext } from "../../../src/platform/context";
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

/** The sandbox banner's opening tag and its words. */
const BANNER = '<aside class="sandbox-banner" aria-label="Environment"><strong>Sandbox</strong>';

/** A page in the dashboard's frame, rendered where the processor environment is `environment` (no session: the bare frame). */
async function framedPageIn(environment: "sandbox" | "live"): Promise<string> {
  const app = new Hono<DashboardBindings>();
  app.use("*", async (c, next) => {
    c.set("ctx", { env: { ...env, PROCESSOR_ENV: environment } } as unknown as RootContext);
    await next();
  });
  app.use("*", dashboardLayout);
  app.get("/dashboard/sign-in", (c) => c.render("the page", { title: "Sign in" }));
  return (await app.request("/dashboard/sign-in")).text();
}

describe("the sandbox banner", () => {
  it("is on every page while the processor is the sandbox: signed in, before sign-in, and a page that is not found", async () => {
    const { browser } = await signedInOwner();
    for (const path of ["/dashboard", "/dashboard/payments", "/dashboard/account", "/dashboard/nowhere"]) {
      const { html } = await browser.open(path);
      expect(html, path).toContain(BANNER);
      // First in the page after the skip link, above the sidebar and the page.
      expect(html.indexOf(BANNER), path).toBeLessThan(html.indexOf('<header class="sidebar">'));
    }
    for (const path of ["/dashboard/sign-in", "/dashboard/invite/no-such-invitation"]) {
      expect((await new DashboardBrowser().open(path)).html, path).toContain(`<body class="bare">${BANNER}`);
    }
  });

  it("follows the processor environment as /docs and GET /v1/meta do: none in live", async () => {
    expect(await framedPageIn("sandbox")).toContain(BANNER);
    const live = await framedPageIn("live");
    expect(live).toContain("<h1>Sign in</h1>");
    expect(live).not.toContain("sandbox-banner");
  });
});

describe("the frame on a phone", () => {
  it("folds the navigation and sign-out behind a menu button that works without the script", async () => {
    const { browser } = await signedInOwner();
    const { html } = await browser.open("/dashboard/payments");
    // A <details>: closed when the page arrives, its summary the button; the stylesheet shows it open on a wide screen.
    const menu = /<details class="menu"><summary class="menu-button">(.*?)<\/summary>(.*?)<\/details>/s.exec(html);
    expect(menu, "the menu").not.toBeNull();
    expect(menu![1]).toContain("Menu");
    expect(menu![2]).toContain('<nav aria-label="Dashboard">');
    expect(menu![2]).toContain('<a href="/dashboard/payments" aria-current="page">Payments</a>');
    expect(menu![2]).toContain('action="/dashboard/sign-out"');
    // The brand stays outside it, beside the button.
    expect(html).toMatch(/<header class="sidebar"><a class="brand" href="\/dashboard">Payment Connect<\/a><details/);
  });

  it("names each table cell after its column, for the rows stacked on a phone; a column of buttons has no name", async () => {
    const { tenantId, browser } = await signedInOwner();
    await seedPayments(tenantId, [
      { id: "lcpay_phonetablecells00001", status: "succeeded", amountCents: 1200, createdAt: "2026-10-01T10:00:00.000Z" },
    ]);
    const { html } = await browser.open("/dashboard/payments");
    const headers = [...html.matchAll(/<th scope="col"[^>]*>([^<]+)<\/th>/g)].map((match) => match[1]);
    const labels = [...html.matchAll(/<td[^>]* data-label="([^"]+)"/g)].map((match) => match[1]);
    expect(headers.length).toBeGreaterThan(3);
    expect(labels).toEqual(headers);
    expect(html).toContain('<table class="stack-on-phone">');

    const { html: sessions } = await browser.open("/dashboard/account");
    const cells = [...sessions.matchAll(/<td([^>]*)>/g)].map((match) => match[1] ?? "");
    expect(cells.filter((attributes) => !attributes.includes("data-label="))).toHaveLength(1);
    expect(sessions).toContain('<span class="visually-hidden">Actions</span>');
  });
});
