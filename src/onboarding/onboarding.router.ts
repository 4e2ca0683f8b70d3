import { createRouter } from "../platform/openapi";
import type { TenantBindings } from "../platform/types";
import * as handlers from "./onboarding.handlers";
import * as operator from "./onboarding.operator.handlers";
import * as operatorRoutes from "./onboarding.operator.routes";
import * as routes from "./onboarding.routes";

const tenantRouter = createRouter<TenantBindings>()
  .openapi(routes.startOnboarding, handlers.startOnboarding)
  .openapi(routes.readForm, handlers.readForm)
  .openapi(routes.status, handlers.status);

const router = createRouter();

router
  .route("/", tenantRouter)
  .openapi(routes.returnFromForm, handlers.returnFromForm)
  .openapi(routes.renewLink, handlers.renewLink)
  .openapi(routes.showPciAttestation, handlers.showPciAttestation)
  .openapi(routes.submitPciAttestation, handlers.submitPciAttestation)
  .openapi(operatorRoutes.linkProcessorMerchant, operator.linkProcessorMerchant);

export default router;
