// The generated TypeScript client (clients/typescript) against the whole service on `wrangler dev`: every request here
// goes through it — typed by the committed OpenAPI snapshot's schema.d.ts — and a real callback is verified with
// the client's verifier.
import { readFileSync } from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  chargeOrder,
  eventsSince,
  listPayments,
  receiveCallback,
  refundPayment,
  tenantClient,
} from "../../clients/typescript/examples/flows.ts";
import { createPaymentConnectClient, verifyCallback } from "../../clients/typescript/src/index.ts";
import { normalizeDocument } from "../../scripts/openapi/document.mjs";
import { cardToken, chargeableTenant, devSecrets, sharedDevServer, startCallbackReceiver, waitFor } from "../support/index.mjs";

let server;
let receiver;

beforeAll(async () => {
  receiver = await startCallbackReceiver();
  server = await sharedDevServer();
});
afterAll(() => receiver?.close());

describe("the generated TypeScript client on wrangler dev", () => {
  it("charges with an Idempotency-Key, refunds, pages through payments by nextCursor, and verifies a real callback", async () => {
    const { ADMIN_SECRET } = devSecrets();
    const { tenantId, key } = await chargeableTenant(server.baseUrl, { Authorization: `Bearer ${ADMIN_SECRET}` }, "Typed Client Roasters");
    const client = tenantClient(`${server.baseUrl}/`, key);
    const operator = createPaymentConnectClient({ baseUrl: server.baseUrl, apiKey: ADMIN_SECRET });

    // The operator registers the receiver as the tenant's callback URL and reads its signing secret.
    const saved = await operator.PUT("/admin/tenants/{tenantId}/callbacks", {
      params: { path: { tenantId } },
      body: { url: receiver.url("/hooks") },
    });
    expect(saved.response.status).toBe(200);
    const secrets = await operator.GET("/admin/tenants/{tenantId}/callbacks/secrets", { params: { path: { tenantId } } });
    const secret = /** @type {NonNullable<typeof secrets.data>} */ (secrets.data).data[0]?.secret ?? "";
    expect(secret).toMatch(/^whsec_/);

    // A charge, and its replay under the same Idempotency-Key: the same payment, not a second one.
    const chargeBody = async (orderRef) => ({
      amountCents: 2500,
      currency: "USD",
      orderRef,
      processorToken: await cardToken(server.baseUrl),
      buyer: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
    });
    const charge = async (orderRef, body) =>
      client.POST("/v1/payments", { params: { header: { "Idempotency-Key": orderRef } }, body: body ?? (await chargeBody(orderRef)) });
    const body = await chargeBody("typed-order-1");
    const first = await charge("typed-order-1", body);
    expect(first.error).toBeUndefined();
    expect(first.response.status).toBe(201);
    expect(first.data).toMatchObject({ status: "succeeded", amountCents: 2500 });
    const firstPayment = /** @type {NonNullable<typeof first.data>} */ (first.data);
    const replay = await charge("typed-order-1", body);
    expect(replay.response.status).toBe(201);
    expect(replay.data).toEqual(first.data);
    const reused = await charge("typed-order-1", { ...body, amountCents: 2600 });
    expect(reused.response.status).toBe(409);
    expect(reused.error).toMatchObject({ type: expect.stringContaining("idempotency-key-reused") });
    const fetched = await client.GET("/v1/payments/{id}", { params: { path: { id: firstPayment.lcPaymentId } } });
    expect(fetched.data).toMatchObject({ lcPaymentId: firstPayment.lcPaymentId, orderRef: "typed-order-1" });

    // A failure is the typed problem body.
    const missing = await client.GET("/v1/payments/{id}", { params: { path: { id: "lcpay_doesnotexist0000" } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toMatchObject({ status: 404, traceId: expect.any(String) });

    // A refund (the README's refundPayment); it is announced to the receiver as a signed transfer.updated callback.
    const refunded = await refundPayment(client, firstPayment.lcPaymentId);
    expect(refunded).toMatchObject({ lcPaymentId: firstPayment.lcPaymentId, status: "refunded" });

    // More charges (the README's chargeOrder), then pages of two through nextCursor: every payment once, newest first.
    const buyer = { firstName: "Grace", lastName: "Hopper", email: "grace@example.com" };
    const more = [];
    for (const orderRef of ["typed-order-2", "typed-order-3", "typed-order-4", "typed-order-5"]) {
      const created = await chargeOrder(client, { orderRef, amountCents: 1200, processorToken: await cardToken(server.baseUrl), buyer });
      expect(created.status).toBe("succeeded");
      more.unshift(created.lcPaymentId);
    }
    const pages = [];
    let cursor;
    do {
      const page = await client.GET("/v1/payments", { params: { query: { limit: 2, ...(cursor ? { cursor } : {}) } } });
      expect(page.error).toBeUndefined();
      const { data, hasMore, nextCursor } = /** @type {NonNullable<typeof page.data>} */ (page.data);
      pages.push(data);
      cursor = hasMore ? nextCursor : undefined;
      if (!hasMore) expect(nextCursor).toBe("");
    } while (cursor);
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    const paged = pages.flat();
    expect(new Set(paged.map((payment) => payment.lcPaymentId))).toEqual(new Set([firstPayment.lcPaymentId, ...more]));
    const createdAt = paged.map((payment) => payment.createdAtUtc);
    expect(createdAt).toEqual([...createdAt].sort().reverse());
    const listed = [];
    for await (const payment of listPayments(client, { limit: 2 })) listed.push(payment.lcPaymentId);
    expect(listed).toEqual(paged.map((payment) => payment.lcPaymentId));
    // The client's own paginate: the same payments through the same cursors.
    const paginated = [];
    for await (const payment of client.paginate("/v1/payments", { query: { limit: 2 } })) paginated.push(payment.lcPaymentId);
    expect(paginated).toEqual(paged.map((payment) => payment.lcPaymentId));
    const refundedOnly = [];
    for await (const payment of listPayments(client, { status: "refunded" })) refundedOnly.push(payment.lcPaymentId);
    expect(refundedOnly).toEqual([firstPayment.lcPaymentId]);

    // The callback the refund caused: verified with the client's verifier; a tampered body is refused.
    const delivery = await waitFor(
      () =>
        receiver.received.find(
          (r) => r.headers["lc-event-type"] === "transfer.updated" && JSON.parse(r.body).lcPaymentId === firstPayment.lcPaymentId,
        ),
      { what: "the refund's transfer.updated callback" },
    );
    const signatureHeader = delivery.headers["lc-signature"];
    expect(await verifyCallback({ rawBody: delivery.body, signatureHeader, secret })).toMatchObject({ ok: true });
    const tampered = delivery.body.replace('"lcPaymentId"', '"lcPaymentId" ');
    expect(tampered).not.toBe(delivery.body);
    expect(await verifyCallback({ rawBody: tampered, signatureHeader, secret })).toEqual({ ok: false, reason: "signature-mismatch" });
    expect(await verifyCallback({ rawBody: delivery.body, signatureHeader, secret: "whsec_not-the-secret" })).toMatchObject({ ok: false });

    // The same event read back through paginate (the README's eventsSince), its body the callback's bytes.
    const events = await eventsSince(client, "2000-01-01T00:00:00Z", ["transfer.updated"]);
    const event = events.find((candidate) => candidate.id === delivery.headers["lc-event-id"]);
    expect(JSON.stringify(event?.body)).toBe(delivery.body);

    // The README's receiver, given the same delivery as a fetch Request.
    const asRequest = (rawBody) =>
      new Request("http://receiver.example/hooks", { method: "POST", headers: { "LC-Signature": signatureHeader }, body: rawBody });
    expect((await receiveCallback(asRequest(delivery.body), secret)).status).toBe(204);
    const refused = await receiveCallback(asRequest(tampered), secret);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe("signature-mismatch");
  });

  it("was generated from the document the running service serves (public/openapi/v1.json, the servers URL aside)", async () => {
    const served = await (await fetch(`${server.baseUrl}/openapi.json`)).json();
    const snapshot = JSON.parse(readFileSync(path.join(import.meta.dirname, "../../public/openapi/v1.json"), "utf8"));
    expect(normalizeDocument(served)).toEqual(snapshot);
  });
});
