import type { OperatorTenantRouteHandler } from "../platform/types";
import { getTenant, toTenant } from "../tenants";
import type * as routes from "./onboarding.operator.routes";
import { attachMerchant } from "./onboarding.service";

export const linkProcessorMerchant: OperatorTenantRouteHandler<typeof routes.linkProcessorMerchant> = async (c) => {
  const ctx = c.get("ctx");
  await attachMerchant({ ctx, input: { processorMerchantId: c.req.valid("json").processorMerchantId } });
  return c.json(toTenant(await getTenant({ ctx })), 200);
};
