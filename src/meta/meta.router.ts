import { cors } from "hono/cors";
import { createRouter } from "../platform/openapi";
import * as handlers from "./meta.handlers";
import * as routes from "./meta.routes";

const router = createRouter();
// Browsers fetch /v1/meta from merchants' own origins.
router.use("/v1/meta", cors({ origin: "*", allowMethods: ["GET", "OPTIONS"], maxAge: 86400 }));

router
  .openapi(routes.meta, handlers.meta)
  .openapi(routes.health, handlers.health)
  .openapi(routes.live, handlers.live)
  .openapi(routes.ready, handlers.ready);

export default router;
