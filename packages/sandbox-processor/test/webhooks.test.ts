import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { approvedMerchant, buyerInstrument, control, eventually, processor, sale } from "./support/sandbox-processor";

const inboxUrl = (name: string, query = "") => `${env.BASE_URL}/sandbox/inbox/${name}${query}`;
const inbox = (name: string) => control.readInbox(name);

type Delivery = Awaited<ReturnType<typeof control.listDeliveries>>[number];

// How the service receives these webhooks (its own route through the SERVICE binding, signed with its configured key)
// is tested with the service, in test/workers/sandbox-binding.test.ts.
describe("sandbox webhooks", () => {
  it("send Bearer credentials, list and update webhooks", async () => {
    const bearer = await processor("POST", "/webhooks", {
      url: inboxUrl("bearer"),
      authentication: { type: "BEARER", bearer: { token: "t0ken" } },
      enabled_events: [{ entity: "merchant", types: ["underwritten"] }],
    });
    expect((await inbox("bearer"))[0]!.headers.authorization).toBe("Bearer t0ken");
    await approvedMerchant();
    const delivered = await eventually(
      () => inbox("bearer"),
      (requests) => requests.length >= 2,
    );
    expect(JSON.parse(delivered[1]!.body)).toMatchObject({
      entity: "merchant",
      type: "underwritten",
      _embedded: { merchants: [{ onboarding_state: "APPROVED" }] },
    });

    expect((await processor("GET", `/webhooks/${bearer.body.id}`)).body.url).toBe(inboxUrl("bearer"));
    expect((await processor("GET", "/webhooks")).body._embedded.webhooks.map((w: { id: string }) => w.id)).toContain(bearer.body.id);
    const disabled = await processor("PUT", `/webhooks/${bearer.body.id}`, { enabled: false });
    expect(disabled.body.enabled).toBe(false);
  });

  it("are retried at +1.5, +2, +3, +5 and +9 minutes, then dropped", async () => {
    const failing = await processor("POST", "/webhooks", {
      url: inboxUrl("down", "?status=500"),
      enabled_events: [{ entity: "settlement", types: ["created"] }],
    });
    expect(failing.body.enabled).toBe(false);
    await processor("PUT", `/webhooks/${failing.body.id}`, { enabled: true });
    const { merchantId } = await approvedMerchant();
    await sale(merchantId, await buyerInstrument(), 999);
    const settlement = await control.closeSettlement(merchantId);

    const delivery = async (): Promise<Delivery> =>
      (await control.listDeliveries(failing.body.id)).find((d) => d.resourceId === settlement!.id)!;
    expect(await delivery()).toMatchObject({ status: "pending", attempts: 1, lastResponseStatus: 500 });
    for (const [retry, waitSeconds] of [90, 120, 180, 300, 540].entries()) {
      const before = await delivery();
      const { now } = await control.advanceClock(waitSeconds - 1);
      expect((Date.parse(before.nextAttemptAt!) - Date.parse(now)) / 1000).toBeCloseTo(1, 0);
      await control.advanceClock(1);
      expect((await delivery()).attempts).toBe(retry + 2);
    }
    expect(await delivery()).toMatchObject({ status: "dropped", attempts: 6, nextAttemptAt: null });
    expect((await inbox("down")).filter((request) => request.body.includes(settlement!.id as string))).toHaveLength(6);
  });

  it("go over the network for URLs on other origins", async () => {
    const remote = await processor("POST", "/webhooks", { url: "https://receiver.invalid/finix", enabled: false });
    await processor("PUT", `/webhooks/${remote.body.id}`, { enabled: true, enabled_events: [{ entity: "dispute", types: ["created"] }] });
    const { merchantId } = await approvedMerchant();
    const sold = await sale(merchantId, await buyerInstrument(), 888888);
    await control.openDispute(sold.body.id);
    const [delivery] = await control.listDeliveries(remote.body.id);
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, lastResponseStatus: null });
    expect(delivery!.lastError).toBeTruthy();
  });
});

describe("the service's public origin", () => {
  const ONBOARDING_FORM = {
    onboarding_data: { entity: { business_name: "Origin Co" }, max_transaction_amount: 100000 },
    merchant_processors: [{ processor: "DUMMY_V1" }],
    onboarding_link_details: { return_url: "https://platform.example/return", expiration_in_minutes: "30" },
  };
  const linkOf = async (headers: Record<string, string> = {}) =>
    (await processor("POST", "/onboarding_forms", ONBOARDING_FORM, { headers })).body.onboarding_link.link_url as string;

  it("is BASE_URL until the service says, then the one its latest call named: for links, and for webhooks sent later", async () => {
    expect(await linkOf()).toMatch(new RegExp(`^${env.BASE_URL}/sandbox/onboarding\\?`));
    const origin = "http://example.test:9100";
    expect(await linkOf({ "x-sandbox-service-origin": origin })).toMatch(/^http:\/\/example\.test:9100\/sandbox\/onboarding\?/);
    await control.reset();
    expect(await linkOf()).toMatch(/^http:\/\/example\.test:9100\/sandbox\/onboarding\?/);

    // Sent from the alarm, with no call in hand: on that origin is this worker's own request bin, and the body links there.
    await processor("POST", "/webhooks", {
      url: `${origin}/sandbox/inbox/told`,
      enabled_events: [{ entity: "merchant", types: ["underwritten"] }],
    });
    await approvedMerchant();
    const delivered = await eventually(
      () => inbox("told"),
      (requests) => requests.length >= 2,
    );
    expect(delivered[1]!.body).toContain(`"${origin}/sandbox/processor/merchants/`);
  });
});
