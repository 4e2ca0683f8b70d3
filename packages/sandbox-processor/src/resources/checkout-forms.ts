import { invalidField } from "../core/errors";
import { processorId } from "../core/ids";
import type { CheckoutAdditionalDetails, Stored, Tags, TransferAttemptRecord } from "../core/records";
import type { Sandbox } from "../core/sandbox";
import { createIdentity } from "./identities";
import { bankDraft, type BankInput, cardDraft, type CardInput, createInstrument } from "./instruments";
import { processingMerchant } from "./merchants";
import { createTransfer } from "./transfers";

/** "By default, checkout_forms expire after 10 minutes … to a maximum of 3 weeks" (the processor's Checkout Pages guide). */
export const DEFAULT_CHECKOUT_MINUTES = 10;
export const MAX_CHECKOUT_MINUTES = 3 * 7 * 24 * 60;
/** The methods the sandbox's page takes; the wallets the processor also lists cannot be simulated offline. */
const PAGE_METHODS = ["PAYMENT_CARD", "BANK_ACCOUNT"];
const ALL_METHODS = [...PAGE_METHODS, "APPLE_PAY", "GOOGLE_PAY"];

export type CreateCheckoutFormInput = {
  merchant_id?: string | null;
  payment_frequency?: string | null;
  is_multiple_use?: boolean | null;
  is_authorization?: boolean | null;
  allowed_payment_methods?: string[] | null;
  nickname?: string | null;
  amount_details?: { amount_type?: string | null; total_amount?: number | null; currency?: string | null } | null;
  items?: Record<string, unknown>[] | null;
  buyer_details?: Record<string, unknown> | null;
  additional_details?:
    (Partial<Omit<CheckoutAdditionalDetails, "expiration_in_minutes">> & { expiration_in_minutes?: number | null }) | null;
  branding?: Record<string, unknown> | null;
  tags?: Tags | null;
};

function expirationMinutes(value: number | null | undefined): number {
  if (value === undefined || value === null) return DEFAULT_CHECKOUT_MINUTES;
  if (!Number.isInteger(value) || value < 1 || value > MAX_CHECKOUT_MINUTES) {
    throw invalidField(
      "additional_details.expiration_in_minutes",
      `expiration_in_minutes must be 1 to ${MAX_CHECKOUT_MINUTES} (three weeks).`,
    );
  }
  return value;
}

/**
 * A hosted, single-use checkout page for one fixed amount. The sandbox refuses what it cannot honour rather than
 * ignore it: a form for several payments (`is_multiple_use`, which the guide says checkout forms are not), an
 * authorization instead of a sale, and amount types other than FIXED (the only one the documents show an example of).
 */
export function createCheckoutForm(sandbox: Sandbox, input: CreateCheckoutFormInput): Stored<"checkout_form"> {
  if (!input.merchant_id) throw invalidField("merchant_id", "merchant_id is required.");
  const merchant = processingMerchant(sandbox, input.merchant_id, "merchant_id");
  if (input.payment_frequency !== "ONE_TIME") throw invalidField("payment_frequency", "Only ONE_TIME is supported.");
  if (input.is_multiple_use) throw invalidField("is_multiple_use", "A checkout form takes one payment.");
  if (input.is_authorization) throw invalidField("is_authorization", "The sandbox's checkout forms make sales only.");
  const methods = input.allowed_payment_methods ?? [];
  if (methods.length === 0 || methods.some((method) => !ALL_METHODS.includes(method))) {
    throw invalidField("allowed_payment_methods", `allowed_payment_methods must be some of ${ALL_METHODS.join(", ")}.`);
  }
  if (!methods.some((method) => PAGE_METHODS.includes(method))) {
    throw invalidField("allowed_payment_methods", "The sandbox's page takes PAYMENT_CARD and BANK_ACCOUNT; wallets cannot be simulated.");
  }
  if (!input.nickname?.trim()) throw invalidField("nickname", "nickname is required.");
  const amount = input.amount_details;
  if (amount?.amount_type !== "FIXED") throw invalidField("amount_details.amount_type", "The sandbox supports FIXED amounts.");
  if (!Number.isInteger(amount.total_amount) || amount.total_amount! < 1) {
    throw invalidField("amount_details.total_amount", "total_amount must be a positive integer of minor units.");
  }
  if (amount.currency !== "USD") throw invalidField("amount_details.currency", "The sandbox processes USD only.");
  const details = input.additional_details ?? {};
  // The guide: "a terms of service URL is required".
  if (!details.terms_of_service_url) throw invalidField("additional_details.terms_of_service_url", "terms_of_service_url is required.");
  const minutes = expirationMinutes(details.expiration_in_minutes);

  const id = processorId("checkout_form_");
  const now = sandbox.nowIso();
  const expiresAt = sandbox.isoIn(minutes * 60);
  const stored = sandbox.store.insert(
    "checkout_form",
    {
      id,
      application_id: sandbox.applicationId,
      merchant_id: merchant.record.id,
      nickname: input.nickname.trim(),
      payment_frequency: "ONE_TIME",
      is_multiple_use: false,
      is_authorization: false,
      allowed_payment_methods: methods,
      state: "ACTIVE",
      amount_details: { amount_type: "FIXED", total_amount: amount.total_amount!, currency: amount.currency },
      items: input.items ?? [],
      buyer_details: input.buyer_details ?? null,
      additional_details: { ...details, terms_of_service_url: details.terms_of_service_url, expiration_in_minutes: minutes },
      branding: input.branding ?? null,
      link_url: `${sandbox.publicOrigin}/sandbox/checkout-forms/${id}`,
      tags: input.tags ?? {},
      created_at: now,
      updated_at: now,
    },
    { expiresAt },
  );
  sandbox.schedule("checkout_form.expire", id, minutes * 60);
  sandbox.emit("checkout_form", "created", stored);
  return stored;
}

