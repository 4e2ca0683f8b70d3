import type { FC } from "hono/jsx";
import { useRequestContext } from "hono/jsx-renderer";

import type { DashboardBindings } from "../../types";

/** Fixed messages a redirect can ask a page to show (`?notice=`): nothing from the URL is ever echoed. */
export const NOTICES = {
  "key-revoked": "The key was revoked. Requests with it now get 401.",
  "callbacks-saved": "The callback URL was saved.",
  "callbacks-off": "Callbacks are off. Events are still recorded and can be replayed later.",
  "test-event-sent": "A ping event was recorded and is on its way; watch the delivery log below.",
  "endpoint-test-sent":
    "A ping event was recorded and is on its way to this endpoint; follow its delivery in the delivery log (linked below).",
  "endpoint-saved": "The endpoint was saved.",
  "endpoint-deleted": "The endpoint was deleted. It receives nothing more; its events stay in the log.",
  replayed: "Queued for delivery again; the new deliveries are in the log.",
  "replayed-more-remain": "A first batch was queued again; more failed deliveries remain — replay again to continue.",
  "nothing-to-replay": "No failed deliveries since then: nothing was replayed.",
  "invite-revoked": "The invitation was withdrawn.",
  "user-removed": "The user was removed and signed out everywhere.",
  "session-revoked": "The session was ended.",
  "sessions-revoked": "Every other session was ended.",
  "password-changed": "Your password was changed. Every other session of yours was ended.",
  "password-reset": "Your new password is set and every session you had was ended. Sign in with it to continue.",
  "two-factor-off": "Two-step sign-in is off: signing in asks only for your password.",
  "sign-in-expired": "That sign-in ran out before its code was entered. Sign in again.",
  "password-set": "Your password is set. Sign in to continue.",
  "signed-out": "You are signed out.",
  "session-ended": "Your session ended. Sign in again to continue.",
  refunded: "The refund was accepted.",
  "refund-in-progress": "This refund was already submitted and is still with the processor: reload to see its outcome.",
  "payment-captured": "The hold was captured: the card is charged.",
  "capture-in-progress": "This capture was already submitted and is still with the processor: reload to see its outcome.",
  "payment-voided": "The hold was voided: nothing was charged.",
  "void-in-progress": "This void was already submitted and is still with the processor: reload to see its outcome.",
  "evidence-uploaded": "The evidence file was stored and is on its way to the processor.",
  "evidence-known": "That file is already part of this dispute's evidence: nothing was stored twice.",
  "dispute-submitted": "Your response was submitted. The dispute takes no more evidence.",
  "dispute-accepted": "You accepted the dispute. It takes no evidence and no response; the processor closes it as lost.",
  "onboarding-started": "Your onboarding form is ready: continue to it below.",
  "reader-registered": "The reader is registered. Activate it to take sales.",
  "reader-known": "That reader is already registered to you: here it is.",
  "reader-activated": "The reader is active and takes sales.",
  "reader-deactivated": "The reader is deactivated: it takes no sales until it is activated again.",
  "sale-started": "The sale is on the reader, waiting for the buyer's card.",
  "sale-already-sent": "This sale was already sent: it is below, and was not started twice.",
  "sale-canceled": "The sale was canceled.",
  "sale-tapped-before-cancel": "The buyer tapped before the cancel arrived: the sale succeeded and stands (refund it like any other).",
  "hold-tapped-before-cancel": "The buyer tapped before the cancel arrived: the card is held (void the hold on its payment to release it).",
  "sale-cancel-pending": "The reader was told to stop; the sale's outcome follows below.",
  "sale-over": "No sale is waiting on this reader; the last one's outcome is below.",
  "tap-simulated": "The buyer presented a card at the sandbox reader.",
} as const;
export type Notice = keyof typeof NOTICES;

const isNotice = (value: string | undefined): value is Notice => value !== undefined && Object.hasOwn(NOTICES, value);

/** The page's title and, when the URL names one of `NOTICES`, that notice. */
export const PageHeader: FC<{ title: string }> = ({ title }) => {
  const notice = useRequestContext<DashboardBindings>().req.query("notice");
  return (
    <>
      <h1>{title}</h1>
      {isNotice(notice) ? (
        <p class="notice" role="status">
          {NOTICES[notice]}
        </p>
      ) : null}
    </>
  );
};
