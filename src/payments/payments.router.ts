import { createRouter } from "../platform/openapi";
import type { TenantBindings } from "../platform/types";
import * as handlers from "./payments.handlers";
import * as operator from "./payments.operator.handlers";
import * as operatorRoutes from "./payments.operator.routes";
import * as routes from "./payments.routes";

const tenantRouter = createRouter<TenantBindings>()
  .openapi(routes.createPayment, handlers.createPayment)
  .openapi(routes.listPayments, handlers.listPayments)
  .openapi(routes.getPayment, handlers.getPayment)
  .openapi(routes.refundPayment, handlers.refundPayment);

const router = createRouter();

router
  .route("/", tenantRouter)
  .openapi(operatorRoutes.reconciliationBacklog, operator.reconciliationBacklog)
  .openapi(operatorRoutes.listFeeCredits, operator.listFeeCredits)
  .openapi(operatorRoutes.retryFeeCredit, operator.retryFeeCredit);

export default router;
