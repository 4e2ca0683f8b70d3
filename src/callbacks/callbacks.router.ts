import { createRouter, withRoutes } from "../platform/openapi";
import type { OperatorTenantBindings, TenantBindings } from "../platform/types";
import * as endpointHandlers from "./callback-endpoints.handlers";
import * as endpointRoutes from "./callback-endpoints.routes";
import * as handlers from "./callbacks.handlers";
import * as routes from "./callbacks.routes";
import * as eventHandlers from "./events.handlers";
import * as eventRoutes from "./events.routes";

const tenantRouter = withRoutes(
  withRoutes(createRouter<TenantBindings>(), eventRoutes, eventHandlers, ["listEvents", "getEvent", "sendPingEvent"]),
  endpointRoutes,
  endpointHandlers,
  ["listCallbackEndpoints", "createCallbackEndpoint", "getCallbackEndpoint", "updateCallbackEndpoint", "deleteCallbackEndpoint"],
);

const operatorTenantRouter = withRoutes(createRouter<OperatorTenantBindings>(), routes, handlers, [
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

export default createRouter().route("/", tenantRouter).route("/", operatorTenantRouter);
