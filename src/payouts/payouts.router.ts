import { createRouter } from "../platform/openapi";
import * as handlers from "./payouts.handlers";
import * as routes from "./payouts.routes";

const router = createRouter();

router.openapi(routes.listPayouts, handlers.listPayouts).openapi(routes.getPayout, handlers.getPayout);

export default router;
