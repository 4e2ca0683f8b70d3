import { createRouter } from "../platform/openapi";
import type { OperatorTenantBindings } from "../platform/types";
import { issueKeyRoute, revokeKeyRoute } from "../tenants";
import * as operator from "./accounts.operator.handlers";
import * as operatorRoutes from "./accounts.operator.routes";

const router = createRouter<OperatorTenantBindings>();

router.openapi(operatorRoutes.inviteOwner, operator.inviteOwner);
router.openapi(operatorRoutes.resetPassword, operator.resetPassword);
// The tenants capability's routes, audited here (see the handlers).
router.openapi(issueKeyRoute, operator.issueKey);
router.openapi(revokeKeyRoute, operator.revokeKey);

export default createRouter().route("/", router);
