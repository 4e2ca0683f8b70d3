import { DurableObject } from "cloudflare:workers";
import { addFault, clearFaults, listFaults, removeFault, type FaultSpec } from "../control/faults";
import { readInbox, recordInboxRequest, type InboxRequest } from "../control/inbox";
import { attestComplianceForm, expireComplianceForm, type Attestation } from "../resources/compliance-forms";
import { presentAtDevice, setDeviceConnection } from "../resources/devices";
import { openDispute, resolveDispute } from "../resources/disputes";
import { createMerchantDirectly, setOnboardingState } from "../resources/merchants";
import { resolveOnboardingLink, submitOnboardingForm, type LinkResolution, type OnboardingSubmission } from "../resources/onboarding-forms";
import { runDueTimers } from "../resources/scheduled";
import { closeSettlement } from "../resources/settlements";
import { completeCardPresentSale, settleAch, settleAchByTestAccount, settleReversal, type AchOutcome } from "../resources/transfers";
import { setWebhookSecret } from "../resources/webhooks";
import { createRestApp } from "../rest/app";
import { ProcessorError } from "../rest/errors";
import { view } from "../rest/views";
import type { FailureReason } from "../test-data";
import { deliverDue, listDeliveries } from "../webhooks/delivery";
import type { ConfigUpdate } from "./config";
import type { CardPresentOutcome, DisputeRecord, Kind, MerchantOnboardingState, Stored } from "./records";
import { Sandbox, type TimerAction } from "./sandbox";
import { wipe } from "./store";

/** Calls that change nothing the service would hear about (the inbox records what a receiver got). */
const READ_ONLY = { changes: false };

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
 * The built-in sandbox processor: all of its state in one SQLite-backed object. REST requests arrive through
 * `fetch`; control and hosted-page calls through RPC; delayed transitions and webhook retries run on the alarm.
 */
