import { createRouter, withRoutes } from "../platform/openapi";
import type { TenantBindings } from "../platform/types";
import * as handlers from "./requests.handlers";
import * as routes from "./requests.routes";

export default withRoutes(createRouter<TenantBindings>(), routes, handlers, ["listRequests", "getRequest"]);
