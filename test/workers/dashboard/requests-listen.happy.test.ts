import { describe, expect, it } from "vitest";

import { signedInOwner } from "../support/dashboard";
import { ADMIN_HEADERS, call, jsonInit } from "../support/http";
import { loggedRequest } from "../support/requests";

/** How `payment-connect listen` (clients/typescript/src/listen.ts) names itself on its polls. */
const LISTEN_USER_AGENT = "PaymentConnect-Listen/1.0";

const requestLinks = (html: string) => [...html.matchAll(/href="\/dashboard\/requests\/(req_[A-Za-z0-9]+)"/g)].map((match) => match[1]);

describe("listen's polls in the request log page", () => {
  it("are hidden by default, with a link and a filter that show them; any other client's events reads stay listed", async () => {
    const { tenantId, browser } = await signedInOwner("Listening Larder");
    const issued = await call(`/admin/tenants/${tenantId}/keys`, jsonInit("POST", { name: "Laptop" }, ADMIN_HEADERS));
    const auth = { "X-Api-Key": (await issued.json<{ key: string }>()).key };
    const poll = await call("/v1/events?limit=200", { headers: { ...auth, "User-Agent": LISTEN_USER_AGENT } });
    const ownRead = await call("/v1/events?limit=5", { headers: { ...auth, "User-Agent": "checkout-server/2.1" } });
    const listen = await loggedRequest(auth, poll.headers.get("X-Trace-Id")!);
    const own = await loggedRequest(auth, ownRead.headers.get("X-Trace-Id")!);

    const { html } = await browser.open("/dashboard/requests");
    expect(requestLinks(html)).toContain(own.id);
    expect(requestLinks(html)).not.toContain(listen.id);
    expect(html).toContain('<a href="/dashboard/requests?listen=shown">show them</a>');
    expect(html).toMatch(/<input id="listen" name="listen" type="checkbox" value="shown"\/?>/);

    const { html: shown } = await browser.open("/dashboard/requests?listen=shown");
    expect(requestLinks(shown)).toEqual(expect.arrayContaining([listen.id, own.id]));
    expect(shown).not.toContain('id="listen-hidden"');
    expect(shown).toMatch(/<input id="listen" name="listen" type="checkbox" value="shown" checked=""\/?>/);

    // With another filter the choice is kept: the link to show them keeps the path filter.
    const { html: filtered } = await browser.open("/dashboard/requests?path=%2Fv1%2Fevents");
    expect(requestLinks(filtered)).toEqual([own.id]);
    expect(filtered).toContain('href="/dashboard/requests?path=%2Fv1%2Fevents&amp;listen=shown"');
    expect(requestLinks((await browser.open("/dashboard/requests?path=%2Fv1%2Fevents&listen=shown")).html)).toEqual([own.id, listen.id]);

    // The API's own log lists every request, listen's included.
    const api = await call("/v1/requests?path=%2Fv1%2Fevents", { headers: auth });
    expect((await api.json<{ data: { id: string }[] }>()).data.map((row) => row.id)).toEqual([own.id, listen.id]);
  });
});
