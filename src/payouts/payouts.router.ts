import { createRouter } from "../platform/openapi";
import type { TenantBindings } from "../platform/types";
import * as handlers from "./payouts.handlers";
import * as routes from "./payouts.routes";

const router = createRouter<TenantBindings>();

router.openapi(routes.listPayouts, handlers.listPayouts).openapi(routes.getPayout, handlers.getPayout);

export default router;
