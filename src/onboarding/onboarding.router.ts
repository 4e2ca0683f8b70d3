import { createRouter, withRoutes } from "../platform/openapi";
import type { OperatorTenantBindings, TenantBindings } from "../platform/types";
import * as handlers from "./onboarding.handlers";
import * as operator from "./onboarding.operator.handlers";
import * as operatorRoutes from "./onboarding.operator.routes";
import * as routes from "./onboarding.routes";

const tenantRouter = withRoutes(createRouter<TenantBindings>(), routes, handlers, ["startOnboarding", "readForm", "status"]);
const router = withRoutes(createRouter().route("/", tenantRouter), routes, handlers, [
  "returnFromForm",
  "renewLink",
  "showPciAttestation",
  "submitPciAttestation",
]);

export default router.route("/", withRoutes(createRouter<OperatorTenantBindings>(), operatorRoutes, operator, ["linkProcessorMerchant"]));
