import { createRouter, withRoutes } from "../platform/openapi";
import * as operator from "./move.operator.handlers";
import * as operatorRoutes from "./move.operator.routes";

export default withRoutes(createRouter(), operatorRoutes, operator, ["moveTenant", "getTenantMove", "cancelTenantMove", "listTenantMoves"]);
