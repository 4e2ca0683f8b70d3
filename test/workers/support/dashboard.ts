import { eq } from "drizzle-orm";

import { dashboardSessions, dashboardUsers } from "../../../src/accounts/accounts.schema";
import { controlDb } from "./db";
import { ADMIN_HEADERS, call, createTenant, jsonInit } from "./http";

export const ORIGIN = "https://payment-connect.test";
export const PASSWORD = "correct horse battery staple";

/** The cookies a browser would hold: name → value, updated from each response's Set-Cookie. */
export type CookieJar = Map<string, string>;

export function absorbCookies(jar: CookieJar, response: Response): void {
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(";");
    const [name, value] = [pair!.slice(0, pair!.indexOf("=")), pair!.slice(pair!.indexOf("=") + 1)];
    if (/max-age=0/i.test(header) || value === "") jar.delete(name);
    else jar.set(name, value);
  }
}

const cookieHeader = (jar: CookieJar) => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

/**
 * A browser on the dashboard: a cookie jar, same-origin headers on posts (as a browser sends them), and the page's
 * form token added to every form unless the test says otherwise.
 */
export class DashboardBrowser {
  readonly jar: CookieJar = new Map();
  formToken = "";

  constructor(readonly address = "203.0.113.10") {}

  async get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    const response = await call(path, {
      redirect: "manual",
      headers: { Cookie: cookieHeader(this.jar), "CF-Connecting-IP": this.address, ...headers },
    });
    absorbCookies(this.jar, response);
    return response;
  }

  /** GETs a page and remembers its form token, as the next form post on it would carry. */
  async open(path: string): Promise<{ response: Response; html: string }> {
    const response = await this.get(path);
    const html = await response.text();
    const token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
    if (token) this.formToken = token;
    return { response, html };
  }

  async post(
    path: string,
    fields: Record<string, string> = {},
    { headers = {}, withToken = true }: { headers?: Record<string, string>; withToken?: boolean } = {},
  ): Promise<Response> {
    const body = new URLSearchParams(withToken ? { _csrf: this.formToken, ...fields } : fields);
    const response = await call(path, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: cookieHeader(this.jar),
        Origin: ORIGIN,
        "Sec-Fetch-Site": "same-origin",
        "CF-Connecting-IP": this.address,
        ...headers,
      },
      body,
    });
    absorbCookies(this.jar, response);
    return response;
  }

  /** A `multipart/form-data` form post, as a browser sends a form with a file; the page's form token is a field of it. */
  async postMultipart(
    path: string,
    form: FormData,
    { headers = {}, withToken = true }: { headers?: Record<string, string>; withToken?: boolean } = {},
  ): Promise<Response> {
    if (withToken) form.append("_csrf", this.formToken);
    const response = await call(path, {
      method: "POST",
      redirect: "manual",
      headers: {
        Cookie: cookieHeader(this.jar),
        Origin: ORIGIN,
        "Sec-Fetch-Site": "same-origin",
        "CF-Connecting-IP": this.address,
        ...headers,
      },
      body: form,
    });
    absorbCookies(this.jar, response);
    return response;
  }

  async signIn(email: string, password = PASSWORD): Promise<Response> {
    await this.open("/dashboard/sign-in");
    return this.post("/dashboard/sign-in", { email, password });
  }
}

export async function inviteOwner(tenantId: string, email: string): Promise<{ inviteUrl: string; path: string; token: string }> {
  const response = await call(`/admin/tenants/${tenantId}/dashboard/invites`, jsonInit("POST", { email }, ADMIN_HEADERS));
  if (response.status !== 201) throw new Error(`invite: ${response.status} ${await response.text()}`);
  const { inviteUrl } = (await response.json()) as { inviteUrl: string };
  const path = new URL(inviteUrl).pathname;
  return { inviteUrl, path, token: path.split("/").at(-1)! };
}

/** Opens the invitation and sets the password, as the invited person does. */
export async function acceptInvitation(
  browser: DashboardBrowser,
  path: string,
  name = "Ada Owner",
  password = PASSWORD,
): Promise<Response> {
  await browser.open(path);
  return browser.post(path, { name, password, confirm: password });
}

let accounts = 0;

export const uniqueEmail = (who = "owner") => `${who}${++accounts}.${crypto.randomUUID().slice(0, 8)}@example.com`;

/** A tenant with a signed-in owner: the starting point of most dashboard tests. */
export async function signedInOwner(tenantName = "Dashboard Roasters") {
  const tenant = await createTenant(tenantName);
  return { tenantId: tenant.id, ...(await ownerOf(tenant.id)) };
}

/** An owner of an existing tenant, invited by the operator and signed in from their own browser (and address). */
export async function ownerOf(tenantId: string, address?: string) {
  const email = uniqueEmail();
  const { path } = await inviteOwner(tenantId, email);
  const browser = new DashboardBrowser(address);
  const accepted = await acceptInvitation(browser, path);
  if (accepted.status !== 303) throw new Error(`accept: ${accepted.status} ${await accepted.text()}`);
  const signedIn = await browser.signIn(email);
  if (signedIn.status !== 303) throw new Error(`sign-in: ${signedIn.status} ${await signedIn.text()}`);
  await browser.open("/dashboard");
  return { email, browser };
}

/** Moves a user's sessions back in time, as if that much time had passed since sign-in and since the last request. */
export async function ageSessions(email: string, { sinceSignInMs, idleMs }: { sinceSignInMs: number; idleMs: number }): Promise<void> {
  const now = Date.now();
  const db = controlDb();
  await db
    .update(dashboardSessions)
    .set({
      createdAt: new Date(now - sinceSignInMs).toISOString(),
      expiresAt: new Date(now - sinceSignInMs + 12 * 3600_000).toISOString(),
      lastSeenAt: new Date(now - idleMs).toISOString(),
    })
    .where(eq(dashboardSessions.userId, db.select({ id: dashboardUsers.id }).from(dashboardUsers).where(eq(dashboardUsers.email, email))));
}
