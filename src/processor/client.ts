import { z } from "zod";

import { namedOperations } from "./call-log";
import { chargeOutcome, DECLINE_STATUS } from "./declines";
import { failedTransferError } from "./errors";
import { listSchema, readPage } from "./pagination";
import {
  type Authorization,
  AuthorizationSchema,
  type ComplianceForm,
  ComplianceFormSchema,
  type Device,
  DeviceSchema,
  type Dispute,
  DisputeEvidenceSchema,
  DisputeSchema,
  type Fee,
  FeeSchema,
  IdentitySchema,
  MerchantSchema,
  OnboardingFormSchema,
  OnboardingLinkSchema,
  type Page,
  PaymentInstrumentSchema,
  type Settlement,
  SettlementSchema,
  type Transfer,
  TransferSchema,
  WebhookSchema,
} from "./resources";
import { createTransport, type QueryValue, type Route, route, type TransportConfig } from "./transport";
import type {
  ChargeOutcome,
  CreateAuthorizationRequest,
  CreateBuyerIdentityRequest,
  CreateCardPresentAuthorizationRequest,
  CreateCardPresentSaleRequest,
  CreateDeviceRequest,
  CreateMerchantCreditAdjustmentRequest,
  CreateOnboardingFormRequest,
  CreateOnboardingLinkRequest,
  CreatePaymentInstrumentRequest,
  CreateReversalRequest,
  CreateSaleRequest,
  CreateWebhookRequest,
  DeviceAction,
  Environment,
  PageRequest,
  PciSaqAAttestation,
  UpdateAuthorizationRequest,
  UpdateWebhookRequest,
} from "./types";

export type ProcessorClientConfig = TransportConfig & {
  applicationId: string;
  environment: Environment;
  /** How long a card-present sale's call may wait for the buyer; CARD_PRESENT_TIMEOUT_MS when not set. */
  cardPresentTimeoutMs?: number;
};

export type ProcessorClient = ReturnType<typeof createProcessorClient>;

/** A card-present sale or hold blocks at the processor until the buyer taps or inserts; the processor allows up to five minutes. */
export const CARD_PRESENT_TIMEOUT_MS = 5 * 60 * 1000;

/** The acquiring processor a hosted onboarding form provisions the merchant on. */
const ONBOARDING_PROCESSOR: Record<Environment, string> = { sandbox: "DUMMY_V1", live: "FINIX_V1" };

type Query = Record<string, QueryValue>;

type TransferRequest =
  | CreateSaleRequest
  | (CreateCardPresentSaleRequest & { operation_key: "CARD_PRESENT_DEBIT" })
  | (CreateMerchantCreditAdjustmentRequest & { operation_key: "MERCHANT_CREDIT_ADJUSTMENT" });

type AuthorizationRequest =
  CreateAuthorizationRequest | (CreateCardPresentAuthorizationRequest & { operation_key: "CARD_PRESENT_AUTHORIZATION" });

/**
 * Keeps only one merchant's items. The processor's OpenAPI lists no merchant filter for settlements and
 * compliance forms, so the filter sent along may be ignored; another merchant's records must never pass.
 */
function onlyMerchant<T>(page: Page<T>, merchantId: string, merchantOf: (item: T) => string | null | undefined): Page<T> {
  return { items: page.items.filter((item) => merchantOf(item) === merchantId), nextCursor: page.nextCursor };
}

