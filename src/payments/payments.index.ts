import { createRouter } from "../platform/openapi";
import * as handlers from "./payments.handlers";
import * as routes from "./payments.routes";

const router = createRouter();

router
  .openapi(routes.createPayment, handlers.createPayment)
  .openapi(routes.listPayments, handlers.listPayments)
  .openapi(routes.getPayment, handlers.getPayment)
  .openapi(routes.refundPayment, handlers.refundPayment);

export default router;
