import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { resolveSession, signIn } from "../../../src/accounts";
import { createApp } from "../../../src/app";
import { createContext } from "../../../src/context";
import { acceptInvitation, DashboardBrowser, inviteOwner, PASSWORD, signedInOwner, uniqueEmail } from "../support/dashboard";
import { ADMIN_HEADERS, call, jsonInit } from "../support/http";

/** The session look-ups one page costs: statements that read a session by its token's hash. */
async function sessionLookups(browser: DashboardBrowser, path: string): Promise<number> {
  let lookups = 0;
  const db = new Proxy(env.DB, {
    get(target, property) {
      if (property === "prepare") {
        return (query: string) => {
          if (/from "dashboard_sessions"/.test(query) && query.includes('"token_hash" = ?')) lookups++;
          return target.prepare(query);
        };
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const cookie = [...browser.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const executionCtx = createExecutionContext();
  const response = await createApp().fetch(
    new Request(`https://payment-connect.test${path}`, { headers: { Cookie: cookie, "CF-Connecting-IP": browser.address } }),
    { ...env, DB: db },
    executionCtx,
  );
  await waitOnExecutionContext(executionCtx);
  expect(response.status, path).toBe(200);
  return lookups;
}

describe("a signed-in page", () => {
  it("looks its session up once, the overview at /dashboard as much as any page below it", async () => {
    const { browser } = await signedInOwner();
    for (const path of ["/dashboard", "/dashboard/payments", "/dashboard/account"]) {
      expect(await sessionLookups(browser, path), path).toBe(1);
    }
  });
});

describe("session → tenant → shard", () => {
  it("names the shard the control database places the session's tenant on, at sign-in and on every later look-up", async () => {
    const created = await call("/admin/tenants", jsonInit("POST", { name: "Porto Padaria", region: "eu" }, ADMIN_HEADERS));
    const { id: tenantId } = await created.json<{ id: string }>();
    const email = uniqueEmail();
    const { path } = await inviteOwner(tenantId, email);
    expect((await acceptInvitation(new DashboardBrowser(), path)).status).toBe(303);

    const ctx = createContext(env);
    const origin = { ipAddress: "192.0.2.44", userAgent: "test" };
    const signedIn = await signIn({ ctx, input: { email, password: PASSWORD, origin } });
    if (signedIn.outcome !== "signed-in") throw new Error(`sign-in: ${signedIn.outcome}`);
    expect(signedIn.session).toMatchObject({ tenantId, shard: "DB_SHARD_EU_1" });
    expect(await resolveSession({ ctx, input: { token: signedIn.token } })).toMatchObject({ tenantId, shard: "DB_SHARD_EU_1" });
  });
});
