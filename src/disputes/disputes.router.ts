import { createRouter } from "../platform/openapi";
import type { TenantBindings } from "../platform/types";
import * as handlers from "./disputes.handlers";
import * as routes from "./disputes.routes";

const router = createRouter<TenantBindings>();

router
  .openapi(routes.listDisputes, handlers.listDisputes)
  .openapi(routes.getDispute, handlers.getDispute)
  .openapi(routes.uploadEvidence, handlers.uploadEvidence)
  .openapi(routes.submitDispute, handlers.submitDispute);

export default router;
