import { and, eq, inArray, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";

import { dashboardAuditLog } from "../../../src/accounts/audit.schema";
import { callbackSigningSecrets } from "../../../src/callbacks/callback-endpoints.schema";
import { callbackDeliveries } from "../../../src/callbacks/deliveries.schema";
import { eventually, independentHmacHex, mockReceiver, RECEIVER } from "../support/callbacks";
import { PASSWORD, signedInOwner } from "../support/dashboard";
import { controlDb, shardOf } from "../support/db";

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const secretsIn = (html: string) => [...html.matchAll(/value="(whsec_[A-Za-z0-9_-]+)"/g)].map((match) => match[1]!);

async function withUrl(url = `${RECEIVER}/hooks`) {
  const owner = await signedInOwner();
  await owner.browser.open("/dashboard/callbacks");
  const saved = await owner.browser.post("/dashboard/callbacks", { url });
  expect(saved.status).toBe(303);
  expect(saved.headers.get("Location")).toBe("/dashboard/callbacks?notice=callbacks-saved");
  await owner.browser.open("/dashboard/callbacks");
  return owner;
}

describe("callbacks page", () => {
  it("saves an https URL, which generates the signing secret; saving it empty turns callbacks off", async () => {
    const { tenantId, browser } = await withUrl();
    const { html } = await browser.open("/dashboard/callbacks");
    expect(html).toContain(`value="${RECEIVER}/hooks"`);
    expect(html).toContain(">current<");
    expect(secretsIn(html)).toEqual([]);

    expect((await browser.post("/dashboard/callbacks", { url: "" })).headers.get("Location")).toBe(
      "/dashboard/callbacks?notice=callbacks-off",
    );
    const { html: off } = await browser.open("/dashboard/callbacks?notice=callbacks-off");
    expect(off).toContain("Callbacks are off.");
    expect(off).not.toContain("Send test event");
    const audit = await controlDb()
      .select({ target: dashboardAuditLog.target })
      .from(dashboardAuditLog)
      .where(and(eq(dashboardAuditLog.tenantId, tenantId), eq(dashboardAuditLog.action, "callback_url.changed")))
      .orderBy(sql`rowid`);
    expect(audit.map((row) => row.target)).toEqual([`${RECEIVER}/hooks`, "(off)"]);
  });

  // The tests run as `npm run dev` does (sandbox on localhost), where local receivers are allowed; these are refused everywhere.
  it("refuses a URL the policy refuses, with the reason next to the field and the typed value kept", async () => {
    const { browser } = await signedInOwner();
    await browser.open("/dashboard/callbacks");
    for (const [url, reason] of [
      ["ftp://example.com/hook", "must be an http or https URL"],
      ["https://user:secret@example.com/hook", "must not carry credentials"],
      ["https://169.254.169.254/latest", "cloud metadata"],
      ["not a url", "must be an absolute URL"],
    ] as const) {
      const response = await browser.post("/dashboard/callbacks", { url });
      expect(response.status, url).toBe(400);
      const html = await response.text();
      expect(html).toContain('id="url-error"');
      expect(html).toContain(reason);
      expect(html).toContain(`value="${url}"`);
    }
  });

  it("reveals the signing secret only after the password, and records the reveal", async () => {
    const { tenantId, browser } = await withUrl();
    const wrong = await browser.post("/dashboard/callbacks/secrets/reveal", { password: "not my password" });
    expect(wrong.status).toBe(401);
    const refusal = await wrong.text();
    expect(refusal).toContain("That is not your password. Nothing was shown.");
    expect(secretsIn(refusal)).toEqual([]);

    const revealed = await browser.post("/dashboard/callbacks/secrets/reveal", { password: PASSWORD });
    expect(revealed.status).toBe(200);
    expect(revealed.headers.get("Cache-Control")).toBe("no-store");
    const [secret] = secretsIn(await revealed.text());
    expect(secret).toMatch(/^whsec_/);
    const stored = await (
      await shardOf(tenantId)
    ).query.callbackSigningSecrets.findFirst({ columns: { secretCiphertext: true }, where: eq(callbackSigningSecrets.tenantId, tenantId) });
    expect(stored!.secretCiphertext).not.toContain(secret!.slice(6));
    const audit = await controlDb().$count(
      dashboardAuditLog,
      and(eq(dashboardAuditLog.tenantId, tenantId), eq(dashboardAuditLog.action, "signing_secret.revealed")),
    );
    expect(audit).toBe(1);
  });

  it("rotates with an overlap: the new secret is current, the old one keeps signing for the chosen window", async () => {
    const { browser } = await withUrl();
    const [before] = secretsIn(await (await browser.post("/dashboard/callbacks/secrets/reveal", { password: PASSWORD })).text());
    expect(
      (await browser.post("/dashboard/callbacks/secrets/rotate", { password: "wrong password!", overlapSeconds: "86400" })).status,
    ).toBe(401);
    const rotated = await browser.post("/dashboard/callbacks/secrets/rotate", { password: PASSWORD, overlapSeconds: "3600" });
    expect(rotated.status).toBe(200);
    const html = await rotated.text();
    const [current, previous] = secretsIn(html);
    expect(current).not.toBe(before);
    expect(previous).toBe(before);
    expect(html).toMatch(/Previous secret \(signs until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\)/);

    const { html: page } = await browser.open("/dashboard/callbacks");
    expect(page.match(/>previous</g)).toHaveLength(1);
    const retired = await browser.post("/dashboard/callbacks/secrets/rotate", { password: PASSWORD, overlapSeconds: "0" });
    expect(secretsIn(await retired.text())).toHaveLength(1);
  });

  it("sends a signed ping the receiver can verify, and lists it delivered with its attempt", async () => {
    const receiver = mockReceiver(RECEIVER, [204]);
    restore = receiver.restore;
    const { tenantId, browser } = await withUrl();
    const [secret] = secretsIn(await (await browser.post("/dashboard/callbacks/secrets/reveal", { password: PASSWORD })).text());

    const sent = await browser.post("/dashboard/callbacks/test");
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe("/dashboard/callbacks?notice=test-event-sent");
    await eventually(
      async () => receiver.received.length,
      (count) => count === 1,
    );
    const [ping] = receiver.received;
    expect(ping!.headers.get("LC-Event-Type")).toBe("ping");
    const body = JSON.parse(ping!.rawBody) as Record<string, unknown>;
    expect(body).toMatchObject({ type: "ping", id: ping!.headers.get("LC-Event-Id") });
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})/.exec(ping!.headers.get("LC-Signature")!)!;
    expect(v1).toBe(await independentHmacHex(secret!, `${t}.${ping!.rawBody}`));

    const html = await eventually(
      async () => (await browser.open("/dashboard/callbacks")).html,
      (page) => page.includes('data-status="delivered"'),
    );
    expect(html).toContain("<code>ping</code>");
    expect(html).toContain("HTTP 204");
    expect(html).toContain(body.id as string);

    const filtered = (await browser.open("/dashboard/callbacks?status=failed")).html;
    expect(filtered).toContain("No deliveries match these filters");
    const byEvent = (await browser.open(`/dashboard/callbacks?eventId=${body.id}`)).html;
    expect(byEvent).toContain('data-status="delivered"');

    const replayed = await browser.post(`/dashboard/callbacks/events/${body.id}/replay`);
    expect(replayed.headers.get("Location")).toBe("/dashboard/callbacks?notice=replayed");
    await eventually(
      async () => receiver.received.length,
      (count) => count === 2,
    );
    expect(receiver.received[1]!.rawBody).toBe(ping!.rawBody);
    const actions = await controlDb()
      .select({ action: dashboardAuditLog.action })
      .from(dashboardAuditLog)
      .where(and(eq(dashboardAuditLog.tenantId, tenantId), inArray(dashboardAuditLog.action, ["test_event.sent", "callbacks.replayed"])));
    expect(actions.map((row) => row.action).sort()).toEqual(["callbacks.replayed", "test_event.sent"]);
  });

  it("replays every failed delivery since a time", async () => {
    const receiver = mockReceiver(RECEIVER, [204]);
    restore = receiver.restore;
    const { tenantId, browser } = await withUrl();
    await browser.post("/dashboard/callbacks/test");
    await eventually(
      async () => receiver.received.length,
      (count) => count === 1,
    );
    // As if every retry had failed: the dead-letter consumer's end state.
    await (
      await shardOf(tenantId)
    )
      .update(callbackDeliveries)
      .set({ status: "failed", failedAt: new Date().toISOString() })
      .where(eq(callbackDeliveries.tenantId, tenantId));
    const since = new Date(Date.now() - 3600_000).toISOString().slice(0, 16);
    const replayed = await browser.post("/dashboard/callbacks/replay-failed", { since });
    expect(replayed.headers.get("Location")).toBe("/dashboard/callbacks?notice=replayed");
    await eventually(
      async () => receiver.received.length,
      (count) => count === 2,
    );
    const nothing = await browser.post("/dashboard/callbacks/replay-failed", { since });
    expect(nothing.headers.get("Location")).toBe("/dashboard/callbacks?notice=nothing-to-replay");
    expect((await browser.post("/dashboard/callbacks/replay-failed", { since: "yesterday" })).status).toBe(400);
  });

  it("says plainly that a test event needs callbacks on", async () => {
    const { browser } = await signedInOwner();
    await browser.open("/dashboard/callbacks");
    const response = await browser.post("/dashboard/callbacks/test");
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("Callbacks are off: save a callback URL before sending a test event.");
  });
});
