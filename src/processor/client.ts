import { logEvent } from "../lib/log";
import { ApiError } from "../lib/problem";
import { connectionError, errorForStatus, processorErrorItems, timeoutError } from "./errors";
import type {
  ComplianceForm,
  Device,
  Dispute,
  DisputeEvidence,
  Identity,
  Merchant,
  OnboardingForm,
  OnboardingLink,
  Page,
  PaymentInstrument,
  Settlement,
  Tags,
  Transfer,
  TransferOutcome,
  Webhook,
} from "./types";

export type ProcessorClientConfig = {
  baseUrl: string;
  username: string;
  password: string;
  apiVersion: string;
  fetch: (request: Request) => Promise<Response>;
  timeoutMs?: number;
};

/** Card-present sales block at the processor until the buyer taps; the processor allows up to five minutes. */
export const CARD_PRESENT_TIMEOUT_MS = 5 * 60 * 1000;
const DEFAULT_TIMEOUT_MS = 30_000;

type RequestOptions = { query?: Record<string, string | number | undefined>; body?: unknown; form?: FormData; timeoutMs?: number; allowStatus?: number[] };

export type ProcessorClient = ReturnType<typeof createProcessorClient>;

/** The only module that talks to the processor: Basic auth and `Finix-Version` on every call, bounded by a timeout. */
export function createProcessorClient(config: ProcessorClientConfig) {
  const authorization = `Basic ${btoa(`${config.username}:${config.password}`)}`;

  async function call<T>(method: string, pathTemplate: string, path: string, options: RequestOptions = {}): Promise<{ status: number; body: T }> {
    const url = new URL(config.baseUrl.replace(/\/$/, "") + path);
    for (const [name, value] of Object.entries(options.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    const headers = new Headers({ Authorization: authorization, "Finix-Version": config.apiVersion, Accept: "application/hal+json" });
    if (options.body !== undefined) headers.set("Content-Type", "application/json");
    const operation = `${method} ${pathTemplate}`;
    const timeoutMs = options.timeoutMs ?? config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const request = new Request(url, {
      method,
      headers,
      body: options.form ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
      signal: AbortSignal.timeout(timeoutMs),
    });

    const started = Date.now();
    let response: Response;
    try {
      response = await config.fetch(request);
    } catch (error) {
      const timedOut = error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError");
      logEvent("warn", "processor call failed", { operation, durationMs: Date.now() - started, error: timedOut ? "timeout" : String(error) });
      throw timedOut ? timeoutError(operation) : connectionError(operation);
    }
    let body: unknown;
    try {
      const text = await response.text();
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    logEvent(response.ok ? "info" : "warn", "processor call", {
      operation,
      status: response.status,
      durationMs: Date.now() - started,
      processorRequestId: response.headers.get("x-request-id"),
    });
    if (!response.ok && !(options.allowStatus ?? []).includes(response.status)) throw errorForStatus(response.status, body, operation);
    return { status: response.status, body: body as T };
  }

  const get = <T>(template: string, path: string, query?: RequestOptions["query"]) => call<T>("GET", template, path, { query }).then((r) => r.body);
  const post = <T>(template: string, path: string, body: unknown) => call<T>("POST", template, path, { body }).then((r) => r.body);
  const put = <T>(template: string, path: string, body: unknown) => call<T>("PUT", template, path, { body }).then((r) => r.body);

  async function list<T>(template: string, path: string, plural: string, query: RequestOptions["query"] = {}): Promise<Page<T>> {
    const body = await get<{ _embedded?: Record<string, T[]>; page?: { next_cursor?: string | null } }>(template, path, query);
    return { items: body._embedded?.[plural] ?? [], nextCursor: body.page?.next_cursor ?? null };
  }

  /** Creates a transfer; a 402 or a FAILED transfer comes back as a decline value. */
  async function createTransfer(request: Record<string, unknown>, timeoutMs?: number): Promise<TransferOutcome> {
    const { status, body } = await call<Transfer | unknown>("POST", "/transfers", "/transfers", { body: request, timeoutMs, allowStatus: [402] });
    if (status === 402) {
      const [first] = processorErrorItems(body);
      const transfer = (body as { _embedded?: { transfers?: Transfer[] } })?._embedded?.transfers?.[0] ?? null;
      return {
        outcome: "declined",
        failureCode: transfer?.failure_code ?? first?.code ?? "DECLINED",
        failureMessage: transfer?.failure_message ?? first?.message ?? "The payment was declined.",
        transfer,
      };
    }
    const transfer = body as Transfer;
    if (transfer.state === "FAILED") {
      return { outcome: "declined", failureCode: transfer.failure_code ?? "DECLINED", failureMessage: transfer.failure_message ?? "The payment was declined.", transfer };
    }
    return { outcome: "created", transfer };
  }

  return {
    createIdentity: (request: { entity: Record<string, unknown>; tags?: Tags }) => post<Identity>("/identities", "/identities", request),
    getIdentity: (id: string) => get<Identity>("/identities/{identity_id}", `/identities/${encodeURIComponent(id)}`),

    createPaymentInstrument: (request: { type: "TOKEN"; token: string; identity: string; tags?: Tags } | { type: "BANK_ACCOUNT"; identity: string; name: string; account_number: string; bank_code: string; account_type: string; tags?: Tags }) =>
      post<PaymentInstrument>("/payment_instruments", "/payment_instruments", request),
    getPaymentInstrument: (id: string) => get<PaymentInstrument>("/payment_instruments/{payment_instrument_id}", `/payment_instruments/${encodeURIComponent(id)}`),

    createTransfer: (request: { merchant: string; source: string; amount: number; currency: string; fee: number; idempotency_id: string; tags?: Tags }) =>
      createTransfer(request),
    createCardPresentTransfer: (request: { device: string; amount: number; currency: string; idempotency_id: string; tags?: Tags }) =>
      createTransfer({ ...request, operation_key: "CARD_PRESENT_DEBIT" }, CARD_PRESENT_TIMEOUT_MS),
    /** The application fee a reversal never returns goes back to the merchant this way. */
    createMerchantCreditAdjustment: async (request: { merchant: string; amount: number; currency: string; idempotency_id: string; tags?: Tags }) => {
      const result = await createTransfer({ ...request, operation_key: "MERCHANT_CREDIT_ADJUSTMENT" });
      if (result.outcome === "declined") {
        throw new ApiError("processor-rejected", result.failureMessage, { extensions: { code: result.failureCode } });
      }
      return result.transfer;
    },
    getTransfer: (id: string) => get<Transfer>("/transfers/{transfer_id}", `/transfers/${encodeURIComponent(id)}`),
    /** Finds the transfer an earlier attempt may have created, after a timeout or a dropped connection. */
    findTransferByIdempotencyId: async (idempotencyId: string): Promise<Transfer | null> => {
      const page = await list<Transfer>("/transfers", "/transfers", "transfers", { idempotency_id: idempotencyId, limit: 1 });
      return page.items[0] ?? null;
    },
    createReversal: (transferId: string, request: { refund_amount: number; idempotency_id: string; tags?: Tags }) =>
      post<Transfer>("/transfers/{transfer_id}/reversals", `/transfers/${encodeURIComponent(transferId)}/reversals`, request),

    getMerchant: (id: string) => get<Merchant>("/merchants/{merchant_id}", `/merchants/${encodeURIComponent(id)}`),
    listIdentityMerchants: (identityId: string) =>
      list<Merchant>("/identities/{identity_id}/merchants", `/identities/${encodeURIComponent(identityId)}/merchants`, "merchants"),

    createOnboardingForm: (request: Record<string, unknown>) => post<OnboardingForm>("/onboarding_forms", "/onboarding_forms", request),
    getOnboardingForm: (id: string) => get<OnboardingForm>("/onboarding_forms/{onboarding_form_id}", `/onboarding_forms/${encodeURIComponent(id)}`),
    createOnboardingLink: (formId: string, request: Record<string, unknown>) =>
      post<OnboardingLink>("/onboarding_forms/{onboarding_form_id}/links", `/onboarding_forms/${encodeURIComponent(formId)}/links`, request),

    listComplianceForms: (query: { linked_to?: string; state?: string; after_cursor?: string }) =>
      list<ComplianceForm>("/compliance_forms", "/compliance_forms", "compliance_forms", query),
    getComplianceForm: (id: string) => get<ComplianceForm>("/compliance_forms/{compliance_form_id}", `/compliance_forms/${encodeURIComponent(id)}`),
    attestComplianceForm: (id: string, attestation: { name: string; title: string; signed_at: string; ip_address: string; user_agent: string }) =>
      put<ComplianceForm>("/compliance_forms/{compliance_form_id}", `/compliance_forms/${encodeURIComponent(id)}`, { pci_saq_a: attestation }),

    createDevice: (merchantId: string, request: { name: string; model: string; serial_number?: string; description?: string; tags?: Tags }) =>
      post<Device>("/merchants/{merchant_id}/devices", `/merchants/${encodeURIComponent(merchantId)}/devices`, request),
    getDevice: (id: string, includeConnection: boolean) =>
      get<Device>("/devices/{device_id}", `/devices/${encodeURIComponent(id)}`, includeConnection ? { include_connection: "true" } : undefined),
    setDeviceAction: (id: string, action: "ACTIVATE" | "DEACTIVATE") => put<Device>("/devices/{device_id}", `/devices/${encodeURIComponent(id)}`, { action }),

    listDisputes: (query: { merchant_id?: string; after_cursor?: string; limit?: number }) => list<Dispute>("/disputes", "/disputes", "disputes", query),
    getDispute: (id: string) => get<Dispute>("/disputes/{dispute_id}", `/disputes/${encodeURIComponent(id)}`),
    uploadDisputeEvidence: async (disputeId: string, file: File) => {
      const form = new FormData();
      form.append("file", file);
      const template = "/disputes/{dispute_id}/evidence";
      return (await call<DisputeEvidence>("POST", template, `/disputes/${encodeURIComponent(disputeId)}/evidence`, { form })).body;
    },
    submitDispute: (id: string, note: string) => post<Dispute>("/disputes/{dispute_id}/submit", `/disputes/${encodeURIComponent(id)}/submit`, { note }),

    listSettlements: (query: { merchant_id?: string; after_cursor?: string; limit?: number }) =>
      list<Settlement>("/settlements", "/settlements", "settlements", query),
    getSettlement: (id: string) => get<Settlement>("/settlements/{settlement_id}", `/settlements/${encodeURIComponent(id)}`),
    listSettlementFundingTransfers: (id: string) =>
      list<Transfer>("/settlements/{settlement_id}/funding_transfers", `/settlements/${encodeURIComponent(id)}/funding_transfers`, "transfers"),

    createWebhook: (request: {
      url: string;
      authentication: { type: "BASIC"; basic: { username: string; password: string } };
      enabled_events: { entity: string; types: string[] }[];
    }) => post<Webhook>("/webhooks", "/webhooks", request),
    listWebhooks: () => list<Webhook>("/webhooks", "/webhooks", "webhooks"),

    /** Every item of a cursor-paginated list, following `page.next_cursor` with `after_cursor`. */
    async *all<T>(fetchPage: (afterCursor: string | undefined) => Promise<Page<T>>): AsyncGenerator<T> {
      let cursor: string | undefined;
      do {
        const page = await fetchPage(cursor);
        yield* page.items;
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
    },
  };
}
