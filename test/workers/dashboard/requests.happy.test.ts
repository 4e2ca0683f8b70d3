import { describe, expect, it } from "vitest";

import { signedInOwner } from "../support/dashboard";
import { ADMIN_HEADERS, call, expectProblem, jsonInit } from "../support/http";
import { loggedRequest, seedRequests } from "../support/requests";

/** A key the operator issues with a name, as the keys page shows it. */
async function namedKey(tenantId: string, name: string) {
  const response = await call(`/admin/tenants/${tenantId}/keys`, jsonInit("POST", { name }, ADMIN_HEADERS));
  const { id, key } = await response.json<{ id: string; key: string }>();
  return { id, auth: { "X-Api-Key": key } };
}

/** The request pages a list links to, in the order it lists them. */
const requestLinks = (html: string) => [...html.matchAll(/href="\/dashboard\/requests\/(req_[A-Za-z0-9]+)"/g)].map((match) => match[1]);

describe("the request log page", () => {
  it("lists the tenant's requests with their key, finds a failing one by its traceId, and shows it", async () => {
    const { tenantId, browser } = await signedInOwner("Logged Lattes");
    const checkout = await namedKey(tenantId, "Checkout server");
    expect((await browser.open("/dashboard/requests")).html).toContain("No requests yet");
    const listed = await call("/v1/payments?limit=5", { headers: checkout.auth });
    const failed = await expectProblem(
      await call("/v1/payments/lcpay_lostlostlost00001", { headers: { ...checkout.auth, "Idempotency-Key": "looked-up-1" } }),
      404,
      "not-found",
    );
    const ok = await loggedRequest(checkout.auth, listed.headers.get("X-Trace-Id")!);
    const failing = await loggedRequest(checkout.auth, failed.traceId);

    // Newest first, after the requests that waited for these two rows (GET /v1/requests is logged too).
    const { html: all } = await browser.open("/dashboard/requests");
    expect(requestLinks(all).slice(-2)).toEqual([failing.id, ok.id]);
    expect(all).toContain("/v1/payments/lcpay_lostlostlost00001");
    expect(all).toContain(failed.traceId);
    expect(all).toMatch(/Checkout server \(lc_live_[A-Za-z0-9_-]{4}…[A-Za-z0-9_-]{4}\)/);
    expect(all).toContain('data-status="404"');

    // Pasted as a person would: upper case, with spaces around it.
    const { html: found } = await browser.open(`/dashboard/requests?traceId=${encodeURIComponent(` ${failed.traceId.toUpperCase()} `)}`);
    expect(requestLinks(found)).toEqual([failing.id]);

    const { response, html } = await browser.open(`/dashboard/requests/${failing.id}`);
    expect(response.status).toBe(200);
    expect(html).toContain("<title>GET /v1/payments/lcpay_lostlostlost00001 · Payment Connect</title>");
    for (const shown of [failed.traceId, "looked-up-1", "Checkout server", ">404<", `${failing.durationMs} ms`, failing.receivedAtUtc]) {
      expect(html).toContain(shown);
    }
    // The payment the path names, linked to its page.
    expect(html).toContain('href="/dashboard/payments/lcpay_lostlostlost00001"');
    expect(html).toContain(`href="/dashboard/requests?traceId=${failed.traceId}"`);
    expect(html).toContain(`href="/dashboard/requests?key=${checkout.id}"`);
  });

  it("filters by status class or code, path and key, says which filter it ignored, and pages 50 at a time", async () => {
    const { tenantId, browser } = await signedInOwner("Filtered Flats");
    const [first, second] = [await namedKey(tenantId, "First"), await namedKey(tenantId, "Second")];
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const [created, conflict, gone, failing] = await seedRequests(tenantId, [
      { at: minutesAgo(40), method: "POST", path: "/v1/payments", status: 201, apiKeyId: first.id },
      { at: minutesAgo(30), method: "POST", path: "/v1/payments/lcpay_paidpaidpaid00001/refund", status: 409, apiKeyId: first.id },
      { at: minutesAgo(20), path: "/v1/disputes/lcdsp_gonegonegone00001", status: 404, apiKeyId: second.id },
      { at: minutesAgo(10), method: "POST", path: "/v1/payments", status: 502, apiKeyId: second.id },
    ]);
    const ids = async (query: string) => requestLinks((await browser.open(`/dashboard/requests?${query}`)).html);

    expect(await ids("status=4xx")).toEqual([gone!.id, conflict!.id]);
    expect(await ids("status=4XX")).toEqual([gone!.id, conflict!.id]);
    expect(await ids("status=502")).toEqual([failing!.id]);
    expect(await ids("path=%2Fv1%2Fpayments")).toEqual([failing!.id, conflict!.id, created!.id]);
    expect(await ids(`key=${second.id}`)).toEqual([failing!.id, gone!.id]);
    expect(await ids(`status=2xx&key=${first.id}`)).toEqual([created!.id]);
    const { html: ignored } = await browser.open("/dashboard/requests?status=teapot&path=payments");
    expect(ignored).toContain("Ignored an invalid status and path.");
    expect(requestLinks(ignored)).toEqual([failing!.id, gone!.id, conflict!.id, created!.id]);
    expect((await browser.open("/dashboard/requests?status=3xx")).html).toContain("No requests match");

    await seedRequests(
      tenantId,
      Array.from({ length: 50 }, (_, n) => ({ at: minutesAgo(60 + n), status: 200, apiKeyId: first.id })),
    );
    const { html: page } = await browser.open(`/dashboard/requests?key=${first.id}`);
    expect(requestLinks(page)).toHaveLength(50);
    const next = /href="(\/dashboard\/requests\?[^"]*cursor=[^"]+)"/.exec(page)![1]!.replaceAll("&amp;", "&");
    expect(next).toContain(`key=${first.id}`);
    const { html: rest } = await browser.open(next);
    expect(requestLinks(rest)).toHaveLength(2);
    expect(rest).not.toContain("Older requests");
  });

  it("shows a request its key's permissions refused, named by that key", async () => {
    const { tenantId, browser } = await signedInOwner("Refused Rolls");
    const reader = await namedKey(tenantId, "Reader");
    const issued = await call(
      `/admin/tenants/${tenantId}/keys`,
      jsonInit("POST", { name: "Reports", permissions: { payouts: "read" } }, ADMIN_HEADERS),
    );
    const { key } = await issued.json<{ key: string }>();
    const refused = await expectProblem(await call("/v1/payments", { headers: { "X-Api-Key": key } }), 403, "insufficient-permissions");
    await loggedRequest(reader.auth, refused.traceId);
    const { html } = await browser.open(`/dashboard/requests?traceId=${refused.traceId}`);
    expect(html).toContain('data-status="403"');
    expect(html).toMatch(/Reports \(lc_live_/);
  });
});
