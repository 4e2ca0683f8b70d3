import { createRouter } from "../platform/openapi";
import * as handlers from "./processor-webhooks.handlers";
import * as operator from "./processor-webhooks.operator.handlers";
import * as operatorRoutes from "./processor-webhooks.operator.routes";
import * as routes from "./processor-webhooks.routes";

const router = createRouter();

router
  .openapi(routes.receiveWebhook, handlers.receiveWebhook)
  .openapi(operatorRoutes.registerProcessorWebhook, operator.registerProcessorWebhook);

export default router;
