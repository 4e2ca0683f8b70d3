import { createRouter } from "../platform/openapi";
import * as handlers from "./callbacks.handlers";
import * as routes from "./callbacks.routes";

const router = createRouter();

router
  .openapi(routes.getCallbackSettings, handlers.getCallbackSettings)
  .openapi(routes.saveCallbackUrl, handlers.saveCallbackUrl)
  .openapi(routes.revealSigningSecrets, handlers.revealSigningSecrets)
  .openapi(routes.rotateSigningSecret, handlers.rotateSigningSecret)
  .openapi(routes.listEvents, handlers.listEvents)
  .openapi(routes.listDeliveries, handlers.listDeliveries)
  .openapi(routes.replayEvent, handlers.replayEvent)
  .openapi(routes.replayFailedDeliveries, handlers.replayFailedDeliveries);

export default router;
