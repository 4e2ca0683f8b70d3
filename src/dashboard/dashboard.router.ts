import { createRouter } from "../platform/openapi";
import pages from "./dashboard.pages";
import * as operator from "./dashboard.operator.handlers";
import * as operatorRoutes from "./dashboard.operator.routes";

const router = createRouter();

router.openapi(operatorRoutes.inviteOwner, operator.inviteOwner).route("/", pages);

export default router;