/** The only module that talks to the processor; every method is one REST call, named after what it does. */
export function createProcessorClient(config: ProcessorClientConfig) {
  const send = createTransport(config);

  // Every answer is read as its resource (`resources.ts`): parsed at the transport, never cast.
  const get = async <S extends z.ZodType>(schema: S, at: Route, query?: Query) => (await send("GET", at, { query, schema })).body;
  const post = async <S extends z.ZodType>(schema: S, at: Route, json: unknown) => (await send("POST", at, { json, schema })).body;
  const put = async <S extends z.ZodType>(schema: S, at: Route, json: unknown) => (await send("PUT", at, { json, schema })).body;
  const list = async <S extends z.ZodType>(item: S, at: Route, plural: string, query: Query = {}): Promise<Page<z.output<S>>> =>
    readPage(await get(listSchema(plural, item), at, query), plural);

  async function createTransfer(request: TransferRequest, timeoutMs?: number): Promise<ChargeOutcome<Transfer>> {
    const at = route("/transfers");
    const answer = await send("POST", at, { json: request, timeoutMs, answeredStatuses: [DECLINE_STATUS] });
    return chargeOutcome(answer, `POST ${at.template}`, TransferSchema, "transfers");
  }

  async function createAuthorization(request: AuthorizationRequest, timeoutMs?: number): Promise<ChargeOutcome<Authorization>> {
    const at = route("/authorizations");
    const answer = await send("POST", at, { json: request, timeoutMs, answeredStatuses: [DECLINE_STATUS] });
    return chargeOutcome(answer, `POST ${at.template}`, AuthorizationSchema, "authorizations");
  }

  return namedOperations({
    environment: config.environment,
    applicationId: config.applicationId,

    createIdentity: (request: CreateBuyerIdentityRequest) => post(IdentitySchema, route("/identities"), request),
    getIdentity: (id: string) => get(IdentitySchema, route("/identities/{identity_id}", { identity_id: id })),

    createPaymentInstrument: (request: CreatePaymentInstrumentRequest) =>
      post(PaymentInstrumentSchema, route("/payment_instruments"), request),
    getPaymentInstrument: (id: string) =>
      get(PaymentInstrumentSchema, route("/payment_instruments/{payment_instrument_id}", { payment_instrument_id: id })),
    /** The instruments an identity owns (`owner_identity_id`), e.g. the one a token became before its id was recorded. */
    listIdentityPaymentInstruments: (identityId: string, page: PageRequest = {}) =>
      list(PaymentInstrumentSchema, route("/payment_instruments"), "payment_instruments", { ...page, owner_identity_id: identityId }),

    /** A card or ACH sale; a decline comes back as a value. ACH sales come back PENDING and settle later. */
    createTransfer: (request: CreateSaleRequest) => createTransfer(request),
    /** Blocks until the buyer acts on the reader, so it runs where a long wait is allowed (a queue consumer or Durable Object). */
    createCardPresentTransfer: (request: CreateCardPresentSaleRequest, options: { timeoutMs?: number } = {}) =>
      createTransfer(
        { ...request, operation_key: "CARD_PRESENT_DEBIT" },
        options.timeoutMs ?? config.cardPresentTimeoutMs ?? CARD_PRESENT_TIMEOUT_MS,
      ),
    /** Reversals never return the application fee; this credit gives it back to the merchant. */
    createMerchantCreditAdjustment: async (request: CreateMerchantCreditAdjustmentRequest): Promise<Transfer> => {
      const result = await createTransfer({ ...request, operation_key: "MERCHANT_CREDIT_ADJUSTMENT" });
      if (result.outcome === "declined") throw failedTransferError(result.failureCode, result.failureMessage);
      return result.item;
    },
    /** One page of the platform's transfers (sales, reversals, returns, payouts) changed at or after `updatedSince`; each item is read by the webhook switchboard, as its webhook would be. */
    listTransfers: ({ updatedSince, ...page }: { updatedSince: string } & PageRequest) =>
      list(z.unknown(), route("/transfers"), "transfers", { ...page, "updated_at.gte": updatedSince }),
    getTransfer: (id: string) => get(TransferSchema, route("/transfers/{transfer_id}", { transfer_id: id })),
    /**
     * The transfer (sale, reversal or adjustment) an earlier attempt created, if any — after a timeout, a dropped
     * connection or a 5xx. Only an exact idempotency_id match counts, in case the filter is not applied.
     */
    findTransferByIdempotencyId: async (idempotencyId: string): Promise<Transfer | null> => {
      const page = await list(TransferSchema, route("/transfers"), "transfers", { idempotency_id: idempotencyId, limit: 10 });
      return page.items.find((transfer) => transfer.idempotency_id === idempotencyId) ?? null;
    },
    /** A hold on a card for up to the processor's `expires_at`; a decline comes back as a value, as a sale's does. */
    createAuthorization: (request: CreateAuthorizationRequest) => createAuthorization(request),
    /**
     * A hold made on the reader: blocks until the buyer acts, as a card-present sale does (the same long timeout), so it
     * runs where a long wait is allowed. The answer may still be PENDING; a decline comes back as a value.
     */
    createCardPresentAuthorization: (request: CreateCardPresentAuthorizationRequest, options: { timeoutMs?: number } = {}) =>
      createAuthorization(
        { ...request, operation_key: "CARD_PRESENT_AUTHORIZATION" },
        options.timeoutMs ?? config.cardPresentTimeoutMs ?? CARD_PRESENT_TIMEOUT_MS,
      ),
    getAuthorization: (id: string) => get(AuthorizationSchema, route("/authorizations/{authorization_id}", { authorization_id: id })),
    /** Captures (into a transfer, `transfer`) or voids (`is_void`) a hold; the processor refuses a second of either. */
    updateAuthorization: (id: string, request: UpdateAuthorizationRequest) =>
      put(AuthorizationSchema, route("/authorizations/{authorization_id}", { authorization_id: id }), request),
    /** The hold an earlier attempt created, if any; only an exact idempotency_id match counts, as for transfers. */
    findAuthorizationByIdempotencyId: async (idempotencyId: string): Promise<Authorization | null> => {
      const page = await list(AuthorizationSchema, route("/authorizations"), "authorizations", {
        idempotency_id: idempotencyId,
        limit: 10,
      });
      return page.items.find((authorization) => authorization.idempotency_id === idempotencyId) ?? null;
    },
    createReversal: (transferId: string, request: CreateReversalRequest) =>
      post(TransferSchema, route("/transfers/{transfer_id}/reversals", { transfer_id: transferId }), request),
    /**
     * What the processor charged the merchant for a transfer: `GET /fees?linked_to=` (the processor's API reference; its
     * 2022-02-01 OpenAPI document lists no fee list), checked item by item — by the fee's own `linked_id` — in case the
     * filter is ignored.
     */
    listTransferFees: async (transferId: string, page: PageRequest = {}): Promise<Page<Fee>> => {
      const fees = await list(FeeSchema, route("/fees"), "fees", { ...page, linked_to: transferId });
      return { items: fees.items.filter((fee) => fee.linked_id === transferId), nextCursor: fees.nextCursor };
    },

    /** One page of the platform's merchants changed at or after `updatedSince` (underwriting, processing and settlement flags), unread as the transfers' feed. */
    listMerchants: ({ updatedSince, ...page }: { updatedSince: string } & PageRequest) =>
      list(z.unknown(), route("/merchants"), "merchants", { ...page, "updated_at.gte": updatedSince }),
    getMerchant: (id: string) => get(MerchantSchema, route("/merchants/{merchant_id}", { merchant_id: id })),
    /** The merchants the processor created for an identity (e.g. on a completed onboarding form); the identity's `_links.merchants`. */
    listIdentityMerchants: (identityId: string, page: PageRequest = {}) =>
      list(MerchantSchema, route("/identities/{identity_id}/merchants", { identity_id: identityId }), "merchants", page),

    createOnboardingForm: (request: CreateOnboardingFormRequest) =>
      post(OnboardingFormSchema, route("/onboarding_forms"), {
        ...request,
        merchant_processors: request.merchant_processors ?? [{ processor: ONBOARDING_PROCESSOR[config.environment] }],
      }),
    getOnboardingForm: (id: string) =>
      get(OnboardingFormSchema, route("/onboarding_forms/{onboarding_form_id}", { onboarding_form_id: id })),
    /** A fresh link to resume an onboarding form whose link expired. */
    createOnboardingLink: (formId: string, request: CreateOnboardingLinkRequest) =>
      post(OnboardingLinkSchema, route("/onboarding_forms/{onboarding_form_id}/links", { onboarding_form_id: formId }), request),

    /**
     * One page of a merchant's compliance forms: `GET /compliance_forms` filtered by `linked_to` (a filter of the processor's
     * API reference that its 2022-02-01 OpenAPI document does not list), and checked item by item in case it is ignored.
     */
    listMerchantComplianceForms: async (merchantId: string, filters: { state?: ComplianceForm["state"] } & PageRequest = {}) =>
      onlyMerchant(
        await list(ComplianceFormSchema, route("/compliance_forms"), "compliance_forms", { ...filters, linked_to: merchantId }),
        merchantId,
        (form) => form.linked_to,
      ),
    getComplianceForm: (id: string) =>
      get(ComplianceFormSchema, route("/compliance_forms/{compliance_forms_id}", { compliance_forms_id: id })),
    attestComplianceForm: (id: string, attestation: PciSaqAAttestation) =>
      put(ComplianceFormSchema, route("/compliance_forms/{compliance_forms_id}", { compliance_forms_id: id }), { pci_saq_a: attestation }),

    createDevice: (merchantId: string, request: CreateDeviceRequest) =>
      post(DeviceSchema, route("/merchants/{merchant_id}/devices", { merchant_id: merchantId }), request),
    /**
     * A merchant's devices with one serial number: `GET /devices` filtered by `merchant_id` and `serial_number` (the
     * processor's API reference; not in its 2022-02-01 OpenAPI document), checked item by item in case a filter is ignored.
     */
    findDevicesBySerialNumber: async (merchantId: string, serialNumber: string, page: PageRequest = {}): Promise<Page<Device>> => {
      const devices = await list(DeviceSchema, route("/devices"), "devices", {
        ...page,
        merchant_id: merchantId,
        serial_number: serialNumber,
      });
      const matching = devices.items.filter((device) => device.merchant === merchantId && device.serial_number === serialNumber);
      return { items: matching, nextCursor: devices.nextCursor };
    },
    getDevice: (id: string, options: { includeConnection?: boolean } = {}) =>
      get(DeviceSchema, route("/devices/{device_id}", { device_id: id }), options.includeConnection ? { include_connection: true } : {}),
    setDeviceAction: (id: string, action: DeviceAction) => put(DeviceSchema, route("/devices/{device_id}", { device_id: id }), { action }),
    /**
     * Ends the sale waiting on the reader and answers that sale's transfer: CANCELED (or FAILED) with
     * CANCELLATION_VIA_API — or SUCCEEDED when the buyer's tap got there first, and then the sale stands. The action is
     * the processor's newer API; its 2022 OpenAPI lists no CANCEL.
     */
    cancelDeviceSale: (id: string) => put(TransferSchema, route("/devices/{device_id}", { device_id: id }), { action: "CANCEL" }),
    /** The same cancel with a hold waiting on the reader: the processor answers its authorization. */
    cancelDeviceHold: (id: string) => put(AuthorizationSchema, route("/devices/{device_id}", { device_id: id }), { action: "CANCEL" }),

    listMerchantDisputes: async (
      merchantId: string,
      filters: { state?: Dispute["state"]; response_state?: NonNullable<Dispute["response_state"]> } & PageRequest = {},
    ) =>
      onlyMerchant(
        await list(DisputeSchema, route("/disputes"), "disputes", { ...filters, merchant_id: merchantId }),
        merchantId,
        (dispute) => dispute.merchant,
      ),
    /** One page of the platform's disputes, every merchant's, changed at or after `updatedSince` (`updated_at.gte`), unread as the transfers' feed. */
    listDisputes: ({ updatedSince, ...page }: { updatedSince: string } & PageRequest) =>
      list(z.unknown(), route("/disputes"), "disputes", { ...page, "updated_at.gte": updatedSince }),
    getDispute: (id: string) => get(DisputeSchema, route("/disputes/{dispute_id}", { dispute_id: id })),
    /** One evidence file per call, as the multipart part `file` (JPG, PNG, PDF or TIFF; the processor caps sizes). */
    uploadDisputeEvidence: async (disputeId: string, file: File) => {
      const form = new FormData();
      form.append("file", file, file.name);
      return (
        await send("POST", route("/disputes/{dispute_id}/evidence", { dispute_id: disputeId }), { form, schema: DisputeEvidenceSchema })
      ).body;
    },
    /** The evidence files a dispute holds at the processor, with their state (a retry adopts an upload whose answer was lost). */
    listDisputeEvidence: (disputeId: string, page: PageRequest = {}) =>
      list(DisputeEvidenceSchema, route("/disputes/{dispute_id}/evidence", { dispute_id: disputeId }), "evidences", page),
    getDisputeEvidence: (disputeId: string, evidenceId: string) =>
      get(
        DisputeEvidenceSchema,
        route("/disputes/{dispute_id}/evidence/{evidence_id}", { dispute_id: disputeId, evidence_id: evidenceId }),
      ),
    /** Tells the issuer the evidence is complete; no more evidence can be added afterwards. */
    submitDispute: (id: string, note: string) => post(DisputeSchema, route("/disputes/{dispute_id}/submit", { dispute_id: id }), { note }),
    /** Concedes the dispute (the processor's documented accept call, `note` required): no evidence or submission afterwards. */
    acceptDispute: (id: string, note: string) => post(DisputeSchema, route("/disputes/{dispute_id}/accept", { dispute_id: id }), { note }),

    listMerchantSettlements: async (merchantId: string, filters: { status?: Settlement["status"] } & PageRequest = {}) =>
      onlyMerchant(
        await list(SettlementSchema, route("/settlements"), "settlements", { ...filters, merchant_id: merchantId }),
        merchantId,
        (settlement) => settlement.merchant_id,
      ),
    getSettlement: (id: string) => get(SettlementSchema, route("/settlements/{settlement_id}", { settlement_id: id })),
    /** The payout transfers of a settlement: what reached (or left) the merchant's bank account. */
    listSettlementFundingTransfers: (settlementId: string, page: PageRequest = {}) =>
      list(TransferSchema, route("/settlements/{settlement_id}/funding_transfers", { settlement_id: settlementId }), "transfers", page),

    /** The sales, refunds and adjustments a settlement is made of. */
    listSettlementTransfers: (settlementId: string, page: PageRequest = {}) =>
      list(TransferSchema, route("/settlements/{settlement_id}/transfers", { settlement_id: settlementId }), "transfers", page),

    createWebhook: (request: CreateWebhookRequest) => post(WebhookSchema, route("/webhooks"), request),
    listWebhooks: (page: PageRequest = {}) => list(WebhookSchema, route("/webhooks"), "webhooks", page),
    updateWebhook: (id: string, request: UpdateWebhookRequest) =>
      put(WebhookSchema, route("/webhooks/{webhook_id}", { webhook_id: id }), request),
  });
}
