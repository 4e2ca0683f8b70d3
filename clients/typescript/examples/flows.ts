/**
 * The README's examples as code: type-checked with the client (`tsc -p clients/typescript`, part of `npm run typecheck`)
 * and run against `wrangler dev` by test/node/typescript-client.test.mjs.
 */
import { type components, createPaymentConnectClient, listen, type PaymentConnectClient, verifyCallback } from "../src/index.js";

type Payment = components["schemas"]["PaymentListItem"];
type Buyer = components["schemas"]["Buyer"];

/** A client for a tenant's key. */
export function tenantClient(baseUrl: string, apiKey: string): PaymentConnectClient {
  return createPaymentConnectClient({ baseUrl, apiKey });
}

/** Charges a tokenized card once per order: the order key is the Idempotency-Key, so a retry returns the same payment. */
export async function chargeOrder(
  client: PaymentConnectClient,
  order: { orderRef: string; amountCents: number; processorToken: string; buyer: Buyer },
) {
  const { data, error, response } = await client.POST("/v1/payments", {
    params: { header: { "Idempotency-Key": `charge-${order.orderRef}` } },
    body: { ...order, currency: "USD" },
  });
  if (error) throw new Error(`charge ${order.orderRef} failed: ${response.status} ${error.type} ${error.detail}`);
  return data; // { lcPaymentId, status: "succeeded" | "processing" | …, processorTransferId, … }
}

/** Refunds a payment in full (or `amountCents` of it). */
export async function refundPayment(client: PaymentConnectClient, lcPaymentId: string, amountCents?: number) {
  const { data, error, response } = await client.POST("/v1/payments/{id}/refund", {
    params: { path: { id: lcPaymentId }, header: { "Idempotency-Key": `refund-${lcPaymentId}-${amountCents ?? "all"}` } },
    body: { reason: "requested_by_customer", ...(amountCents === undefined ? {} : { amountCents }) },
  });
  if (error) throw new Error(`refund ${lcPaymentId} failed: ${response.status} ${error.type} ${error.detail}`);
  return data;
}

/** Every payment matching the filters, newest first, one page (`limit`) at a time through `nextCursor`. */
export async function* listPayments(
  client: PaymentConnectClient,
  filters: { status?: Payment["status"]; from?: string; to?: string; limit?: number } = {},
): AsyncGenerator<Payment> {
  let cursor: string | undefined;
  do {
    const { data, error, response } = await client.GET("/v1/payments", { params: { query: { ...filters, cursor } } });
    if (error) throw new Error(`listing payments failed: ${response.status} ${error.type} ${error.detail}`);
    yield* data.data;
    cursor = data.hasMore ? data.nextCursor : undefined; // nextCursor is "" on the last page
  } while (cursor);
}

/** Every event of these types since an instant, newest first: `paginate` follows `nextCursor` through the pages. */
export async function eventsSince(client: PaymentConnectClient, from: string, types: components["schemas"]["Event"]["type"][]) {
  const events: components["schemas"]["Event"][] = [];
  for await (const event of client.paginate("/v1/events", { query: { from, type: types.join(",") } })) events.push(event);
  return events;
}

/** `listen` as a function: the tenant's payment events forwarded to a local receiver until `signal` aborts. */
export function forwardPaymentEvents(options: { baseUrl: string; apiKey: string; forwardTo: string; signal: AbortSignal }) {
  return listen({
    ...options,
    events: ["transfer.updated"],
    onReady: ({ secret }) => console.info(`forwarding to ${options.forwardTo}, signed with ${secret}`),
    onAttempt: ({ event, status, retryInMs }) => console.info(event.id, status ?? "no answer", retryInMs ?? "final"),
  });
}

/**
 * A callback receiver (a fetch handler: Workers, Deno, Bun, Node's `Request`): verifies the raw body before parsing it.
 */
export async function receiveCallback(request: Request, signingSecret: string): Promise<Response> {
  const rawBody = await request.text(); // the exact bytes: verify before JSON.parse
  const verified = await verifyCallback({ rawBody, signatureHeader: request.headers.get("LC-Signature"), secret: signingSecret });
  if (!verified.ok) return new Response(verified.reason, { status: 400 });
  const event = JSON.parse(rawBody) as { id: string; type: string; lcPaymentId?: string; status?: string };
  // Deduplicate by event.id (LC-Event-Id): a delivery may repeat.
  console.info(`callback ${event.id}: ${event.type}`);
  return new Response(null, { status: 204 });
}
