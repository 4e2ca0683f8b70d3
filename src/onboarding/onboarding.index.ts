import { createRouter } from "../lib/openapi";
import * as handlers from "./onboarding.handlers";
import * as routes from "./onboarding.routes";

const router = createRouter();

router
  .openapi(routes.startOnboarding, handlers.startOnboarding)
  .openapi(routes.readForm, handlers.readForm)
  .openapi(routes.status, handlers.status)
  .openapi(routes.returnFromForm, handlers.returnFromForm)
  .openapi(routes.renewLink, handlers.renewLink);

export default router;
