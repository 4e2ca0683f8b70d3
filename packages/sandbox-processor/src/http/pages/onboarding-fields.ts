import { ACH_TEST_BANK_CODE, ONBOARDING_OUTCOMES } from "../../core/test-data";
import type { OnboardingSubmission } from "../../resources/onboarding-forms";

export type FieldSpec = {
  name: string;
  label: string;
  type?: "text" | "email" | "tel" | "date" | "number" | "url" | "password";
  required?: boolean;
  options?: string[];
  pattern?: RegExp;
  hint?: string;
};

export type Section = { legend: string; fields: FieldSpec[][] };

const BUSINESS_TYPES = [
  "INDIVIDUAL_SOLE_PROPRIETORSHIP",
  "CORPORATION",
  "LIMITED_LIABILITY_COMPANY",
  "PARTNERSHIP",
  "ASSOCIATION_ESTATE_TRUST",
  "TAX_EXEMPT_ORGANIZATION",
  "INTERNATIONAL_ORGANIZATION",
  "GOVERNMENT_AGENCY",
];
const ACCOUNT_TYPES = ["BUSINESS_CHECKING", "BUSINESS_SAVINGS", "PERSONAL_CHECKING", "PERSONAL_SAVINGS"];
const NINE_DIGITS = /^\d{9}$/;
const US_STATE = /^[A-Za-z]{2}$/;
const ZIP = /^\d{5}(-\d{4})?$/;

function address(prefix: string, title: string): FieldSpec[][] {
  return [
    [{ name: `${prefix}_line1`, label: `${title} street`, required: true }],
    [{ name: `${prefix}_line2`, label: "Suite / apartment" }],
    [
      { name: `${prefix}_city`, label: "City", required: true },
      { name: `${prefix}_region`, label: "State (2 letters)", required: true, pattern: US_STATE },
      { name: `${prefix}_postal_code`, label: "ZIP code", required: true, pattern: ZIP },
    ],
  ];
}

/** The hosted onboarding form, as data: every input's stable `name` (also its id) and its rule. */
export const ONBOARDING_SECTIONS: Section[] = [
  {
    legend: "Business",
    fields: [
      [
        {
          name: "business_name",
          label: "Legal business name",
          required: true,
          hint: `Test outcomes: ${Object.entries(ONBOARDING_OUTCOMES)
            .map(([name, outcome]) => `"${name}" → ${outcome}`)
            .join(", ")}; any other name is approved.`,
        },
      ],
      [{ name: "doing_business_as", label: "Doing business as" }],
      [
        { name: "business_type", label: "Business type", required: true, options: BUSINESS_TYPES },
        { name: "business_tax_id", label: "EIN (9 digits)", required: true, pattern: NINE_DIGITS },
      ],
      [
        { name: "business_phone", label: "Business phone", type: "tel", required: true, pattern: /^[\d\s()+-]{7,20}$/ },
        { name: "url", label: "Website", type: "url" },
      ],
      [
        { name: "mcc", label: "MCC (4 digits)", required: true, pattern: /^\d{4}$/ },
        { name: "incorporation_date", label: "Incorporation date", type: "date", required: true },
      ],
      [
        { name: "annual_card_volume", label: "Annual card volume (USD)", type: "number", required: true, pattern: /^\d{1,12}$/ },
        { name: "max_transaction_amount", label: "Largest sale (USD)", type: "number", required: true, pattern: /^\d{1,9}$/ },
      ],
      ...address("business_address", "Business"),
    ],
  },
  {
    legend: "Owner (control person)",
    fields: [
      [
        { name: "first_name", label: "First name", required: true },
        { name: "last_name", label: "Last name", required: true },
      ],
      [
        { name: "title", label: "Title", required: true },
        { name: "principal_percentage_ownership", label: "Ownership %", type: "number", required: true, pattern: /^(100|\d{1,2})$/ },
      ],
      [
        { name: "email", label: "Email", type: "email", required: true, pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/ },
        { name: "phone", label: "Phone", type: "tel", required: true, pattern: /^[\d\s()+-]{7,20}$/ },
      ],
      [
        { name: "dob", label: "Date of birth", type: "date", required: true },
        { name: "tax_id", label: "SSN (9 digits)", required: true, pattern: NINE_DIGITS },
      ],
      ...address("personal_address", "Home"),
    ],
  },
  {
    legend: "Bank account for payouts",
    fields: [
      [{ name: "bank_account_name", label: "Account holder name", required: true }],
      [
        {
          name: "bank_code",
          label: "Routing number",
          required: true,
          pattern: NINE_DIGITS,
          hint: `ACH test accounts use routing ${ACH_TEST_BANK_CODE}.`,
        },
        { name: "account_number", label: "Account number", required: true, pattern: /^\d{4,17}$/ },
      ],
      [{ name: "account_type", label: "Account type", required: true, options: ACCOUNT_TYPES }],
    ],
  },
];

const ALL_FIELDS = ONBOARDING_SECTIONS.flatMap((section) => section.fields.flat());

