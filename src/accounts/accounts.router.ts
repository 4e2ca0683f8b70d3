import { createRouter } from "../platform/openapi";
import * as operator from "./accounts.operator.handlers";
import * as operatorRoutes from "./accounts.operator.routes";

const router = createRouter();

router.openapi(operatorRoutes.inviteOwner, operator.inviteOwner);
router.openapi(operatorRoutes.resetPassword, operator.resetPassword);

export default router;
