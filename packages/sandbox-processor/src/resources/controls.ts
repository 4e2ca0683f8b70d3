import type { ConfigUpdate } from "../core/config";
import type { CardPresentOutcome, DisputeRecord, FeeProfile, Kind, MerchantOnboardingState, Stored } from "../core/records";
import type { Sandbox, TimerAction } from "../core/sandbox";
import { wipe } from "../core/store";
import type { FailureReason } from "../core/test-data";
import { view } from "../core/views";
import { completeCardPresentAuthorization, expireAuthorization } from "./authorizations";
import { listCalls } from "./calls";
import { currentCheckoutForm, payCheckoutForm } from "./checkout-forms";
import { type Attestation, attestComplianceForm, currentComplianceForm, expireComplianceForm } from "./compliance-forms";
import { listDeliveries } from "./deliveries";
import { presentAtDevice, setDeviceConnection, tapOnCancel } from "./devices";
import { openDispute, resolveDispute, reviewEvidence } from "./disputes";
import { addFault, clearFaults, type FaultSpec, listFaults, removeFault } from "./faults";
import type { HostedSubmission } from "./hosted-pages";
import { type InboxRequest, readInbox, recordInboxRequest } from "./inbox";
import { ensurePlatformFunding } from "./instruments";
import { createMerchantDirectly, setFeeProfile, setOnboardingState, updateMerchant } from "./merchants";
import { type LinkResolution, type OnboardingSubmission, resolveOnboardingLink, submitOnboardingForm } from "./onboarding-forms";
import { merchantOf } from "./ownership";
import { currentPaymentLink, payPaymentLink } from "./payment-links";
import { runDueTimers } from "./scheduled";
import { closeSettlementThrough, type SettlementStep } from "./settlements";
import { type AchOutcome, completeCardPresentSale, recordQuietSales, settleAch, settleAchByTestAccount, settleReversal } from "./transfers";
import { setWebhookSecret } from "./webhooks";

/** The processor's hosted pages a buyer pays on. */
export type HostedKind = "checkout_form" | "payment_link";

/** A control or page call's answer: the value, or the processor-style reason it was refused. */
export type ControlResult<T> = { ok: true; value: T } | { ok: false; status: number; code: string; message: string; field?: string };

/** What a hosted page shows for a link; never carries internals such as other links' tokens. */
export type OnboardingPage =
  | { kind: "invalid" }
  | { kind: "expired" | "completed"; redirect: string | null }
  | {
      kind: "open";
      formId: string;
      prefill: Record<string, unknown>;
      updateRequested: boolean;
      termsOfServiceUrl: string | null;
      feeDetailsUrl: string | null;
    };

function pageOf(resolution: LinkResolution): OnboardingPage {
  if (resolution.kind !== "open") return resolution;
  const { form, link, updateRequested } = resolution;
  return {
    kind: "open",
    formId: form.record.id,
    prefill: form.internal.prefill,
    updateRequested,
    termsOfServiceUrl: link.terms_of_service_url ?? null,
    feeDetailsUrl: link.fee_details_url ?? null,
  };
}

/**
 * Everything the controls and the hosted pages can do, as plain methods on the sandbox's world. Each answers what
 * it did as the processor would show it, or throws `ProcessorError`. The Durable Object runs them one call at a
 * time and, after those that change something, runs whatever they made due (see `READ_ONLY_CONTROLS`).
 */
export class SandboxControls {
  constructor(private readonly sandbox: Sandbox) {}

  private view<K extends Kind>(kind: K, stored: Stored<K>) {
    return view(kind, stored, this.sandbox.webhookLinkBase, { includeConnection: true });
  }

  getResource(kind: Kind, id: string) {
    const stored = this.sandbox.store.find(kind, id);
    return stored ? this.view(kind, stored) : null;
  }

  /** The merchant a resource belongs to (null: none, or no such resource): what a tenant's controls are scoped by. */
  merchantOf(kind: Kind, id: string) {
    return merchantOf(this.sandbox, kind, id);
  }

  configure(update: ConfigUpdate) {
    return this.sandbox.updateConfig(update);
  }

  /** Moves the sandbox clock forward; what came due by then runs after the call. */
  advanceClock(seconds: number) {
    this.sandbox.advanceClock(seconds);
    return { now: this.sandbox.nowIso() };
  }