function dateParts(value: string): { day: number; month: number; year: number } {
  const [year, month, day] = value.split("-").map(Number);
  return { day: day!, month: month!, year: year! };
}

function validDate(value: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && Date.parse(`${value}T00:00:00Z`) < Date.now()
  );
}

function addressFrom(values: Record<string, string>, prefix: string) {
  return {
    line1: values[`${prefix}_line1`]!,
    line2: values[`${prefix}_line2`] || null,
    city: values[`${prefix}_city`]!,
    region: values[`${prefix}_region`]!.toUpperCase(),
    postal_code: values[`${prefix}_postal_code`]!,
    country: "USA",
  };
}

/** Checks the submitted fields; when valid, maps them to the processor's seller identity entity and bank account. */
export function readOnboardingSubmission(
  values: Record<string, string>,
): { errors: Record<string, string> } | { entity: OnboardingSubmission["entity"]; bank: OnboardingSubmission["bank"] } {
  const errors: Record<string, string> = {};
  for (const field of ALL_FIELDS) {
    const value = values[field.name] ?? "";
    if (!value) {
      if (field.required) errors[field.name] = `${field.label} is required.`;
      continue;
    }
    if (field.options && !field.options.includes(value)) errors[field.name] = `Choose one of the listed values.`;
    else if (field.pattern && !field.pattern.test(value)) errors[field.name] = `${field.label} is not in the expected format.`;
    else if (field.type === "date" && !validDate(value)) errors[field.name] = `${field.label} must be a past date.`;
  }
  if (values.accept_terms !== "on") errors.accept_terms = "Accept the terms of service to continue.";
  if (Object.keys(errors).length > 0) return { errors };
  const businessName = values.business_name!.trim();
  return {
    entity: {
      business_name: businessName,
      doing_business_as: values.doing_business_as?.trim() || businessName,
      business_type: values.business_type,
      business_tax_id: values.business_tax_id,
      business_phone: values.business_phone,
      business_address: addressFrom(values, "business_address"),
      url: values.url || null,
      mcc: values.mcc,
      incorporation_date: dateParts(values.incorporation_date!),
      annual_card_volume: Number(values.annual_card_volume) * 100,
      max_transaction_amount: Number(values.max_transaction_amount) * 100,
      default_statement_descriptor: businessName.slice(0, 20),
      ownership_type: "PRIVATE",
      first_name: values.first_name,
      last_name: values.last_name,
      title: values.title,
      email: values.email,
      phone: values.phone,
      dob: dateParts(values.dob!),
      tax_id: values.tax_id,
      personal_address: addressFrom(values, "personal_address"),
      principal_percentage_ownership: Number(values.principal_percentage_ownership),
    },
    bank: {
      name: values.bank_account_name!,
      bank_code: values.bank_code!,
      account_number: values.account_number!,
      account_type: values.account_type as OnboardingSubmission["bank"]["account_type"],
      attempt_bank_account_validation_check: true,
    },
  };
}

function isoDate(value: unknown): string | undefined {
  const date = value as { day?: number; month?: number; year?: number } | undefined;
  if (!date?.year || !date.month || !date.day) return undefined;
  return `${String(date.year).padStart(4, "0")}-${String(date.month).padStart(2, "0")}-${String(date.day).padStart(2, "0")}`;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined;
}

/** The form's starting values from the prefill the platform sent with the onboarding form. */
export function prefillValues(prefill: Record<string, unknown>): Record<string, string> {
  const entity = (prefill.entity ?? {}) as Record<string, unknown>;
  const bank = (prefill.payment_instruments ?? {}) as Record<string, unknown>;
  const values: Record<string, string | undefined> = {
    business_name: text(entity.business_name),
    doing_business_as: text(entity.doing_business_as),
    business_type: text(entity.business_type),
    business_tax_id: text(entity.business_tax_id),
    business_phone: text(entity.business_phone),
    url: text(entity.url),
    mcc: text(entity.mcc),
    incorporation_date: isoDate(entity.incorporation_date),
    annual_card_volume: typeof entity.annual_card_volume === "number" ? String(Math.round(entity.annual_card_volume / 100)) : undefined,
    max_transaction_amount:
      typeof entity.max_transaction_amount === "number" ? String(Math.round(entity.max_transaction_amount / 100)) : undefined,
    first_name: text(entity.first_name),
    last_name: text(entity.last_name),
    title: text(entity.title),
    principal_percentage_ownership: text(entity.principal_percentage_ownership),
    email: text(entity.email),
    phone: text(entity.phone),
    dob: isoDate(entity.dob),
    tax_id: text(entity.tax_id),
    bank_account_name: text(bank.name),
    bank_code: text(bank.bank_code),
    account_number: text(bank.account_number),
    account_type: text(bank.account_type),
  };
  for (const prefix of ["business_address", "personal_address"]) {
    const address = (entity[prefix] ?? {}) as Record<string, unknown>;
    for (const part of ["line1", "line2", "city", "region", "postal_code"]) values[`${prefix}_${part}`] = text(address[part]);
  }
  return Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
