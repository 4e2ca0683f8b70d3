import { and, eq, like, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";

import { dashboardAuditLog } from "../../../src/accounts/audit.schema";
import { callbackSigningSecrets } from "../../../src/callbacks/callback-endpoints.schema";
import { eventually, mockReceiver, RECEIVER } from "../support/callbacks";
import { PASSWORD, signedInOwner } from "../support/dashboard";
import { controlDb, shardOf } from "../support/db";

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const secretsIn = (html: string) => [...html.matchAll(/value="(whsec_[A-Za-z0-9_-]+)"/g)].map((match) => match[1]!);

/** A signed-in owner whose callback URL (the first endpoint) is saved, and a second endpoint added through the form. */
async function withTwoEndpoints() {
  const owner = await signedInOwner();
  await owner.browser.open("/dashboard/callbacks");
  expect((await owner.browser.post("/dashboard/callbacks", { url: `${RECEIVER}/first` })).status).toBe(303);
  await owner.browser.open("/dashboard/callbacks");
  const created = await owner.browser.post("/dashboard/callbacks/endpoints", {
    url: `${RECEIVER}/disputes`,
    description: "Disputes desk",
    enabledEvents: "dispute.created, dispute.updated",
  });
  expect(created.status).toBe(201);
  const html = await created.text();
  const endpointId = /<p class="mono small">(cbe_[A-Za-z0-9]+)<\/p>/.exec(html)![1]!;
  return { ...owner, endpointId, createdHtml: html };
}

const auditOf = (tenantId: string) =>
  controlDb()
    .select({ action: dashboardAuditLog.action, target: dashboardAuditLog.target })
    .from(dashboardAuditLog)
    .where(and(eq(dashboardAuditLog.tenantId, tenantId), like(dashboardAuditLog.action, "callback_endpoint.%")))
    .orderBy(sql`rowid`);

describe("callback endpoints in the dashboard", () => {
  it("adds an endpoint, showing its own secret once, and lists it beside the callback URL", async () => {
    const { tenantId, browser, endpointId, createdHtml } = await withTwoEndpoints();
    const [secret] = secretsIn(createdHtml);
    expect(secret).toMatch(/^whsec_/);
    expect(createdHtml).toContain("Copy it into your receiver now.");

    const { html: list } = await browser.open("/dashboard/callbacks");
    expect(list).toContain(`href="/dashboard/callbacks/endpoints/${endpointId}"`);
    expect(list).toContain(`${RECEIVER}/first`);
    expect(list).toContain("dispute.created, dispute.updated");
    expect(secretsIn(list)).toEqual([]);
    const { html: page } = await browser.open(`/dashboard/callbacks/endpoints/${endpointId}`);
    expect(secretsIn(page)).toEqual([]);
    expect(await auditOf(tenantId)).toEqual([{ action: "callback_endpoint.created", target: `${endpointId} (${RECEIVER}/disputes)` }]);
  });

  it("refuses an unknown event type and a refused URL next to their fields", async () => {
    const { browser } = await signedInOwner();
    await browser.open("/dashboard/callbacks");
    const unknown = await browser.post("/dashboard/callbacks/endpoints", { url: `${RECEIVER}/x`, enabledEvents: "transfer.settled" });
    expect(unknown.status).toBe(422);
    const unknownHtml = await unknown.text();
    expect(unknownHtml).toContain('id="endpoint-events-error"');
    expect(unknownHtml).toContain("transfer.settled");
    const badUrl = await browser.post("/dashboard/callbacks/endpoints", { url: "ftp://example.com/x", enabledEvents: "*" });
    expect(badUrl.status).toBe(400);
    expect(await badUrl.text()).toContain('id="endpoint-url-error"');
  });

  it("edits, disables and deletes an endpoint, each audited", async () => {
    const { tenantId, browser, endpointId } = await withTwoEndpoints();
    await browser.open(`/dashboard/callbacks/endpoints/${endpointId}`);
    const saved = await browser.post(`/dashboard/callbacks/endpoints/${endpointId}`, {
      url: `${RECEIVER}/desk`,
      description: "Desk",
      enabledEvents: "*",
      state: "disabled",
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe(`/dashboard/callbacks/endpoints/${endpointId}?notice=endpoint-saved`);
    const { html } = await browser.open(`/dashboard/callbacks/endpoints/${endpointId}?notice=endpoint-saved`);
    expect(html).toContain("The endpoint was saved.");
    expect(html).toContain(`value="${RECEIVER}/desk"`);
    expect(html).toContain(">Disabled<");
    expect(html).not.toContain("Send test event");

    const deleted = await browser.post(`/dashboard/callbacks/endpoints/${endpointId}/delete`);
    expect(deleted.status).toBe(303);
    const { html: list } = await browser.open("/dashboard/callbacks?notice=endpoint-deleted");
    expect(list).toContain("The endpoint was deleted.");
    expect(list).not.toContain(`/dashboard/callbacks/endpoints/${endpointId}"`);
    expect((await browser.get(`/dashboard/callbacks/endpoints/${endpointId}`)).status).toBe(404);
    expect((await auditOf(tenantId)).map((row) => row.action)).toEqual([
      "callback_endpoint.created",
      "callback_endpoint.updated",
      "callback_endpoint.deleted",
    ]);
  });

  it("reveals and rotates the endpoint's own secret after the password", async () => {
    const { tenantId, browser, endpointId, createdHtml } = await withTwoEndpoints();
    const [shown] = secretsIn(createdHtml);
    await browser.open(`/dashboard/callbacks/endpoints/${endpointId}`);
    const wrong = await browser.post(`/dashboard/callbacks/endpoints/${endpointId}/secrets/reveal`, { password: "not it" });
    expect(wrong.status).toBe(401);
    expect(secretsIn(await wrong.text())).toEqual([]);

    const revealed = await browser.post(`/dashboard/callbacks/endpoints/${endpointId}/secrets/reveal`, { password: PASSWORD });
    expect(revealed.status).toBe(200);
    expect(secretsIn(await revealed.text())).toEqual([shown]);
    // The first endpoint's secret is another one.
    await browser.open("/dashboard/callbacks");
    const firstSecrets = secretsIn(await (await browser.post("/dashboard/callbacks/secrets/reveal", { password: PASSWORD })).text());
    expect(firstSecrets).toHaveLength(1);
    expect(firstSecrets).not.toContain(shown);

    await browser.open(`/dashboard/callbacks/endpoints/${endpointId}`);
    const rotated = await browser.post(`/dashboard/callbacks/endpoints/${endpointId}/secrets/rotate`, {
      password: PASSWORD,
      overlapSeconds: "3600",
    });
    expect(rotated.status).toBe(200);
    const afterRotation = secretsIn(await rotated.text());
    expect(afterRotation).toHaveLength(2);
    expect(afterRotation[1]).toBe(shown);
    expect(await (await shardOf(tenantId)).$count(callbackSigningSecrets, eq(callbackSigningSecrets.endpointId, endpointId))).toBe(2);
  });

  it("shows an endpoint that answered 410 Gone as disabled, on its page, the list and the audit log", async () => {
    const { tenantId, browser, endpointId } = await withTwoEndpoints();
    await browser.post(`/dashboard/callbacks/endpoints/${endpointId}`, {
      url: `${RECEIVER}/disputes`,
      description: "Disputes desk",
      enabledEvents: "*",
      state: "on",
    });
    await browser.open(`/dashboard/callbacks/endpoints/${endpointId}`);
    const receiver = mockReceiver(RECEIVER, [410]);
    restore = receiver.restore;
    const sent = await browser.post(`/dashboard/callbacks/endpoints/${endpointId}/test`);
    expect(sent.status).toBe(303);
    // Back on the endpoint's page, which has no delivery log of its own: the notice and the page point at the one there is.
    const { html: notice } = await browser.open(sent.headers.get("Location")!);
    expect(notice).toContain("on its way to this endpoint; follow its delivery in the delivery log (linked below).");
    expect(notice).not.toContain("watch the delivery log below");
    expect(notice).toContain('<a href="/dashboard/callbacks#deliveries">the delivery log</a>');
    expect((await browser.open("/dashboard/callbacks")).html).toContain('id="deliveries"');
    await eventually(
      () => auditOf(tenantId),
      (rows) => rows.some((row) => row.action === "callback_endpoint.gone"),
    );
    const { html: page } = await browser.open(`/dashboard/callbacks/endpoints/${endpointId}`);
    expect(page).toContain("Disabled — answered 410 Gone");
    expect(page).toContain("<strong>410 Gone</strong>");
    expect(page).toMatch(/replay what it missed from\s*<a href="\/dashboard\/callbacks#deliveries">the delivery log<\/a>/);
    const { html: list } = await browser.open("/dashboard/callbacks");
    expect(list).toContain("Disabled — answered 410 Gone");
    const { html: audit } = await browser.open("/dashboard/audit");
    expect(audit).toContain("A callback endpoint answered 410 Gone and was disabled");
    expect(receiver.received.map((callback) => callback.url)).toEqual([`${RECEIVER}/disputes`]);
  });
});
