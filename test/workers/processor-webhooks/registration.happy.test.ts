import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { ADMIN_HEADERS, call } from "../support/http";

const processorHeaders = {
  Authorization: `Basic ${btoa(`${env.PROCESSOR_USERNAME}:${env.PROCESSOR_PASSWORD}`)}`,
  "Finix-Version": "2022-02-01",
};

describe("POST /admin/processor/webhook", () => {
  it("registers the inbound route with the processor, which test-POSTs it and enables it", async () => {
    const response = await call("/admin/processor/webhook", { method: "POST", headers: ADMIN_HEADERS });
    expect(response.status).toBe(201);
    const webhook = await response.json<{ id: string; url: string; enabled: boolean; secretSigningKey: string }>();
    expect(webhook).toMatchObject({ url: `${env.BASE_URL}/webhooks/processor`, enabled: true });
    expect(webhook.secretSigningKey).toMatch(/^[0-9a-f]{64}$/);
    const stored = await (
      await call(`/sandbox/processor/webhooks/${webhook.id}`, { headers: processorHeaders })
    ).json<{ enabled_events: { entity: string }[] }>();
    expect(stored.enabled_events.map((e) => e.entity).sort()).toEqual([
      "authorization",
      "compliance_form",
      "dispute",
      "evidence",
      "merchant",
      "onboarding_form",
      "settlement",
      "transfer",
    ]);
  });
});
