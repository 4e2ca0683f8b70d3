import { ApiError } from "../lib/problem";
import { enterTenant } from "../platform/enter-tenant";
import type { AppRouteHandler, OperatorTenantRouteHandler } from "../platform/types";
import { listFeeCredits as listCredits, noFeeCredit, refundShard, retryFeeCredit as retryCredit } from "./fee-credit.service";
import type * as routes from "./payments.operator.routes";
import { getPayment } from "./payments.queries";
import { toPaymentResponse } from "./payments.view";
import { processorCallsOf } from "./processor-calls";
import { reconciliationBacklog as backlog } from "./reconciliation";

export const reconciliationBacklog: AppRouteHandler<typeof routes.reconciliationBacklog> = async (c) => {
  c.header("Cache-Control", "no-store");
  return c.json(await backlog({ ctx: c.get("ctx") }), 200);
};

export const listFeeCredits: AppRouteHandler<typeof routes.listFeeCredits> = async (c) => {
  return c.json({ data: await listCredits({ ctx: c.get("ctx"), input: c.req.valid("query") }) }, 200);
};

/** The refund's tenant becomes the request's, so the events of the retry are flushed with the response. */
export const retryFeeCredit: AppRouteHandler<typeof routes.retryFeeCredit> = async (c) => {
  const input = c.req.valid("param");
  const tenant = await refundShard({ ctx: c.get("ctx"), input });
  if (tenant === null) throw new ApiError("not-found", noFeeCredit(input.refundId));
  return c.json(await retryCredit({ ctx: enterTenant(c, tenant), input }), 200);
};

export const getOperatorPayment: OperatorTenantRouteHandler<typeof routes.getOperatorPayment> = async (c) => {
  const { tenantId, id } = c.req.valid("param");
  const payment = await getPayment({ ctx: c.get("ctx"), input: { paymentId: id } });
  c.header("Cache-Control", "no-store");
  return c.json({ ...toPaymentResponse(payment), tenantId, processorCalls: processorCallsOf(payment) }, 200);
};
