import type { Kind, Stored } from "./records";

/** HAL `_links`: each relation's path resolved against the base the caller reached the sandbox at. */
function links(base: string, relations: Record<string, string | null | undefined>) {
  const out: Record<string, { href: string }> = {};
  for (const [rel, path] of Object.entries(relations)) if (path) out[rel] = { href: base + path };
  return out;
}

type Viewers = { [K in Kind]: (stored: Stored<K>, base: string, options: ViewOptions) => Record<string, unknown> };
export type ViewOptions = { includeConnection?: boolean; standIn?: boolean };

/** A field no version of the processor's documents lists, carried by every resource in the stand-in mode. */
export const STAND_IN_FIELD = "sandbox_unlisted_field";
/** The value the stand-in mode puts in enums the processor may extend (`LATER_VALUES`). */
export const STAND_IN_VALUE = "SANDBOX_UNLISTED_VALUE";

/**
 * In the stand-in mode, the enum fields that take a value no document lists, by kind: the processor adds values over
 * time to fields a client only stores or shows. `only` keeps the documented value of the others (a payout's funding
 * transfer stays SETTLEMENT_MERCHANT, a dispute's adjustments MERCHANT_DEBIT/CREDIT): only a sale's and a refund's
 * `API` subtype changes.
 */
const LATER_VALUES: Partial<Record<Kind, Record<string, { only?: string }>>> = {
  transfer: { subtype: { only: "API" }, externally_funded: {} },
  dispute: { reason: {} },
  payment_instrument: {
    card_type: {},
    issuer_country: {},
    address_verification: {},
    security_code_verification: {},
    bank_account_validation_check: {},
  },
  merchant: { ready_to_settle_upon: {}, fee_ready_to_settle_upon: {}, settlement_funding_identifier: {} },
  compliance_form: { linked_type: {} },
};

/** A resource as a later version of the processor's API might send it: an unlisted field, unlisted enum values. */
function laterVersionOf(kind: Kind, body: Record<string, unknown>): Record<string, unknown> {
  const later: Record<string, unknown> = { ...body, [STAND_IN_FIELD]: { note: "a field no version of the API documents" } };
  for (const [field, { only }] of Object.entries(LATER_VALUES[kind] ?? {})) {
    if (typeof body[field] === "string" && (only === undefined || body[field] === only)) later[field] = STAND_IN_VALUE;
  }
  return later;
}

