import { type ErrorHandler, Hono } from "hono";

import { logEvent } from "../lib/log";
import { ApiError } from "../lib/problem";
import * as audit from "./audit.handlers";
import * as auth from "./auth.handlers";
import * as callbackEndpoints from "./callback-endpoints.handlers";
import * as callbacks from "./callbacks.handlers";
import * as disputes from "./disputes.handlers";
import * as keys from "./keys.handlers";
import * as overview from "./overview.handlers";
import * as payments from "./payments.handlers";
import * as payouts from "./payouts.handlers";
import * as readers from "./readers.handlers";
import * as requests from "./requests.handlers";
import * as security from "./security.handlers";
import * as team from "./team.handlers";
import type { DashboardBindings, SignedInBindings } from "./types";
import { dashboardLayout } from "./views/layout";
import { showMessage } from "./views/message";
import {
  dashboardHeaders,
  formBodyLimit,
  ownerOnly,
  readsFromBookmark,
  requireFormCookie,
  requireSession,
  sameOriginOnly,
} from "./web.middleware";

const pages = new Hono<DashboardBindings>();

// Hono's `/dashboard/*` matches `/dashboard` itself too: one registration, or the overview runs every guard twice.
pages.use("/dashboard/*", dashboardLayout, dashboardHeaders, formBodyLimit, sameOriginOnly, requireSession);

pages.get("/dashboard/sign-in", auth.showSignIn);
pages.post("/dashboard/sign-in", requireFormCookie, auth.signIn);
pages.get("/dashboard/invite/:token", auth.showInvite);
pages.post("/dashboard/invite/:token", requireFormCookie, auth.acceptInvitation);
pages.get("/dashboard/sign-in/code", auth.showSecondStep);
pages.post("/dashboard/sign-in/code", requireFormCookie, auth.submitSecondStep);
pages.get("/dashboard/reset/:token", auth.showReset);
pages.post("/dashboard/reset/:token", requireFormCookie, auth.resetPassword);

// Every page below is behind requireSession (it spares only the sign-in, invite and reset pages above).
const signedIn = new Hono<SignedInBindings>();
signedIn.use("/dashboard/*", readsFromBookmark);

signedIn.post("/dashboard/sign-out", auth.signOut);

signedIn.get("/dashboard", overview.showOverview);
signedIn.post("/dashboard/onboarding", overview.beginOnboarding);

signedIn.get("/dashboard/payments", payments.showPayments);
signedIn.get("/dashboard/payments/:paymentId", payments.showPayment);
signedIn.get("/dashboard/payments/:paymentId/refund", payments.reviewRefund);
signedIn.post("/dashboard/payments/:paymentId/refund", payments.refundPayment);
signedIn.get("/dashboard/payments/:paymentId/capture", payments.reviewCapture);
signedIn.post("/dashboard/payments/:paymentId/capture", payments.capturePayment);
signedIn.get("/dashboard/payments/:paymentId/void", payments.reviewVoid);
signedIn.post("/dashboard/payments/:paymentId/void", payments.voidPayment);

signedIn.get("/dashboard/disputes", disputes.showDisputes);
signedIn.get("/dashboard/disputes/:disputeId", disputes.showDispute);
signedIn.post("/dashboard/disputes/:disputeId/evidence", disputes.uploadEvidence);
signedIn.post("/dashboard/disputes/:disputeId/submit", disputes.submitResponse);
signedIn.post("/dashboard/disputes/:disputeId/accept", disputes.acceptResponse);
signedIn.get("/dashboard/disputes/:disputeId/evidence/:evidenceId", disputes.downloadEvidence);

signedIn.get("/dashboard/payouts", payouts.showPayouts);
signedIn.get("/dashboard/payouts/:payoutId", payouts.showPayout);

signedIn.get("/dashboard/readers", readers.showReaders);
signedIn.post("/dashboard/readers", readers.registerReaderFromForm);
signedIn.get("/dashboard/readers/:readerId", readers.showReader);
signedIn.post("/dashboard/readers/:readerId/activate", readers.activate);
signedIn.post("/dashboard/readers/:readerId/deactivate", readers.deactivate);
signedIn.post("/dashboard/readers/:readerId/sales", readers.startSale);
signedIn.post("/dashboard/readers/:readerId/cancel", readers.cancelSale);
signedIn.post("/dashboard/readers/:readerId/simulate-tap", readers.simulateTap);

