import { database } from "../db/client";
import { enqueueEvents } from "../events/enqueue";
import { readIdempotencyKey, requestFingerprint, withIdempotency } from "../idempotency/idempotency.service";
import { rawResponse } from "../lib/openapi";
import { ApiError } from "../lib/problem";
import type { AppRouteHandler } from "../lib/types";
import { processorClient } from "../processor";
import { charge } from "./charge.service";
import { findPayment, listPayments as queryPayments } from "./payments.queries";
import type * as routes from "./payments.routes";
import { toCreatePaymentResponse, toPaymentListItem, toPaymentResponse } from "./payments.view";
import { refund } from "./refund.service";

type PaymentsContext =
  Parameters<AppRouteHandler<typeof routes.createPayment>>[0] | Parameters<AppRouteHandler<typeof routes.refundPayment>>[0];

/** Runs `execute` under the request's Idempotency-Key (when there is one) and answers with its result or the replay. */
async function idempotently(c: PaymentsContext, key: string | null, input: unknown, execute: () => Promise<Response>) {
  if (!key) return rawResponse(await execute());
  const response = await withIdempotency({
    env: c.env,
    tenantId: c.get("tenant").tenantId,
    key,
    fingerprint: await requestFingerprint("POST", c.req.path, input),
    traceId: c.get("traceId"),
    execute,
  });
  return rawResponse(response);
}

export const createPayment: AppRouteHandler<typeof routes.createPayment> = async (c) => {
  const { tenantId } = c.get("tenant");
  const input = c.req.valid("json");
  const key = readIdempotencyKey(c.req.raw.headers, true)!;
  return idempotently(c, key, input, async () => {
    const result = await charge({ db: database(c.env), env: c.env, client: processorClient(c.env), tenantId, idempotencyKey: key, input });
    if (result.outcome === "declined") {
      throw new ApiError("payment-declined", result.payment.failureMessage || "The processor declined the payment.", {
        extensions: {
          code: result.payment.failureCode,
          lcPaymentId: result.payment.id,
          processorTransferId: result.payment.processorTransferId,
        },
      });
    }
    return c.json(toCreatePaymentResponse(result.payment), 201);
  });
};

export const refundPayment: AppRouteHandler<typeof routes.refundPayment> = async (c) => {
  const { tenantId } = c.get("tenant");
  const { id } = c.req.valid("param");
  const input = c.req.valid("json") ?? {};
  const key = readIdempotencyKey(c.req.raw.headers, false);
  return idempotently(c, key, input, async () => {
    const result = await refund({
      db: database(c.env),
      client: processorClient(c.env),
      tenantId,
      paymentId: id,
      idempotencyKey: key,
      input,
    });
    c.executionCtx.waitUntil(enqueueEvents(c.env, result.eventIds));
    return c.json(toPaymentResponse(result.payment), 200);
  });
};

export const getPayment: AppRouteHandler<typeof routes.getPayment> = async (c) => {
  const payment = await findPayment({ db: database(c.env), tenantId: c.get("tenant").tenantId, id: c.req.valid("param").id });
  return c.json(toPaymentResponse(payment), 200);
};

export const listPayments: AppRouteHandler<typeof routes.listPayments> = async (c) => {
  const { page, hasMore, nextCursor } = await queryPayments({
    db: database(c.env),
    tenantId: c.get("tenant").tenantId,
    secret: c.env.KEY_PEPPER,
    query: c.req.valid("query"),
  });
  return c.json({ data: page.map(toPaymentListItem), hasMore, nextCursor }, 200);
};