  /** Runs the timers of the given actions now, due or not, then whatever else is due. */
  runJobs(forced: readonly TimerAction[]) {
    runDueTimers(this.sandbox, this.sandbox.nowMs(), forced);
  }

  /** Without an outcome, settles as the test bank accounts say (see test-data). */
  settleAch(transferId: string, outcome?: AchOutcome, failure?: FailureReason) {
    const settled = outcome ? settleAch(this.sandbox, transferId, outcome, failure) : settleAchByTestAccount(this.sandbox, transferId);
    return this.view("transfer", settled);
  }

  settleReversal(transferId: string, outcome: "succeed" | "fail" = "succeed") {
    return this.view("transfer", settleReversal(this.sandbox, transferId, outcome));
  }

  /** Completes the sale (TR…) or hold (AU…) waiting on a reader. */
  completeCardPresent(id: string, outcome: CardPresentOutcome) {
    if (id.startsWith("AU")) return this.view("authorization", completeCardPresentAuthorization(this.sandbox, id, outcome));
    return this.view("transfer", completeCardPresentSale(this.sandbox, id, outcome));
  }

  /** The hold expires now: it can no longer be captured or voided (`authorization.updated`). */
  expireAuthorization(authorizationId: string) {
    return this.view("authorization", expireAuthorization(this.sandbox, authorizationId));
  }

  presentAtDevice(deviceId: string, outcome: CardPresentOutcome) {
    const result = presentAtDevice(this.sandbox, deviceId, outcome);
    if (!("completed" in result)) return result;
    const { completed } = result;
    return {
      completed: completed.kind === "transfer" ? this.view("transfer", completed.stored) : this.view("authorization", completed.stored),
    };
  }

  setDeviceConnection(deviceId: string, connection: "OPEN" | "CLOSED") {
    return this.view("device", setDeviceConnection(this.sandbox, deviceId, connection));
  }

  tapOnCancel(deviceId: string) {
    return tapOnCancel(this.sandbox, deviceId);
  }

  openDispute(transferId: string, input: { reason?: DisputeRecord["reason"]; amount?: number } = {}) {
    return this.view("dispute", openDispute(this.sandbox, transferId, input));
  }

  resolveDispute(disputeId: string, outcome: "WON" | "LOST") {
    return this.view("dispute", resolveDispute(this.sandbox, disputeId, outcome));
  }

  /** Without an outcome, as the test file names say (see test-data). */
  reviewEvidence(evidenceId: string, outcome?: "succeed" | "fail") {
    return this.view("evidence", reviewEvidence(this.sandbox, evidenceId, outcome));
  }

  createMerchant(input: { name: string; state: MerchantOnboardingState }) {
    return this.view("merchant", createMerchantDirectly(this.sandbox, input));
  }

  /** Sales whose webhooks were all lost, many at once: the change feed a busy platform leaves behind. */
  recordQuietSales(merchantId: string, count: number, amount: number) {
    return recordQuietSales(this.sandbox, merchantId, count, amount);
  }

  setMerchantState(merchantId: string, state: MerchantOnboardingState) {
    return this.view("merchant", setOnboardingState(this.sandbox, merchantId, state));
  }

  /** The processor switching a merchant's processing off or on, as its `PUT /merchants/{id}` does: `merchant.updated` follows. */
  setMerchantProcessing(merchantId: string, enabled: boolean) {
    return this.view("merchant", updateMerchant(this.sandbox, merchantId, { processing_enabled: enabled }));
  }

  setFeeProfile(merchantId: string, feeProfile: FeeProfile) {
    setFeeProfile(this.sandbox, merchantId, feeProfile);
    return { merchant: merchantId, feeProfile };
  }

  /** By the form's id, or by its merchant: that merchant's newest form. */
  expireComplianceForm(target: { id: string } | { merchant: string }) {
    const complianceFormId = "id" in target ? target.id : currentComplianceForm(this.sandbox, target.merchant).record.id;
    const { expired, renewal } = expireComplianceForm(this.sandbox, complianceFormId);
    return { expired: this.view("compliance_form", expired), renewal: this.view("compliance_form", renewal) };
  }