signedIn.get("/dashboard/keys", keys.showKeys);
signedIn.post("/dashboard/keys", keys.createKey);
signedIn.get("/dashboard/keys/:keyId/revoke", keys.confirmRevokeKey);
signedIn.post("/dashboard/keys/:keyId/revoke", keys.revokeKey);

signedIn.get("/dashboard/requests", requests.showRequests);
signedIn.get("/dashboard/requests/:requestId", requests.showRequest);

signedIn.get("/dashboard/callbacks", callbacks.showCallbacks);
signedIn.post("/dashboard/callbacks", callbacks.saveUrl);
signedIn.post("/dashboard/callbacks/secrets/reveal", callbacks.revealSecret);
signedIn.post("/dashboard/callbacks/secrets/rotate", callbacks.rotateSecret);
signedIn.post("/dashboard/callbacks/test", callbacks.sendPing);
signedIn.post("/dashboard/callbacks/events/:eventId/replay", callbacks.replayOne);
signedIn.post("/dashboard/callbacks/replay-failed", callbacks.replayFailed);
signedIn.post("/dashboard/callbacks/endpoints", callbackEndpoints.createEndpoint);
signedIn.get("/dashboard/callbacks/endpoints/:endpointId", callbackEndpoints.showEndpoint);
signedIn.post("/dashboard/callbacks/endpoints/:endpointId", callbackEndpoints.updateEndpoint);
signedIn.post("/dashboard/callbacks/endpoints/:endpointId/delete", callbackEndpoints.deleteEndpoint);
signedIn.post("/dashboard/callbacks/endpoints/:endpointId/secrets/reveal", callbackEndpoints.revealEndpointSecret);
signedIn.post("/dashboard/callbacks/endpoints/:endpointId/secrets/rotate", callbackEndpoints.rotateEndpointSecret);
signedIn.post("/dashboard/callbacks/endpoints/:endpointId/test", callbackEndpoints.sendEndpointPing);

signedIn.get("/dashboard/team", ownerOnly, team.showTeam);
signedIn.post("/dashboard/team/invites", ownerOnly, team.inviteTeammate);
signedIn.post("/dashboard/team/invites/:inviteId/revoke", ownerOnly, team.withdrawInvite);
signedIn.post("/dashboard/team/users/:userId/remove", ownerOnly, team.removeTeammate);
signedIn.get("/dashboard/audit", ownerOnly, audit.showAudit);

signedIn.get("/dashboard/account", team.showAccount);
signedIn.post("/dashboard/account/sessions/revoke-others", team.endOtherSessions);
signedIn.post("/dashboard/account/sessions/:sessionId/revoke", team.endSession);

signedIn.get("/dashboard/security", security.showSecurity);
signedIn.post("/dashboard/security/password", security.changeOwnPassword);
signedIn.post("/dashboard/security/two-factor", security.startTwoFactor);
signedIn.post("/dashboard/security/two-factor/confirm", security.confirmTwoFactor);
signedIn.post("/dashboard/security/two-factor/disable", security.disableTwoFactor);

pages.route("/", signedIn);

pages.all("/dashboard/*", (c) => showMessage(c, 404, { title: "Page not found", message: "There is no such page in the dashboard." }));

/** Pages answer with pages: another tenant's id reads as "not found", the same as a missing one; nothing internal is shown. */
const onPageError: ErrorHandler<DashboardBindings> = (error, c) => {
  // A move pausing the tenant's writes lasts seconds to a minute: the page says to come back, as the API's 503 does.
  if (error instanceof ApiError && error.slug === "tenant-moving") {
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return showMessage(c, error.status, {
      title: "Moving your data",
      message: "Your account's data is moving to another database; it takes a minute at most. Try again shortly.",
    });
  }
  if (error instanceof ApiError && error.status < 500) {
    const notFound = error.status === 404;
    return showMessage(c, error.status, {
      title: notFound ? "Not found" : "That did not work",
      message: notFound ? "There is nothing here — it may have been removed, or the link is wrong." : error.message,
    });
  }
  const traceId = c.get("traceId");
  logEvent("error", "dashboard page failed", {
    traceId,
    path: c.req.path,
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    stack: error instanceof Error ? error.stack : undefined,
  });
  return showMessage(c, 500, {
    title: "Something went wrong",
    message: `The page could not be shown. If it keeps happening, quote reference ${traceId}.`,
  });
};
pages.onError(onPageError);

export default pages;
