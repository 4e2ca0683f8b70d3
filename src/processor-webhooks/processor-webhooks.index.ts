import { createRouter } from "../lib/openapi";
import * as handlers from "./processor-webhooks.handlers";
import * as routes from "./processor-webhooks.routes";

const router = createRouter();
router.openapi(routes.receiveWebhook, handlers.receiveWebhook);

export default router;
