import type { AppRouteHandler } from "../platform/types";
import { listFeeCredits as listCredits, retryFeeCredit as retryCredit } from "./fee-credit.service";
import type * as routes from "./payments.operator.routes";
import { reconciliationBacklog as backlog } from "./reconciliation";

export const reconciliationBacklog: AppRouteHandler<typeof routes.reconciliationBacklog> = async (c) => {
  c.header("Cache-Control", "no-store");
  return c.json(await backlog({ ctx: c.get("ctx") }), 200);
};

export const listFeeCredits: AppRouteHandler<typeof routes.listFeeCredits> = async (c) => {
  return c.json({ data: await listCredits({ ctx: c.get("ctx"), input: c.req.valid("query") }) }, 200);
};

export const retryFeeCredit: AppRouteHandler<typeof routes.retryFeeCredit> = async (c) => {
  return c.json(await retryCredit({ ctx: c.get("ctx"), input: c.req.valid("param") }), 200);
};
