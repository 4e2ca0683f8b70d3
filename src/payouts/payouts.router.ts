import { createRouter, withRoutes } from "../platform/openapi";
import type { TenantBindings } from "../platform/types";
import * as handlers from "./payouts.handlers";
import * as routes from "./payouts.routes";

export default withRoutes(createRouter<TenantBindings>(), routes, handlers, ["listPayouts", "getPayout"]);
