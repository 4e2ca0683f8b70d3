import { createRouter, withRoutes } from "../platform/openapi";
import * as operator from "./tenants.operator.handlers";
import * as operatorRoutes from "./tenants.operator.routes";

export default withRoutes(createRouter(), operatorRoutes, operator, [
  "createTenant",
  "listTenants",
  "updateTenant",
  "issueKey",
  "listKeys",
  "revokeKey",
  "listShards",
]);
