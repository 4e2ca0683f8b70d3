import { createRouter, withRoutes } from "../platform/openapi";
import * as operator from "./tenants.operator.handlers";
import * as operatorRoutes from "./tenants.operator.routes";

// Issuing and revoking a key (`issueKey`, `revokeKey`) are served by the accounts capability, which writes each to the
// tenant's audit log (this capability may not import it); their routes and the service are this one's.
export default withRoutes(createRouter(), operatorRoutes, operator, [
  "createTenant",
  "listTenants",
  "updateTenant",
  "listKeys",
  "listShards",
]);
