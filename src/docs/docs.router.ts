import { createRoute } from "@hono/zod-openapi";
import { createRouter, z } from "../platform/openapi";
import { REFERENCE_PAGE, REFERENCE_PAGE_CSP } from "./reference-page";

const router = createRouter();

const referencePage = createRoute({
  method: "get",
  path: "/docs",
  operationId: "getApiReference",
  tags: ["Meta"],
  summary: "API reference (works offline)",
  description:
    "This document rendered by Swagger UI, served from the service's own static assets: no CDN, no fonts, no request to another " +
    'origin (its Content-Security-Policy allows none). "Try it out" calls the server this document lists first: the one that served it.',
  responses: {
    200: {
      description: "The HTML page; it loads /openapi.json.",
      content: { "text/html": { schema: z.string(), example: REFERENCE_PAGE } },
    },
  },
});

router.openapi(referencePage, (c) => {
  c.header("Content-Security-Policy", REFERENCE_PAGE_CSP);
  return c.html(REFERENCE_PAGE, 200);
});

export default router;
