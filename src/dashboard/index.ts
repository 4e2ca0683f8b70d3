/**
 * The tenant dashboard's public surface: the web app at /dashboard (pages over the same services as /v1 and the
 * operator API, never over HTTP), the operator route that invites a tenant's first owner, and the cron's clean-up of
 * ended sessions.
 */
export { default as dashboardRouter } from "./dashboard.router";
export { purgeEndedSignInState } from "./sessions.service";
