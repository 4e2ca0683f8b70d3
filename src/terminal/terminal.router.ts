import { createRouter } from "../platform/openapi";
import type { TenantBindings } from "../platform/types";
import * as handlers from "./terminal.handlers";
import * as routes from "./terminal.routes";

const router = createRouter<TenantBindings>();

router
  .openapi(routes.registerReader, handlers.registerReader)
  .openapi(routes.listReaders, handlers.listReaders)
  .openapi(routes.getReader, handlers.getReader)
  .openapi(routes.activateReader, handlers.activateReader)
  .openapi(routes.deactivateReader, handlers.deactivateReader)
  .openapi(routes.cancelReaderSale, handlers.cancelReaderSale)
  .openapi(routes.startTerminalSale, handlers.startTerminalSale);

export default router;
