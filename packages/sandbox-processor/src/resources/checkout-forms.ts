import { invalidField } from "../core/errors";
import { processorId } from "../core/ids";
import type { CheckoutAdditionalDetails, Stored } from "../core/records";
import type { Sandbox } from "../core/sandbox";
import { checkHostedPage, type HostedOutcome, type HostedPageInput, type HostedSubmission, payOnPage } from "./hosted-pages";
import { processingMerchant } from "./merchants";

/** "By default, checkout_forms expire after 10 minutes … to a maximum of 3 weeks" (the processor's Checkout Pages guide). */
export const DEFAULT_CHECKOUT_MINUTES = 10;
export const MAX_CHECKOUT_MINUTES = 3 * 7 * 24 * 60;

export type CreateCheckoutFormInput = HostedPageInput & {
  merchant_id?: string | null;
  is_multiple_use?: boolean | null;
  is_authorization?: boolean | null;
  nickname?: string | null;
  additional_details?:
    (Partial<Omit<CheckoutAdditionalDetails, "expiration_in_minutes">> & { expiration_in_minutes?: number | null }) | null;
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
 * A hosted, single-use checkout page for one fixed amount. Besides what every hosted page must be (`checkHostedPage`),
 * the sandbox refuses a form for several payments (`is_multiple_use`: the guide says checkout forms take one) and an
 * authorization instead of a sale.
 */
export function createCheckoutForm(sandbox: Sandbox, input: CreateCheckoutFormInput): Stored<"checkout_form"> {
  if (!input.merchant_id) throw invalidField("merchant_id", "merchant_id is required.");
  const merchant = processingMerchant(sandbox, input.merchant_id, "merchant_id");
  if (input.is_multiple_use) throw invalidField("is_multiple_use", "A checkout form takes one payment.");
  if (input.is_authorization) throw invalidField("is_authorization", "The sandbox's checkout forms make sales only.");
  if (!input.nickname?.trim()) throw invalidField("nickname", "nickname is required.");
  const { fields, termsOfServiceUrl } = checkHostedPage(input);
  const details = input.additional_details ?? {};
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
      ...fields,
      nickname: input.nickname.trim(),
      is_multiple_use: false,
      is_authorization: false,
      additional_details: { ...details, terms_of_service_url: termsOfServiceUrl, expiration_in_minutes: minutes },
      link_url: `${sandbox.publicOrigin}/sandbox/checkout-forms/${id}`,
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

/** A buyer pays on the form's page: a declined card leaves it open for another try; a sale made completes it. */
export async function payCheckoutForm(sandbox: Sandbox, formId: string, submission: HostedSubmission): Promise<HostedOutcome> {
  const form = currentCheckoutForm(sandbox, formId);
  return payOnPage(sandbox, form.record, "CHECKOUT_FORM", submission, () => changeState(sandbox, form, "COMPLETED"));
}