function changeState(sandbox: Sandbox, form: Stored<"checkout_form">, state: "COMPLETED" | "EXPIRED"): Stored<"checkout_form"> {
  const saved = sandbox.store.save("checkout_form", {
    ...form,
    record: { ...form.record, state, updated_at: sandbox.touch(form.record.updated_at) },
  });
  sandbox.emit("checkout_form", "updated", saved);
  return saved;
}

/** The form as its buyer finds it: still `ACTIVE` only before its expiry (the timer may not have run yet). */
export function currentCheckoutForm(sandbox: Sandbox, formId: string): Stored<"checkout_form"> {
  const form = sandbox.store.get("checkout_form", formId);
  const lapsed = form.record.state === "ACTIVE" && Date.parse(form.internal.expiresAt) <= sandbox.nowMs();
  return lapsed ? changeState(sandbox, form, "EXPIRED") : form;
}

export function expireCheckoutFormOnSchedule(sandbox: Sandbox, formId: string): void {
  currentCheckoutForm(sandbox, formId);
}

/** What the buyer typed on the hosted page: who pays, and the card or bank account. */
export type CheckoutSubmission = {
  firstName: string;
  lastName: string;
  email: string | null;
  method: { card: CardInput } | { bank: BankInput };
};

export type CheckoutOutcome =
  | { kind: "paid"; attempt: Stored<"transfer_attempt">; form: Stored<"checkout_form"> }
  | { kind: "declined"; attempt: Stored<"transfer_attempt">; message: string }
  | { kind: "closed"; form: Stored<"checkout_form"> };

/**
 * A buyer pays on the hosted page: the processor makes the buyer's identity and instrument, then the sale, and records
 * the attempt against the form. A declined card leaves the form open for another try; a sale made completes it.
 */
export async function payCheckoutForm(sandbox: Sandbox, formId: string, submission: CheckoutSubmission): Promise<CheckoutOutcome> {
  const form = currentCheckoutForm(sandbox, formId);
  if (form.record.state !== "ACTIVE") return { kind: "closed", form };
  const isCard = "card" in submission.method;
  if (!form.record.allowed_payment_methods.includes(isCard ? "PAYMENT_CARD" : "BANK_ACCOUNT")) {
    throw invalidField(isCard ? "number" : "account_number", "This checkout does not take that payment method.");
  }
  const draft =
    "card" in submission.method ? await cardDraft(submission.method.card, sandbox.nowMs()) : await bankDraft(submission.method.bank);
  const identity = createIdentity(sandbox, {
    entity: { first_name: submission.firstName, last_name: submission.lastName, ...(submission.email ? { email: submission.email } : {}) },
  });
  const instrument = createInstrument(sandbox, identity.record.id, draft, null);
  const { total_amount: amount, currency } = form.record.amount_details;
  const answer = createTransfer(
    sandbox,
    { merchant: form.record.merchant_id, source: instrument.record.id, amount, currency },
    `checkout:${formId}:${instrument.record.id}`,
  );
  const transfer = answer.transfer.record;
  const now = sandbox.nowIso();
  const attempt: TransferAttemptRecord = {
    id: processorId("transfer_attempt_"),
    entity_id: formId,
    entity_type: "CHECKOUT_FORM",
    merchant_id: form.record.merchant_id,
    amount,
    currency,
    state: answer.status === 201 ? "SUCCEEDED" : "FAILED",
    buyer_details: {
      first_name: submission.firstName,
      last_name: submission.lastName,
      email: submission.email,
      identity_id: identity.record.id,
    },
    payment_instrument_id: instrument.record.id,
    transfer_id: transfer.id,
    failure_code: transfer.failure_code ?? null,
    failure_message: transfer.failure_message ?? null,
    tags: {},
    created_at: now,
    updated_at: now,
  };
  const storedAttempt = sandbox.store.insert("transfer_attempt", attempt, {});
  if (answer.status !== 201)
    return { kind: "declined", attempt: storedAttempt, message: transfer.failure_message ?? "The payment was declined." };
  return { kind: "paid", attempt: storedAttempt, form: changeState(sandbox, form, "COMPLETED") };
}
