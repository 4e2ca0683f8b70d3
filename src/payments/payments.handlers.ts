import { ApiError } from "../lib/problem";
import type { TenantRouteHandler } from "../platform/types";
import { charge } from "./charge.service";
import { captureHold, voidHold } from "./holds";
import { getPayment as findPayment, listPayments as queryPayments } from "./payments.queries";
import type * as routes from "./payments.routes";
import { toCreatePaymentResponse, toPaymentListItem, toPaymentResponse } from "./payments.view";
import { refund } from "./refund.service";

export const createPayment: TenantRouteHandler<typeof routes.createPayment> = async (c) => {
  const result = await charge({
    ctx: c.get("ctx"),
    // The route's idempotency middleware requires the header, so the scope is always there.
    input: { idempotency: c.get("idempotency")!, request: c.req.valid("json") },
  });
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
};

export const refundPayment: TenantRouteHandler<typeof routes.refundPayment> = async (c) => {
  const payment = await refund({
    ctx: c.get("ctx"),
    input: {
      paymentId: c.req.valid("param").id,
      idempotency: c.get("idempotency"),
      request: c.req.valid("json"),
    },
  });
  return c.json(toPaymentResponse(payment), 200);
};

export const getPayment: TenantRouteHandler<typeof routes.getPayment> = async (c) => {
  const payment = await findPayment({
    ctx: c.get("ctx"),
    input: { paymentId: c.req.valid("param").id },
  });
  return c.json(toPaymentResponse(payment), 200);
};

export const listPayments: TenantRouteHandler<typeof routes.listPayments> = async (c) => {
  const page = await queryPayments({
    ctx: c.get("ctx"),
    input: { query: c.req.valid("query") },
  });
  return c.json({ ...page, data: page.data.map(toPaymentListItem) }, 200);
};

export const capturePayment: TenantRouteHandler<typeof routes.capturePayment> = async (c) => {
  const payment = await captureHold({
    ctx: c.get("ctx"),
    input: { paymentId: c.req.valid("param").id, request: c.req.valid("json") },
  });
  return c.json(toPaymentResponse(payment), 200);
};

export const voidPayment: TenantRouteHandler<typeof routes.voidPayment> = async (c) => {
  const payment = await voidHold({ ctx: c.get("ctx"), input: { paymentId: c.req.valid("param").id } });
  return c.json(toPaymentResponse(payment), 200);
};
