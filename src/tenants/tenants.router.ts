import { createRouter } from "../platform/openapi";
import * as operator from "./tenants.operator.handlers";
import * as operatorRoutes from "./tenants.operator.routes";

const router = createRouter();

router
  .openapi(operatorRoutes.createTenant, operator.createTenant)
  .openapi(operatorRoutes.listTenants, operator.listTenants)
  .openapi(operatorRoutes.updateTenant, operator.updateTenant)
  .openapi(operatorRoutes.issueKey, operator.issueKey)
  .openapi(operatorRoutes.listKeys, operator.listKeys)
  .openapi(operatorRoutes.revokeKey, operator.revokeKey);

export default router;