export class SandboxProcessor extends DurableObject<Env> {
  private readonly sandbox: Sandbox;
  private readonly rest = createRestApp();
  private delivering: Promise<void> | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sandbox = new Sandbox(ctx, env);
  }

  override fetch(request: Request): Promise<Response> {
    return Promise.resolve(this.rest.fetch(request, { sandbox: this.sandbox }));
  }

  override async alarm(): Promise<void> {
    await this.runUntil(this.sandbox.alarmHorizon());
  }

  private async runUntil(horizon: number, forced: readonly TimerAction[] = []): Promise<void> {
    runDueTimers(this.sandbox, horizon, forced);
    await this.deliver(horizon);
    this.sandbox.rescheduleAlarm();
  }

  /** One delivery loop at a time, so nothing is sent twice; a second caller waits, then sends what came due meanwhile. */
  private async deliver(horizon: number): Promise<void> {
    while (this.delivering) await this.delivering;
    this.delivering = deliverDue(this.sandbox, horizon).finally(() => {
      this.delivering = null;
    });
    await this.delivering;
  }

  /**
   * Runs one control or page call, then — for calls that change something — everything it made due, webhooks
   * included, so that when the call returns its consequences have reached the service. Reads never wait for
   * deliveries: a webhook receiver (the inbox) calls back into this object while a delivery is in flight.
   */
  private async run<T>(work: () => T | Promise<T>, { changes = true } = {}): Promise<ControlResult<T>> {
    try {
      const value = await work();
      if (changes) await this.runUntil(this.sandbox.nowMs());
      return { ok: true, value };
    } catch (error) {
      if (!(error instanceof ProcessorError)) throw error;
      const [first] = error.items;
      return {
        ok: false,
        status: error.status,
        code: first?.code ?? "UNKNOWN",
        message: error.message,
        ...(first?.field ? { field: first.field } : {}),
      };
    }
  }

  private view<K extends Kind>(kind: K, stored: Stored<K>) {
    return view(kind, stored, this.sandbox.webhookLinkBase, { includeConnection: true });
  }

  getResource(kind: Kind, id: string) {
    return this.run(() => {
      const stored = this.sandbox.store.find(kind, id);
      return stored ? this.view(kind, stored) : null;
    }, READ_ONLY);
  }

  configure(update: ConfigUpdate) {
    return this.run(() => this.sandbox.updateConfig(update));
  }

  /** Moves the sandbox clock forward and runs everything that has come due (timers, webhook retries, expiries). */
  advanceClock(seconds: number) {
    return this.run(() => {
      this.sandbox.advanceClock(seconds);
      return { now: this.sandbox.nowIso() };
    });
  }

  /** Runs the timers of the given actions now, due or not (all of them with `all`), then whatever else is due. */
  runJobs(forced: readonly TimerAction[]) {
    return this.run(() => runDueTimers(this.sandbox, this.sandbox.nowMs(), forced));
  }

  /** Without an outcome, settles as the test bank accounts say (see test-data). */
  settleAch(transferId: string, outcome?: AchOutcome, failure?: FailureReason) {
    return this.run(() =>
      this.view(
        "transfer",
        outcome ? settleAch(this.sandbox, transferId, outcome, failure) : settleAchByTestAccount(this.sandbox, transferId),
      ),
    );
  }

  settleReversal(transferId: string, outcome: "succeed" | "fail" = "succeed") {
    return this.run(() => this.view("transfer", settleReversal(this.sandbox, transferId, outcome)));
  }

  completeCardPresent(transferId: string, outcome: CardPresentOutcome) {
    return this.run(() => this.view("transfer", completeCardPresentSale(this.sandbox, transferId, outcome)));
  }

  presentAtDevice(deviceId: string, outcome: CardPresentOutcome) {
    return this.run(() => {
      const result = presentAtDevice(this.sandbox, deviceId, outcome);
      return "completed" in result ? { completed: this.view("transfer", result.completed) } : result;
    });
  }

  setDeviceConnection(deviceId: string, connection: "OPEN" | "CLOSED") {
    return this.run(() => this.view("device", setDeviceConnection(this.sandbox, deviceId, connection)));
  }

  openDispute(transferId: string, input: { reason?: DisputeRecord["reason"]; amount?: number } = {}) {
    return this.run(() => this.view("dispute", openDispute(this.sandbox, transferId, input)));
  }

  resolveDispute(disputeId: string, outcome: "WON" | "LOST") {
    return this.run(() => this.view("dispute", resolveDispute(this.sandbox, disputeId, outcome)));
  }

  createMerchant(input: { name: string; state: MerchantOnboardingState }) {
    return this.run(() => this.view("merchant", createMerchantDirectly(this.sandbox, input)));
  }

  setMerchantState(merchantId: string, state: MerchantOnboardingState) {
    return this.run(() => this.view("merchant", setOnboardingState(this.sandbox, merchantId, state)));
  }

  expireComplianceForm(complianceFormId: string) {
    return this.run(() => {
      const { expired, renewal } = expireComplianceForm(this.sandbox, complianceFormId);
      return { expired: this.view("compliance_form", expired), renewal: this.view("compliance_form", renewal) };
    });
  }

  closeSettlement(merchantId: string) {
    return this.run(() => {
      const settlement = closeSettlement(this.sandbox, merchantId);
      return settlement ? this.view("settlement", settlement) : null;
    });
  }

  setWebhookSecret(webhookId: string, secretSigningKey: string) {
    return this.run(() => this.view("webhook", setWebhookSecret(this.sandbox, webhookId, secretSigningKey)));
  }

  listDeliveries(webhookId?: string) {
    return this.run(() => listDeliveries(this.sandbox, webhookId), READ_ONLY);
  }

  addFault(spec: FaultSpec) {
    return this.run(() => addFault(this.sandbox, spec));
  }

  listFaults() {
    return this.run(() => listFaults(this.sandbox), READ_ONLY);
  }

  removeFault(faultId: string) {
    return this.run(() => ({ removed: removeFault(this.sandbox, faultId) }));
  }

  clearFaults() {
    return this.run(() => ({ removed: clearFaults(this.sandbox) }));
  }

  recordInboxRequest(name: string, request: Omit<InboxRequest, "id" | "receivedAt">) {
    return this.run(() => recordInboxRequest(this.sandbox, name, request), READ_ONLY);
  }

  readInbox(name: string) {
    return this.run(() => readInbox(this.sandbox, name), READ_ONLY);
  }

  /** Forgets everything: resources, timers, deliveries, faults, configuration and the clock. */
  reset() {
    return this.run(() => {
      wipe(this.sandbox.sql);
      return { reset: true };
    });
  }

  onboardingPage(formId: string, bearerToken: string) {
    return this.run(() => pageOf(resolveOnboardingLink(this.sandbox, formId, bearerToken)), READ_ONLY);
  }

  /** The hosted form's submission; a null token stands for the form's newest link (control calls). */
  submitOnboarding(formId: string, bearerToken: string | null, submission: OnboardingSubmission) {
    return this.run(async () => pageOf(await submitOnboardingForm(this.sandbox, formId, bearerToken, submission)));
  }

  complianceForm(complianceFormId: string) {
    return this.run(() => this.view("compliance_form", this.sandbox.store.get("compliance_form", complianceFormId)), READ_ONLY);
  }

  attestComplianceForm(complianceFormId: string, attestation: Attestation) {
    return this.run(() => this.view("compliance_form", attestComplianceForm(this.sandbox, complianceFormId, attestation)));
  }
}
