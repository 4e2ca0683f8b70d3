/** The API reference at `/docs` (the vendored Swagger UI rendering /openapi.json), and what the document says beyond its routes. */
export { default as docsRouter } from "./docs.router";
export { documentConfig, registerReferenceDefinitions } from "./document";
