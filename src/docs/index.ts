/** The API reference at `/docs` (the vendored Swagger UI) and the OpenAPI document it renders, `/openapi.json`. */
export { default as docsRouter } from "./docs.router";
