import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { TEST_SELLER } from "../../../packages/sandbox-processor/src/core/test-data";
import { createApp } from "../../../src/app";
import { ADMIN_HEADERS, jsonInit } from "../support/http";
import type { Form, Readiness } from "../support/onboarding";

/** The origin a request came to, unlike the tests' BASE_URL: as `wrangler dev --port 9100` is reached. */
const ORIGIN = "http://example.test:9100";

/** Every link a merchant or a teammate is sent, from one service configured with `workerEnv`, reached at ORIGIN. */
async function generatedLinks(workerEnv: Env) {
  const app = createApp();
  const send = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const response = await app.fetch(new Request(ORIGIN + path, init), workerEnv);
    expect(response.ok, `${path}: ${response.status} ${await response.clone().text()}`).toBe(true);
    return response.json<T>();
  };
  const tenant = await send<{ id: string }>("/admin/tenants", jsonInit("POST", { name: "Origin Roasters" }, ADMIN_HEADERS));
  const { key } = await send<{ key: string }>(`/admin/tenants/${tenant.id}/keys`, { method: "POST", headers: ADMIN_HEADERS });
  const form = await send<Form>("/v1/onboarding", jsonInit("POST", { returnUrl: "https://merchant.example/done" }, { "X-Api-Key": key }));
  const submitted = await send<{ result: { redirect: string } }>(
    "/sandbox/control/submit-onboarding",
    jsonInit("POST", { id: form.formId, fields: TEST_SELLER }, ADMIN_HEADERS),
  );
  const readiness = await send<Readiness>("/v1/onboarding/status?refresh=true", { headers: { "X-Api-Key": key } });
  const invite = await send<{ inviteUrl: string }>(
    `/admin/tenants/${tenant.id}/dashboard/invites`,
    jsonInit("POST", { email: "owner@origin.example" }, ADMIN_HEADERS),
  );
  return {
    onboarding: form.onboardingUrl,
    return: submitted.result.redirect,
    pci: readiness.pci.actionUrl,
    invite: invite.inviteUrl,
  };
}

const startingWith = (prefix: string) => expect.stringMatching(new RegExp(`^${prefix.replace(/[.?]/g, "\\$&")}`));

function expectLinksAt(links: Record<string, string | null>, origin: string) {
  expect(links).toEqual({
    onboarding: startingWith(`${origin}/sandbox/onboarding?`),
    return: startingWith(`${origin}/onboarding/return/`),
    pci: startingWith(`${origin}/sandbox/compliance/cf_`),
    invite: startingWith(`${origin}/dashboard/invite/`),
  });
}

describe("the links the service and its sandbox generate", () => {
  it("without BASE_URL, point at the origin the request came to", async () => {
    expectLinksAt(await generatedLinks({ ...env, BASE_URL: undefined }), ORIGIN);
  });

  it("with BASE_URL, point at it, whatever origin the request came to", async () => {
    expect(env.BASE_URL).not.toBe(ORIGIN);
    expectLinksAt(await generatedLinks(env), env.BASE_URL!);
  });
});
