import { createRouter } from "../lib/openapi";
import { requireAdmin } from "./admin.middleware";
import * as handlers from "./tenants.handlers";
import * as routes from "./tenants.routes";

const router = createRouter();
router.use("/admin/*", requireAdmin);

router
  .openapi(routes.createTenant, handlers.createTenant)
  .openapi(routes.listTenants, handlers.listTenants)
  .openapi(routes.updateTenant, handlers.updateTenant)
  .openapi(routes.linkProcessorMerchant, handlers.linkProcessorMerchant)
  .openapi(routes.issueKey, handlers.issueKey)
  .openapi(routes.listKeys, handlers.listKeys)
  .openapi(routes.revokeKey, handlers.revokeKey)
  .openapi(routes.registerProcessorWebhook, handlers.registerProcessorWebhook);

export default router;