  /** Closes the merchant's accruing settlement now and carries it `through` approval and funding (default: funded). */
  closeSettlement(merchantId: string, through: SettlementStep = "funded") {
    const settlement = closeSettlementThrough(this.sandbox, merchantId, through);
    return settlement ? this.view("settlement", settlement) : null;
  }

  setWebhookSecret(webhookId: string, secretSigningKey: string) {
    return this.view("webhook", setWebhookSecret(this.sandbox, webhookId, secretSigningKey));
  }

  listDeliveries(webhookId?: string) {
    return listDeliveries(this.sandbox, webhookId);
  }

  addFault(spec: FaultSpec) {
    return addFault(this.sandbox, spec);
  }

  listFaults() {
    return listFaults(this.sandbox);
  }

  removeFault(faultId: string) {
    return { removed: removeFault(this.sandbox, faultId) };
  }

  clearFaults() {
    return { removed: clearFaults(this.sandbox) };
  }

  recordInboxRequest(name: string, request: Omit<InboxRequest, "id" | "receivedAt">) {
    recordInboxRequest(this.sandbox, name, request);
  }

  readInbox(name: string) {
    return readInbox(this.sandbox, name);
  }

  listCalls() {
    return listCalls(this.sandbox);
  }

  /** Forgets everything: resources, timers, deliveries, faults, configuration, the clock and the calls counted (the platform's own account stays). */
  reset() {
    wipe(this.sandbox.sql);
    ensurePlatformFunding(this.sandbox);
    return { reset: true };
  }

  onboardingPage(formId: string, bearerToken: string) {
    return pageOf(resolveOnboardingLink(this.sandbox, formId, bearerToken));
  }

  /** The hosted form's submission; a null token stands for the form's newest link (control calls). */
  async submitOnboarding(formId: string, bearerToken: string | null, submission: OnboardingSubmission) {
    return pageOf(await submitOnboardingForm(this.sandbox, formId, bearerToken, submission));
  }

  /** What a hosted page (a checkout form's or a payment link's) shows: its amount, what it is for, whether it can be paid. */
  hostedPage(kind: HostedKind, id: string) {
    const { record } = kind === "checkout_form" ? currentCheckoutForm(this.sandbox, id) : currentPaymentLink(this.sandbox, id);
    return {
      id: record.id,
      state: record.state,
      nickname: record.nickname ?? "Payment",
      amount: record.amount_details.total_amount,
      currency: record.amount_details.currency,
      items: record.items,
      methods: record.allowed_payment_methods,
      details: record.additional_details,
    };
  }

  /** The buyer's submission on a hosted page. */
  async payHosted(kind: HostedKind, id: string, submission: HostedSubmission) {
    const outcome = await (kind === "checkout_form" ? payCheckoutForm : payPaymentLink)(this.sandbox, id, submission);
    if (outcome.kind === "closed") return outcome;
    if (outcome.kind === "declined")
      return { kind: outcome.kind, message: outcome.attempt.record.failure_message ?? "The payment was declined." };
    return { kind: outcome.kind, transferId: outcome.attempt.record.transfer_id };
  }

  complianceForm(complianceFormId: string) {
    return this.view("compliance_form", this.sandbox.store.get("compliance_form", complianceFormId));
  }

  attestComplianceForm(complianceFormId: string, attestation: Attestation) {
    return this.view("compliance_form", attestComplianceForm(this.sandbox, complianceFormId, attestation));
  }
}

export type ControlName = keyof SandboxControls;

/** Every control's name, as the Durable Object accepts them. */
export const CONTROL_NAMES = new Set(
  Object.getOwnPropertyNames(SandboxControls.prototype).filter((name) => name !== "constructor" && name !== "view"),
) as ReadonlySet<ControlName>;

/**
 * Calls that change nothing the service would hear about: they answer at once, without running what is due. A webhook
 * receiver (the request bin) calls back into the sandbox while a delivery is in flight, so its calls must not wait for it.
 */
export const READ_ONLY_CONTROLS: ReadonlySet<ControlName> = new Set<ControlName>([
  "getResource",
  "merchantOf",
  "listDeliveries",
  "listFaults",
  "recordInboxRequest",
  "readInbox",
  "listCalls",
  "onboardingPage",
  "complianceForm",
]);
