import { logEvent } from "../core/log";
import type { Sandbox, TimerAction } from "../core/sandbox";
import { completeCardPresentAuthorizationOnSchedule, expireAuthorizationOnSchedule } from "./authorizations";
import { expireCheckoutFormOnSchedule } from "./checkout-forms";
import { openDisputeOnSchedule, reviewEvidenceOnSchedule } from "./disputes";
import { underwriteMerchant } from "./merchants";
import { expirePaymentLinkOnSchedule } from "./payment-links";
import { approveSettlementOnSchedule, closeSettlementOnSchedule, settleFunding } from "./settlements";
import { completeCardPresentOnSchedule, returnAchOnSchedule, settleAchOnSchedule, settleReversalOnSchedule } from "./transfers";

/**
 * What each timer does when it comes due. A control route may have got there first, so every action checks
 * that its subject is still in the state it was scheduled for, and otherwise does nothing.
 */
const ACTIONS: Record<TimerAction, (sandbox: Sandbox, subject: string) => void> = {
  "ach.settle": settleAchOnSchedule,
  "ach.return": returnAchOnSchedule,
  "reversal.settle": settleReversalOnSchedule,
  // A reader waits for the buyer on a sale (TR…) or a hold (AU…).
  "card_present.complete": (sandbox, id) =>
    id.startsWith("AU") ? completeCardPresentAuthorizationOnSchedule(sandbox, id) : completeCardPresentOnSchedule(sandbox, id),
  "authorization.expire": expireAuthorizationOnSchedule,
  "checkout_form.expire": expireCheckoutFormOnSchedule,
  "payment_link.expire": expirePaymentLinkOnSchedule,
  "merchant.decide": underwriteMerchant,
  "dispute.open": openDisputeOnSchedule,
  "evidence.review": reviewEvidenceOnSchedule,
  "settlement.close": closeSettlementOnSchedule,
  "settlement.approve": approveSettlementOnSchedule,
  "funding.settle": (sandbox, settlementId) => void settleFunding(sandbox, settlementId),
};

/**
 * Runs every timer due by `horizon`, and every timer of the `forced` actions whenever it is due, one at a time in
 * due order; one that fails is logged and does not hold up the rest.
 */
export function runDueTimers(sandbox: Sandbox, horizon: number, forced: readonly TimerAction[] = []): void {
  for (let timer = sandbox.takeDueTimer(horizon, forced); timer; timer = sandbox.takeDueTimer(horizon, forced)) {
    try {
      ACTIONS[timer.action](sandbox, timer.subject);
    } catch (error) {
      logEvent("warn", "sandbox timer failed", { action: timer.action, subject: timer.subject, error: String(error) });
    }
  }
}
