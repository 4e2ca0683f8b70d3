import { z } from "zod";

/** Request fields the sandbox reads; everything else the processor accepts is ignored, not refused. */

export const Tags = z.record(z.string().max(40), z.string().max(500)).nullish();

export const AccountType = z
  .enum(["PERSONAL_CHECKING", "PERSONAL_SAVINGS", "BUSINESS_CHECKING", "BUSINESS_SAVINGS", "CHECKING", "SAVINGS"])
  .transform((type) => (type === "CHECKING" ? "PERSONAL_CHECKING" : type === "SAVINGS" ? "PERSONAL_SAVINGS" : type));

export const CardFields = z.object({
  number: z.string().min(1),
  expiration_month: z.coerce.number().int().min(1).max(12),
  expiration_year: z.coerce.number().int().min(2000).max(2100),
  security_code: z.string().optional(),
  name: z.string().optional(),
  address: z.record(z.string(), z.string().optional()).optional(),
});

export const BankFields = z.object({
  account_number: z.string().min(1),
  bank_code: z.string().min(1),
  account_type: AccountType,
  name: z.string().optional(),
  attempt_bank_account_validation_check: z.boolean().optional(),
});

export const Note = z.object({ note: z.string().trim().min(1, "note is required") });

/** What a checkout form and a payment link are both created with (`POST /checkout_forms`, `POST /payment_links`). */
export const HostedPageBody = z.object({
  merchant_id: z.string().nullish(),
  payment_frequency: z.string().nullish(),
  is_multiple_use: z.boolean().nullish(),
  allowed_payment_methods: z.array(z.string()).nullish(),
  nickname: z.string().max(255).nullish(),
  amount_details: z
    .object({ amount_type: z.string().nullish(), total_amount: z.number().int().nullish(), currency: z.string().nullish() })
    .nullish(),
  items: z.array(z.looseObject({})).nullish(),
  buyer_details: z.looseObject({}).nullish(),
  additional_details: z
    .object({
      collect_name: z.boolean().optional(),
      collect_email: z.boolean().optional(),
      success_return_url: z.string().optional(),
      cart_return_url: z.string().optional(),
      unsuccessful_return_url: z.string().optional(),
      expired_session_url: z.string().optional(),
      terms_of_service_url: z.string().optional(),
      expiration_in_minutes: z.number().nullish(),
    })
    .nullish(),
  branding: z.looseObject({}).nullish(),
  tags: Tags,
});
