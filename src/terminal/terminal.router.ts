import { createRouter, withRoutes } from "../platform/openapi";
import type { TenantBindings } from "../platform/types";
import * as handlers from "./terminal.handlers";
import * as routes from "./terminal.routes";

export default withRoutes(createRouter<TenantBindings>(), routes, handlers, [
  "registerReader",
  "listReaders",
  "getReader",
  "activateReader",
  "deactivateReader",
  "cancelReaderSale",
  "startTerminalSale",
]);
