import { createRouter, withRoutes } from "../platform/openapi";
import * as handlers from "./processor-webhooks.handlers";
import * as operator from "./processor-webhooks.operator.handlers";
import * as operatorRoutes from "./processor-webhooks.operator.routes";
import * as routes from "./processor-webhooks.routes";

const router = withRoutes(createRouter(), routes, handlers, ["receiveWebhook"]);

export default withRoutes(router, operatorRoutes, operator, [
  "registerProcessorWebhook",
  "listProcessorWebhooks",
  "reapplyProcessorWebhooks",
  "listProcessorFeeds",
]);
