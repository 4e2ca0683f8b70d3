/**
 * The tenant dashboard's public surface: the web app at /dashboard, pages over the same services as /v1 and the
 * operator API (never over HTTP); the accounts it signs people in with are the accounts capability's.
 */
export { default as dashboardRouter } from "./dashboard.pages";