const VIEWERS: Viewers = {
  identity: ({ record }, base) => ({
    ...record,
    _links: links(base, {
      self: `/identities/${record.id}`,
      verifications: `/identities/${record.id}/verifications`,
      merchants: `/identities/${record.id}/merchants`,
      settlements: `/identities/${record.id}/settlements`,
      authorizations: `/identities/${record.id}/authorizations`,
      transfers: `/identities/${record.id}/transfers`,
      payment_instruments: `/identities/${record.id}/payment_instruments`,
      associated_identities: `/identities/${record.id}/associated_identities`,
      disputes: `/identities/${record.id}/disputes`,
      application: `/applications/${record.application}`,
    }),
  }),
  payment_instrument: ({ record }, base) => ({
    ...record,
    _links: links(base, {
      self: `/payment_instruments/${record.id}`,
      authorizations: `/payment_instruments/${record.id}/authorizations`,
      transfers: `/payment_instruments/${record.id}/transfers`,
      verifications: `/payment_instruments/${record.id}/verifications`,
      application: `/applications/${record.application}`,
      identity: `/identities/${record.identity}`,
    }),
  }),
  token: ({ record }) => ({ ...record }),
  transfer: ({ record }, base) => ({
    ...record,
    _links: links(base, {
      self: `/transfers/${record.id}`,
      application: `/applications/${record.application}`,
      merchant_identity: `/identities/${record.merchant_identity}`,
      payment_instruments: `/transfers/${record.id}/payment_instruments`,
      reversals: `/transfers/${record.id}/reversals`,
      fees: `/transfers/${record.id}/fees`,
      disputes: `/transfers/${record.id}/disputes`,
      source: record.source && `/payment_instruments/${record.source}`,
      destination: record.destination && `/payment_instruments/${record.destination}`,
      device: record.device && `/devices/${record.device}`,
      parent: record.parent_transfer && `/transfers/${record.parent_transfer}`,
    }),
  }),
  authorization: ({ record }, base) => ({
    ...record,
    _links: links(base, {
      self: `/authorizations/${record.id}`,
      application: `/applications/${record.application}`,
      merchant_identity: `/identities/${record.merchant_identity}`,
      transfer: record.transfer && `/transfers/${record.transfer}`,
      device: record.device && `/devices/${record.device}`,
    }),
  }),
  merchant: ({ record }, base) => ({
    ...record,
    _links: links(base, {
      self: `/merchants/${record.id}`,
      identity: `/identities/${record.identity}`,
      verifications: `/merchants/${record.id}/verifications`,
      merchant_profile: `/merchant_profiles/${record.merchant_profile}`,
      application: `/applications/${record.application}`,
      verification: `/verifications/${record.verification}`,
    }),
  }),
  onboarding_form: ({ record }, base) => ({ ...record, _links: links(base, { self: `/onboarding_forms/${record.id}` }) }),
  checkout_form: ({ record }, base) => ({
    ...record,
    _links: links(base, { self: `/checkout_forms/${record.id}`, merchant: `/merchants/${record.merchant_id}` }),
  }),
  payment_link: ({ record }, base) => ({
    ...record,
    _links: links(base, {
      self: `/payment_links/${record.id}`,
      merchant: `/merchants/${record.merchant_id}`,
      delivery_attempts: `/payment_links/${record.id}/delivery-attempts`,
    }),
  }),
  delivery_attempt: ({ record }, base) => ({
    ...record,
    _links: links(base, { payment_link: `/payment_links/${record.entity_id}` }),
  }),
  transfer_attempt: ({ record }, base) => ({
    ...record,
    _links: links(base, { self: `/transfer_attempts/${record.id}`, transfer: `/transfers/${record.transfer_id}` }),
  }),
  compliance_form: ({ record }, base) => ({ ...record, _links: links(base, { self: `/compliance_forms/${record.id}` }) }),
  device: ({ record, internal }, base, options) => ({
    ...record,
    ...(options.includeConnection ? { connection: record.enabled && internal.connection === "OPEN" ? "OPEN" : "CLOSED" } : {}),
    _links: links(base, { self: `/devices/${record.id}`, merchant: `/merchants/${record.merchant}` }),
  }),
  dispute: ({ record }, base) => ({
    ...record,
    _links: links(base, {
      self: `/disputes/${record.id}`,
      transfer: `/transfers/${record.transfer}`,
      evidence: `/disputes/${record.id}/evidence`,
      adjustment_transfers: `/disputes/${record.id}/adjustment_transfers`,
    }),
  }),
  evidence: ({ record }, base) => ({
    ...record,
    _links: links(base, { self: `/disputes/${record.dispute}/evidence/${record.id}`, dispute: `/disputes/${record.dispute}` }),
  }),
  settlement: ({ record }, base) => ({
    ...record,
    _links: links(base, {
      self: `/settlements/${record.id}`,
      identity: `/identities/${record.identity}`,
      transfers: `/settlements/${record.id}/transfers`,
      funding_transfers: `/settlements/${record.id}/funding_transfers`,
      destination: record.destination && `/payment_instruments/${record.destination}`,
    }),
  }),
  webhook: ({ record }, base) => ({
    ...record,
    _links: links(base, { self: `/webhooks/${record.id}`, application: `/applications/${record.application}` }),
  }),
};

/** The wire representation of a stored resource. */
export function view<K extends Kind>(kind: K, stored: Stored<K>, base: string, options: ViewOptions = {}): Record<string, unknown> {
  const body = (VIEWERS[kind] as (stored: Stored<K>, base: string, options: ViewOptions) => Record<string, unknown>)(stored, base, options);
  return options.standIn ? laterVersionOf(kind, body) : body;
}

/** The `_embedded` key of each kind's lists and webhook bodies. */
export const PLURALS: Record<Kind, string> = {
  identity: "identities",
  payment_instrument: "payment_instruments",
  token: "tokens",
  transfer: "transfers",
  authorization: "authorizations",
  merchant: "merchants",
  onboarding_form: "onboarding_forms",
  checkout_form: "checkout_forms",
  transfer_attempt: "transfer_attempts",
  payment_link: "payment_links",
  delivery_attempt: "delivery_attempts",
  compliance_form: "compliance_forms",
  device: "devices",
  dispute: "disputes",
  evidence: "evidences",
  settlement: "settlements",
  webhook: "webhooks",
};
