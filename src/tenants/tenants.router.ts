import { createRouter, withRoutes } from "../platform/openapi";
import type { OperatorTenantBindings } from "../platform/types";
import * as operator from "./tenants.operator.handlers";
import * as operatorRoutes from "./tenants.operator.routes";

// Issuing and revoking a key (`issueKey`, `revokeKey`) are served by the accounts capability, which writes each to the
// tenant's audit log (this capability may not import it); their routes and the service are this one's.
const operatorTenantRouter = withRoutes(createRouter<OperatorTenantBindings>(), operatorRoutes, operator, ["updateTenant", "listKeys"]);

export default withRoutes(createRouter().route("/", operatorTenantRouter), operatorRoutes, operator, [
  "createTenant",
  "listTenants",
  "listShards",
]);
