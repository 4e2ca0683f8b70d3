import { createRoute } from "@hono/zod-openapi";
import { createRouter, z } from "../platform/openapi";
import { REFERENCE_PAGE } from "./reference-page";

const router = createRouter();

const referencePage = createRoute({
  method: "get",
  path: "/docs",
  tags: ["Meta"],
  summary: "Human-readable API reference (works offline)",
  responses: { 200: { description: "HTML page rendering /openapi.json.", content: { "text/html": { schema: z.string() } } } },
});

router.openapi(referencePage, (c) => c.html(REFERENCE_PAGE, 200));

export default router;
