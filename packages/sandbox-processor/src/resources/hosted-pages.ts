import { invalidField } from "../core/errors";
import { processorId } from "../core/ids";
import type { Stored, Tags, TransferAttemptRecord } from "../core/records";
import type { Sandbox } from "../core/sandbox";
import { createIdentity } from "./identities";
import { bankDraft, type BankInput, cardDraft, type CardInput, createInstrument } from "./instruments";
import { createTransfer } from "./transfers";

/** The methods the sandbox's pages take; the wallets the processor also lists cannot be simulated offline. */
const PAGE_METHODS = ["PAYMENT_CARD", "BANK_ACCOUNT"];
const ALL_METHODS = [...PAGE_METHODS, "APPLE_PAY", "GOOGLE_PAY"];

/** What a checkout form and a payment link are both created with: how the buyer pays, how much, and on what terms. */
export type HostedPageInput = {
  payment_frequency?: string | null;
  allowed_payment_methods?: string[] | null;
  amount_details?: { amount_type?: string | null; total_amount?: number | null; currency?: string | null } | null;
  additional_details?: { terms_of_service_url?: string } | null;
  items?: Record<string, unknown>[] | null;
  buyer_details?: Record<string, unknown> | null;
  branding?: Record<string, unknown> | null;
  tags?: Tags | null;
};

/**
 * The rules both hosted pages share, checked as the processor documents them, and refusing what the sandbox cannot
 * honour: only ONE_TIME, card and bank account (not wallets alone), a FIXED amount (the only type the documents show an
 * example of), and a terms of service URL ("required", the guides say).
 */
export function checkHostedPage(input: HostedPageInput) {
  if (input.payment_frequency !== "ONE_TIME") throw invalidField("payment_frequency", "Only ONE_TIME is supported.");
  const methods = input.allowed_payment_methods ?? [];
  if (methods.length === 0 || methods.some((method) => !ALL_METHODS.includes(method))) {
    throw invalidField("allowed_payment_methods", `allowed_payment_methods must be some of ${ALL_METHODS.join(", ")}.`);
  }
  if (!methods.some((method) => PAGE_METHODS.includes(method))) {
    throw invalidField("allowed_payment_methods", "The sandbox's page takes PAYMENT_CARD and BANK_ACCOUNT; wallets cannot be simulated.");
  }
  const amount = input.amount_details;
  if (amount?.amount_type !== "FIXED") throw invalidField("amount_details.amount_type", "The sandbox supports FIXED amounts.");
  if (!Number.isInteger(amount.total_amount) || amount.total_amount! < 1) {
    throw invalidField("amount_details.total_amount", "total_amount must be a positive integer of minor units.");
  }
  if (amount.currency !== "USD") throw invalidField("amount_details.currency", "The sandbox processes USD only.");
  const termsOfServiceUrl = input.additional_details?.terms_of_service_url;
  if (!termsOfServiceUrl) throw invalidField("additional_details.terms_of_service_url", "terms_of_service_url is required.");
  return {
    termsOfServiceUrl,
    /** The fields both resources store as given (a new page is `ACTIVE`). */
    fields: {
      payment_frequency: "ONE_TIME" as const,
      allowed_payment_methods: methods,
      state: "ACTIVE" as const,
      amount_details: { amount_type: "FIXED" as const, total_amount: amount.total_amount!, currency: amount.currency },
      items: input.items ?? [],
      buyer_details: input.buyer_details ?? null,
      branding: input.branding ?? null,
      tags: input.tags ?? {},
    },
  };
}

/** What the buyer typed on a hosted page: who pays, and the card or bank account. */
export type HostedSubmission = {
  firstName: string;
  lastName: string;
  email: string | null;
  method: { card: CardInput } | { bank: BankInput };
};

/** A page a buyer pays on, as a checkout form and a payment link both store it: for its fixed amount, while `ACTIVE`. */
type PayablePage = {
  id: string;
  state: string;
  merchant_id: string;
  amount_details: { total_amount: number; currency: string };
  allowed_payment_methods: string[];
};

export type HostedOutcome = { kind: "paid" | "declined"; attempt: Stored<"transfer_attempt"> } | { kind: "closed"; state: string };

/**
 * One buyer's submission on a hosted page, as the processor records it (a Transfer Attempt): the buyer's identity and
 * instrument, then a sale for the page's amount, and the attempt naming the page (`entity_id`) and the sale it made.
 * A decline leaves the page as it was; `afterSale` is what a sale made does to it (a single-use page completes).
 */
export async function payOnPage(
  sandbox: Sandbox,
  page: PayablePage,
  type: TransferAttemptRecord["entity_type"],
  submission: HostedSubmission,
  afterSale: () => void,
): Promise<HostedOutcome> {
  if (page.state !== "ACTIVE") return { kind: "closed", state: page.state };
  const isCard = "card" in submission.method;
  if (!page.allowed_payment_methods.includes(isCard ? "PAYMENT_CARD" : "BANK_ACCOUNT")) {
    throw invalidField(isCard ? "number" : "account_number", "This page does not take that payment method.");
  }
  const draft =
    "card" in submission.method ? await cardDraft(submission.method.card, sandbox.nowMs()) : await bankDraft(submission.method.bank);
  const identity = createIdentity(sandbox, {
    entity: { first_name: submission.firstName, last_name: submission.lastName, ...(submission.email ? { email: submission.email } : {}) },
  });
  const instrument = createInstrument(sandbox, identity.record.id, draft, null);
  const { total_amount: amount, currency } = page.amount_details;
  const answer = createTransfer(
    sandbox,
    { merchant: page.merchant_id, source: instrument.record.id, amount, currency },
    `${page.id}:${instrument.record.id}`,
  );
  const transfer = answer.transfer.record;
  const now = sandbox.nowIso();
  const attempt = sandbox.store.insert(
    "transfer_attempt",
    {
      id: processorId("transfer_attempt_"),
      entity_id: page.id,
      entity_type: type,
      merchant_id: page.merchant_id,
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
    },
    {},
  );
  if (attempt.record.state !== "SUCCEEDED") return { kind: "declined", attempt };
  afterSale();
  return { kind: "paid", attempt };
}
