import { createRouter, withRoutes } from "../platform/openapi";
import type { OperatorTenantBindings, TenantBindings } from "../platform/types";
import * as handlers from "./payments.handlers";
import * as operator from "./payments.operator.handlers";
import * as operatorRoutes from "./payments.operator.routes";
import * as routes from "./payments.routes";

const tenantRouter = withRoutes(createRouter<TenantBindings>(), routes, handlers, [
  "createPayment",
  "listPayments",
  "getPayment",
  "refundPayment",
  "capturePayment",
  "voidPayment",
]);

const operatorTenantRouter = withRoutes(createRouter<OperatorTenantBindings>(), operatorRoutes, operator, ["getOperatorPayment"]);

export default withRoutes(createRouter().route("/", tenantRouter).route("/", operatorTenantRouter), operatorRoutes, operator, [
  "reconciliationBacklog",
  "listFeeCredits",
  "retryFeeCredit",
]);
