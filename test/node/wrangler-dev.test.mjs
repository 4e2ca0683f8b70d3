// Plain `wrangler dev --port N`, without `npm run dev` and with no BASE_URL anywhere: the links the service generates
// follow the port, because without BASE_URL they come from the origin each request came to.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { devSecrets, startDevServer } from "../support/index.mjs";

let server;
let baseUrl;

beforeAll(async () => {
  // Its own server: wrangler.toml alone, without the sandbox's config beside it as every other test's server has.
  server = await startDevServer({ configs: [] });
  baseUrl = server.baseUrl;
});
afterAll(() => server?.stop());

async function json(response) {
  expect(response.ok, await response.clone().text()).toBe(true);
  return response.json();
}

describe("wrangler dev --port N", () => {
  it("links an invitation to port N, and offers only this server in the OpenAPI document", async () => {
    const headers = { Authorization: `Bearer ${devSecrets().ADMIN_SECRET}`, "Content-Type": "application/json" };
    const tenant = await json(
      await fetch(`${baseUrl}/admin/tenants`, { method: "POST", headers, body: JSON.stringify({ name: "Plain Port Co" }) }),
    );
    const invite = await json(
      await fetch(`${baseUrl}/admin/tenants/${tenant.id}/dashboard/invites`, {
        method: "POST",
        headers,
        body: JSON.stringify({ email: "owner@plain-port.example" }),
      }),
    );
    expect(invite.inviteUrl.startsWith(`${baseUrl}/dashboard/invite/`)).toBe(true);
    const document = await json(await fetch(`${baseUrl}/openapi.json`));
    expect(document.servers).toEqual([{ url: baseUrl, description: "This server" }]);
  });
});
