import { createRoute } from "@hono/zod-openapi";

import { publicConfig } from "../lib/config";
import { createRouter, z } from "../platform/openapi";
import { REFERENCE_PAGE_CSP, renderReferencePage } from "./reference-page";
import { serveDocument } from "./served-document";

const router = createRouter();

const referencePage = createRoute({
  method: "get",
  path: "/docs",
  operationId: "getApiReference",
  tags: ["Meta"],
  summary: "API reference (works offline)",
  description:
    "This document rendered by Swagger UI, served from the service's own static assets: no CDN, no fonts, no request to another " +
    'origin (its Content-Security-Policy allows none). "Try it out" calls the server this document lists first: the one that served it. ' +
    "A banner names the processor environment (`sandbox` or `live`, as `GET /v1/meta` reports it) and, in the sandbox, how to " +
    "authorize with a sandbox key and charge with the test token.",
  responses: {
    200: {
      description: "The HTML page; it loads /openapi.json.",
      content: { "text/html": { schema: z.string(), example: renderReferencePage("sandbox") } },
    },
  },
});

router.openapi(referencePage, (c) => {
  c.header("Content-Security-Policy", REFERENCE_PAGE_CSP);
  return c.html(renderReferencePage(publicConfig(c.get("ctx").env).processorEnvironment), 200);
});

// Not an operation of the document it serves.
router.get("/openapi.json", serveDocument);

export default router;
