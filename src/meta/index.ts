/** `/v1/meta` and the health checks. */
export { default as metaRouter } from "./meta.router";
