import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../../../src/app";
import { signedInOwner, type DashboardBrowser } from "../support/dashboard";

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
