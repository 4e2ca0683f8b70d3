import { createRouter, withRoutes } from "../platform/openapi";
import type { TenantBindings } from "../platform/types";
import * as handlers from "./disputes.handlers";
import * as routes from "./disputes.routes";

export default withRoutes(createRouter<TenantBindings>(), routes, handlers, [
  "listDisputes",
  "getDispute",
  "uploadEvidence",
  "submitDispute",
  "acceptDispute",
]);
