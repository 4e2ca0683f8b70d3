import { Hono, type ErrorHandler } from "hono";
import { logEvent } from "../lib/log";
import { ApiError } from "../lib/problem";
import * as auth from "./auth.handlers";
import * as callbacks from "./callbacks.handlers";
import * as disputes from "./disputes.handlers";
import * as keys from "./keys.handlers";
import * as overview from "./overview.handlers";
import * as payments from "./payments.handlers";
import * as payouts from "./payouts.handlers";
import * as team from "./team.handlers";
import type { DashboardBindings } from "./types";
import { MessagePage } from "./views/auth";
import { dashboardHeaders, formBodyLimit, ownerOnly, requireFormCookie, requireSession, sameOriginOnly } from "./web.middleware";

const pages = new Hono<DashboardBindings>();

for (const path of ["/dashboard", "/dashboard/*"]) pages.use(path, dashboardHeaders, formBodyLimit, sameOriginOnly, requireSession);

pages.get("/dashboard/sign-in", auth.showSignIn);
pages.post("/dashboard/sign-in", requireFormCookie, auth.signIn);
pages.get("/dashboard/invite/:token", auth.showInvite);
pages.post("/dashboard/invite/:token", requireFormCookie, auth.acceptInvitation);
pages.post("/dashboard/sign-out", auth.signOut);

pages.get("/dashboard", overview.showOverview);
pages.post("/dashboard/onboarding", overview.beginOnboarding);

pages.get("/dashboard/payments", payments.showPayments);
pages.get("/dashboard/payments/:paymentId", payments.showPayment);
pages.post("/dashboard/payments/:paymentId/refund", payments.refundPayment);

pages.get("/dashboard/disputes", disputes.showDisputes);
pages.get("/dashboard/disputes/:disputeId", disputes.showDispute);
pages.post("/dashboard/disputes/:disputeId/evidence", disputes.uploadEvidence);
pages.post("/dashboard/disputes/:disputeId/submit", disputes.submitResponse);

pages.get("/dashboard/payouts", payouts.showPayouts);
pages.get("/dashboard/payouts/:payoutId", payouts.showPayout);

pages.get("/dashboard/keys", keys.showKeys);
pages.post("/dashboard/keys", keys.createKey);
pages.get("/dashboard/keys/:keyId/revoke", keys.confirmRevokeKey);
pages.post("/dashboard/keys/:keyId/revoke", keys.revokeKey);

pages.get("/dashboard/callbacks", callbacks.showCallbacks);
pages.post("/dashboard/callbacks", callbacks.saveUrl);
pages.post("/dashboard/callbacks/secrets/reveal", callbacks.revealSecret);
pages.post("/dashboard/callbacks/secrets/rotate", callbacks.rotateSecret);
pages.post("/dashboard/callbacks/test", callbacks.sendPing);
pages.post("/dashboard/callbacks/events/:eventId/replay", callbacks.replayOne);
pages.post("/dashboard/callbacks/replay-failed", callbacks.replayFailed);

pages.get("/dashboard/team", ownerOnly, team.showTeam);
pages.post("/dashboard/team/invites", ownerOnly, team.inviteTeammate);
pages.post("/dashboard/team/invites/:inviteId/revoke", ownerOnly, team.withdrawInvite);
pages.post("/dashboard/team/users/:userId/remove", ownerOnly, team.removeTeammate);
pages.get("/dashboard/audit", ownerOnly, team.showAudit);

pages.get("/dashboard/account", team.showAccount);
pages.post("/dashboard/account/sessions/revoke-others", team.endOtherSessions);
pages.post("/dashboard/account/sessions/:sessionId/revoke", team.endSession);

pages.all("/dashboard/*", (c) =>
  c.html(<MessagePage title="Page not found" message="There is no such page in the dashboard." session={c.get("session")} />, 404),
);

/** Pages answer with pages: another tenant's id reads as "not found", the same as a missing one; nothing internal is shown. */
const onPageError: ErrorHandler<DashboardBindings> = (error, c) => {
  const session = c.get("session");
  if (error instanceof ApiError && error.status < 500) {
    const notFound = error.status === 404;
    return c.html(
      <MessagePage
        title={notFound ? "Not found" : "That did not work"}
        message={notFound ? "There is nothing here — it may have been removed, or the link is wrong." : error.message}
        session={session}
      />,
      error.status,
    );
  }
  const traceId = c.get("traceId");
  logEvent("error", "dashboard page failed", {
    traceId,
    path: c.req.path,
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    stack: error instanceof Error ? error.stack : undefined,
  });
  return c.html(
    <MessagePage
      title="Something went wrong"
      message={`The page could not be shown. If it keeps happening, quote reference ${traceId}.`}
      session={session}
    />,
    500,
  );
};
pages.onError(onPageError);

export default pages;
