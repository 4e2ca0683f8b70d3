import { createRouter, withRoutes } from "../platform/openapi";
import * as handlers from "./callbacks.handlers";
import * as routes from "./callbacks.routes";

export default withRoutes(createRouter(), routes, handlers, [
  "getCallbackSettings",
  "saveCallbackUrl",
  "revealSigningSecrets",
  "rotateSigningSecret",
  "listEvents",
  "listDeliveries",
  "replayEvent",
  "replayFailedDeliveries",
  "getArchivedEvents",
]);
