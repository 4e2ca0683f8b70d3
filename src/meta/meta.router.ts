import { cors } from "hono/cors";

import { createRouter, withRoutes } from "../platform/openapi";
import * as handlers from "./meta.handlers";
import * as routes from "./meta.routes";

const router = createRouter();
// Browsers fetch /v1/meta from merchants' own origins.
router.use("/v1/meta", cors({ origin: "*", allowMethods: ["GET", "OPTIONS"], maxAge: 86400 }));

export default withRoutes(router, routes, handlers, ["meta", "health", "live", "ready"]);
