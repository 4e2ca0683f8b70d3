import { invalidField, ProcessorError } from "../core/errors";
import { processorId } from "../core/ids";
import type { CardPresentOutcome, FeeRecord, Stored, Tags, TransferInternal, TransferRecord } from "../core/records";
import type { Sandbox } from "../core/sandbox";
import { declineForAmount, DISPUTED_AMOUNT, type FailureReason, FRACTIONAL_FEE_SALE } from "../core/test-data";
import { refuseReversalOfDisputedTransfer } from "./dispute-holds";
import { createIdentity } from "./identities";
import { createInstrument } from "./instruments";
import { processingMerchant } from "./merchants";
import { accrueSettlement } from "./settlement-accrual";

export type CreateTransferInput = {
  merchant?: string | null;
  source?: string | null;
  device?: string | null;
  operation_key?: string | null;
  amount: number;
  currency: string;
  fee?: number;
  idempotency_id?: string | null;
  statement_descriptor?: string | null;
  tags?: Tags | null;
};

export type CreateReversalInput = { refund_amount: number; idempotency_id?: string | null; tags?: Tags | null };

/** How the creating call answers; a card-present sale keeps the call open until the buyer acts. */
export type TransferAnswer = { status: 201 | 402; transfer: Stored<"transfer">; awaitBuyer: boolean };

const BUYER_CANCEL: FailureReason = { code: "CANCELLATION_VIA_DEVICE", message: "The transaction was canceled on the device." };
export const API_CANCEL: FailureReason = { code: "CANCELLATION_VIA_API", message: "The transaction was canceled through the API." };
const READER_OFFLINE: FailureReason = { code: "DEVICE_OFFLINE", message: "The reader lost its connection before the sale completed." };
const DEVICE_DECLINE: FailureReason = { code: "GENERIC_DECLINE", message: "The card was declined." };

/** A transfer record with the processor's defaults for every field the caller does not set. */
export function newTransfer(
  sandbox: Sandbox,
  fields: Partial<TransferRecord> &
    Pick<TransferRecord, "amount" | "currency" | "merchant" | "merchant_identity" | "state" | "type" | "subtype">,
): TransferRecord {
  const now = sandbox.nowIso();
  return {
    id: processorId("TR"),
    application: sandbox.applicationId,
    amount_requested: fields.amount,
    fee: 0,
    source: null,
    destination: null,
    // Unset fields are null, as the processor's answers carry them (its SDK types these `string | null`).
    device: null,
    parent_transfer: null,
    card_present_details: null,
    idempotency_id: null,
    failure_code: null,
    failure_message: null,
    ready_to_settle_at: null,
    statement_descriptor: null,
    trace_id: crypto.randomUUID(),
    messages: [],
    raw: null,
    externally_funded: "UNKNOWN",
    additional_buyer_charges: null,
    additional_healthcare_data: null,
    address_verification: null,
    security_code_verification: null,
    split_transfers: null,
    tags: {},
    created_at: now,
    updated_at: now,
    ...fields,
  };
}

function insertTransfer(sandbox: Sandbox, record: TransferRecord, internal: TransferInternal): Stored<"transfer"> {
  const stored = sandbox.store.insert("transfer", record, internal);
  sandbox.emit("transfer", "created", stored);
  return stored;
}

/**
 * `count` card sales of the merchant that reached no one: `SUCCEEDED` at once, with no webhook, fee or settlement, as
 * the processor's records of sales whose every webhook was lost. What a platform's busy minute leaves in the
 * processor's change feed, made in one call (the service's feed tests and benchmark read it back).
 */
export function recordQuietSales(sandbox: Sandbox, merchantId: string, count: number, amount: number): { first: string; last: string } {
  const merchant = processingMerchant(sandbox, merchantId);
  const ids: string[] = [];
  for (let made = 0; made < count; made++) {
    const record = newTransfer(sandbox, {
      amount,
      currency: "USD",
      merchant: merchantId,
      merchant_identity: merchant.record.identity,
      type: "DEBIT",
      subtype: "API",
      ...succeeded(sandbox),
    });
    sandbox.store.insert("transfer", record, { requestFingerprint: null, createdStatus: 201, endpoint: "system", settlementId: null });
    ids.push(record.id);
  }
  return { first: ids[0]!, last: ids.at(-1)! };
}

function updateTransfer(sandbox: Sandbox, stored: Stored<"transfer">, changes: Partial<TransferRecord>): Stored<"transfer"> {
  const saved = sandbox.store.save("transfer", {
    ...stored,
    record: { ...stored.record, ...changes, updated_at: sandbox.touch(stored.record.updated_at) },
  });
  sandbox.emit("transfer", "updated", saved);
  return saved;
}

function succeeded(sandbox: Sandbox): Pick<TransferRecord, "state" | "ready_to_settle_at"> {
  return { state: "SUCCEEDED", ready_to_settle_at: sandbox.nowIso() };
}

function failed(
  reason: FailureReason,
  state: "FAILED" | "CANCELED" = "FAILED",
): { state: "FAILED" | "CANCELED"; failure_code: string; failure_message: string } {
  return { state, failure_code: reason.code, failure_message: reason.message };
}

/** Money that moved enters the merchant's next settlement; one settlement timer per merchant at a time. */
export function queueForSettlement(sandbox: Sandbox, moved: Stored<"transfer">): void {
  const merchantId = moved.record.merchant;
  accrueSettlement(sandbox, merchantId, moved);
  if (!sandbox.hasTimer("settlement.close", merchantId))
    sandbox.schedule("settlement.close", merchantId, sandbox.config().delaysSeconds.settlement);
}

/**
 * What the merchant is charged for a sale that succeeded: its fee profile's fees, and — as the processor documents for
 * `fee` — the difference when the `fee` asked for is higher; a `fee` below the profile's fees has no effect. A card sale
 * of FRACTIONAL_FEE_SALE's amount also carries an interchange fee in fractional cents.
 */
function chargeFees(sandbox: Sandbox, transfer: Stored<"transfer">): Stored<"transfer"> {
  const { record } = transfer;
  const profile = sandbox.store.get("merchant", record.merchant).internal.feeProfile ?? { basisPoints: 0, fixedFee: 0 };
  const ach = sandbox.store.find("payment_instrument", record.source ?? "")?.record.type === "BANK_ACCOUNT";
  const parts: [string, number][] = [
    [ach ? "ACH_BASIS_POINTS" : "CARD_BASIS_POINTS", Math.round((record.amount * profile.basisPoints) / 10_000)],
    [ach ? "ACH_FIXED" : "CARD_FIXED", profile.fixedFee],
  ];
  const profileFees = parts.reduce((sum, [, amount]) => sum + amount, 0);
  if (record.fee > profileFees) parts.push(["APPLICATION_FEE", record.fee - profileFees]);
  if (!ach && record.amount === FRACTIONAL_FEE_SALE.amount) parts.push([FRACTIONAL_FEE_SALE.feeType, FRACTIONAL_FEE_SALE.feeAmount]);
  const now = sandbox.nowIso();
  const fees: FeeRecord[] = parts
    .filter(([, amount]) => amount > 0)
    .map(([fee_type, amount]) => ({
      id: processorId("FE"),
      created_at: now,
      updated_at: now,
      amount,
      currency: record.currency,
      display_name: null,
      fee_subtype: "PLATFORM_FEE",
      fee_type,
      label: null,
      linked_id: record.id,
      linked_type: "TRANSFER",
      merchant: record.merchant,
      tags: {},
    }));
  return sandbox.store.save("transfer", { ...transfer, internal: { ...transfer.internal, fees } });
}

function afterSale(sandbox: Sandbox, transfer: Stored<"transfer">): void {
  if (transfer.record.state !== "SUCCEEDED") return;
  queueForSettlement(sandbox, chargeFees(sandbox, transfer));
  if (transfer.record.amount === DISPUTED_AMOUNT)
    sandbox.schedule("dispute.open", transfer.record.id, sandbox.config().delaysSeconds.dispute);
}

function statementDescriptor(merchantName: string): string {
  return `FNX*${merchantName.toUpperCase()}`.slice(0, 20);
}

/**
 * `idempotency_id` is checked per endpoint (for reversals: per parent transfer): the same body gets the original
 * answer back, a different body is refused.
 */
function earlierAttempt(
  sandbox: Sandbox,
  idempotencyId: string | null | undefined,
  endpoint: TransferInternal["endpoint"],
  fingerprint: string,
  parent?: string,
): TransferAnswer | null {
  if (!idempotencyId) return null;
  const earlier = sandbox.store
    .all("transfer", [{ field: "idempotency_id", equals: idempotencyId }])
    .find((transfer) => transfer.internal.endpoint === endpoint && (parent === undefined || transfer.record.parent_transfer === parent));
  if (!earlier) return null;
  if (earlier.internal.requestFingerprint !== fingerprint) {
    throw invalidField(
      "idempotency_id",
      `idempotency_id ${idempotencyId} was already used for a different request (${earlier.record.id}).`,
    );
  }
  return { status: earlier.internal.createdStatus as 201 | 402, transfer: earlier, awaitBuyer: false };
}

export function createTransfer(sandbox: Sandbox, input: CreateTransferInput, fingerprint: string): TransferAnswer {
  const replay = earlierAttempt(sandbox, input.idempotency_id, "transfers", fingerprint);
  if (replay) return replay;
  if (input.currency !== "USD") throw invalidField("currency", "The sandbox processes USD only.");
  if ((input.fee ?? 0) > input.amount) throw invalidField("fee", "fee cannot exceed amount.");
  switch (input.operation_key ?? (input.device ? "CARD_PRESENT_DEBIT" : "SALE")) {
    case "SALE":
      return createSale(sandbox, input, fingerprint);
    case "CARD_PRESENT_DEBIT":
      return createCardPresentSale(sandbox, input, fingerprint);
    case "MERCHANT_CREDIT_ADJUSTMENT":
      return createAdjustment(sandbox, input, fingerprint, "MERCHANT_CREDIT_ADJUSTMENT");
    case "MERCHANT_DEBIT_ADJUSTMENT":
      return createAdjustment(sandbox, input, fingerprint, "MERCHANT_DEBIT_ADJUSTMENT");
    default:
      throw invalidField("operation_key", `The sandbox does not support operation_key ${input.operation_key}.`);
  }
}

/** A card sale is answered at once (SUCCEEDED, or a 402 decline); an ACH debit starts PENDING and settles later. */
function createSale(sandbox: Sandbox, input: CreateTransferInput, fingerprint: string): TransferAnswer {
  if (!input.merchant) throw invalidField("merchant", "merchant is required.");
  if (!input.source) throw invalidField("source", "source is required.");
  const merchant = processingMerchant(sandbox, input.merchant);
  const source = sandbox.store.get("payment_instrument", input.source);
  if (!source.record.enabled) throw invalidField("source", `Payment instrument ${input.source} is disabled.`);
  const base = {
    amount: input.amount,
    currency: input.currency,
    fee: input.fee ?? 0,
    merchant: merchant.record.id,
    merchant_identity: merchant.record.identity,
    source: source.record.id,
    idempotency_id: input.idempotency_id ?? null,
    statement_descriptor: input.statement_descriptor ?? statementDescriptor(merchant.record.merchant_name),
    tags: input.tags ?? {},
    type: "DEBIT" as const,
    subtype: "API",
  };
  if (source.record.type === "BANK_ACCOUNT") {
    const transfer = insertTransfer(sandbox, newTransfer(sandbox, { ...base, state: "PENDING" }), {
      requestFingerprint: fingerprint,
      createdStatus: 201,
      endpoint: "transfers",
      settlementId: null,
    });
    sandbox.schedule("ach.settle", transfer.record.id, sandbox.config().delaysSeconds.achSettlement);
    return { status: 201, transfer, awaitBuyer: false };
  }
  const decline = source.internal.behaviour.decline ?? declineForAmount(input.amount);
  const cardChecks = {
    address_verification: source.record.address_verification ?? null,
    security_code_verification: source.record.security_code_verification ?? null,
  };
  if (decline) {
    const record = newTransfer(sandbox, { ...base, ...cardChecks, ...failed(decline) });
    return {
      status: 402,
      transfer: insertTransfer(sandbox, record, {
        requestFingerprint: fingerprint,
        createdStatus: 402,
        endpoint: "transfers",
        settlementId: null,
      }),
      awaitBuyer: false,
    };
  }
  const transfer = insertTransfer(sandbox, newTransfer(sandbox, { ...base, ...cardChecks, ...succeeded(sandbox) }), {
    requestFingerprint: fingerprint,
    createdStatus: 201,
    endpoint: "transfers",
    settlementId: null,
  });
  afterSale(sandbox, transfer);
  return { status: 201, transfer, awaitBuyer: false };
}

/**
 * The debit an authorization's capture makes: a card sale like any other (fees, settlement, a dispute on the disputed
 * amount), so it is refunded, settled and disputed as one.
 */
export function createCaptureTransfer(
  sandbox: Sandbox,
  authorization: Stored<"authorization">,
  amount: number,
  fee: number,
): Stored<"transfer"> {
  const { record } = authorization;
  const merchant = sandbox.store.get("merchant", record.merchant);
  const transfer = insertTransfer(
    sandbox,
    newTransfer(sandbox, {
      amount,
      currency: record.currency,
      fee,
      merchant: record.merchant,
      merchant_identity: record.merchant_identity,
      source: record.source,
      // A card-present hold's capture is the reader's sale: it keeps the reader and the card read there.
      device: record.device,
      card_present_details: record.card_present_details,
      statement_descriptor: statementDescriptor(merchant.record.merchant_name),
      tags: record.tags,
      address_verification: record.address_verification,
      security_code_verification: record.security_code_verification,
      type: "DEBIT",
      subtype: "API",
      ...succeeded(sandbox),
    }),
    { requestFingerprint: null, createdStatus: 201, endpoint: "authorizations", settlementId: null },
  );
  afterSale(sandbox, transfer);
  return transfer;
}

/** The activated, connected reader a card-present request is sent to, and the merchant it belongs to. */
export function readyReader(
  sandbox: Sandbox,
  deviceId: string | null | undefined,
  operationKey: string,
): { device: Stored<"device">; merchant: Stored<"merchant"> } {
  if (!deviceId) throw invalidField("device", `device is required for ${operationKey}.`);
  const device = sandbox.store.get("device", deviceId);
  if (!device.record.enabled) throw invalidField("device", `Device ${deviceId} is not activated.`);
  if (device.internal.connection !== "OPEN") throw invalidField("device", `Device ${deviceId} is not connected.`);
  return { device, merchant: processingMerchant(sandbox, device.record.merchant, "device") };
}

/** The reader waits for the buyer: the sale stays PENDING until the card-present delay, a control trigger, or an armed outcome. */
function createCardPresentSale(sandbox: Sandbox, input: CreateTransferInput, fingerprint: string): TransferAnswer {
  const { device, merchant } = readyReader(sandbox, input.device, "CARD_PRESENT_DEBIT");
  const record = newTransfer(sandbox, {
    amount: input.amount,
    currency: input.currency,
    fee: input.fee ?? 0,
    merchant: merchant.record.id,
    merchant_identity: merchant.record.identity,
    device: device.record.id,
    operation_key: "CARD_PRESENT_DEBIT",
    idempotency_id: input.idempotency_id ?? null,
    statement_descriptor: input.statement_descriptor ?? statementDescriptor(merchant.record.merchant_name),
    tags: input.tags ?? {},
    state: "PENDING",
    type: "DEBIT",
    subtype: "API",
    card_present_details: null,
  });
  const transfer = insertTransfer(sandbox, record, {
    requestFingerprint: fingerprint,
    createdStatus: 201,
    endpoint: "transfers",
    settlementId: null,
  });
  const armed = device.internal.armedOutcome;
  if (armed) {
    sandbox.store.save("device", { ...device, internal: { ...device.internal, armedOutcome: null } });
    return { status: 201, transfer: completeCardPresentSale(sandbox, transfer.record.id, armed), awaitBuyer: false };
  }
  sandbox.schedule("card_present.complete", transfer.record.id, sandbox.config().delaysSeconds.cardPresent);
  return { status: 201, transfer, awaitBuyer: true };
}

function createAdjustment(
  sandbox: Sandbox,
  input: CreateTransferInput,
  fingerprint: string,
  subtype: "MERCHANT_CREDIT_ADJUSTMENT" | "MERCHANT_DEBIT_ADJUSTMENT",
): TransferAnswer {
  if (!input.merchant) throw invalidField("merchant", "merchant is required.");
  // The processor marks `source` required: an adjustment is funded from an instrument like any transfer.
  if (!input.source) throw invalidField("source", "source is required.");
  const merchant = sandbox.store.get("merchant", input.merchant);
  const source = sandbox.store.find("payment_instrument", input.source);
  if (!source) throw invalidField("source", `Payment instrument ${input.source} not found.`);
  if (!source.record.enabled) throw invalidField("source", `Payment instrument ${input.source} is disabled.`);
  const record = newTransfer(sandbox, {
    amount: input.amount,
    currency: input.currency,
    merchant: merchant.record.id,
    merchant_identity: merchant.record.identity,
    source: source.record.id,
    operation_key: subtype,
    idempotency_id: input.idempotency_id ?? null,
    tags: input.tags ?? {},
    type: "ADJUSTMENT",
    subtype,
    ...succeeded(sandbox),
  });
  const transfer = insertTransfer(sandbox, record, {
    requestFingerprint: fingerprint,
    createdStatus: 201,
    endpoint: "transfers",
    settlementId: null,
  });
  queueForSettlement(sandbox, transfer);
  return { status: 201, transfer, awaitBuyer: false };
}

/** What is left to refund: the amount minus every reversal that has not failed. */
function refundableAmount(sandbox: Sandbox, parent: Stored<"transfer">): number {
  const reversed = sandbox.store
    .all("transfer", [
      { field: "parent_transfer", equals: parent.record.id },
      { field: "type", equals: "REVERSAL" },
    ])
    .filter((reversal) => reversal.record.state !== "FAILED")
    .reduce((sum, reversal) => sum + reversal.record.amount, 0);
  return parent.record.amount - reversed;
}

export function createReversal(sandbox: Sandbox, parentId: string, input: CreateReversalInput, fingerprint: string): TransferAnswer {
  const parent = sandbox.store.get("transfer", parentId);
  const replay = earlierAttempt(sandbox, input.idempotency_id, "reversals", fingerprint, parentId);
  if (replay) return replay;
  if (parent.record.type !== "DEBIT" || parent.record.state !== "SUCCEEDED") {
    throw invalidField("refund_amount", `Transfer ${parentId} is a ${parent.record.state} ${parent.record.type} and cannot be reversed.`);
  }
  refuseReversalOfDisputedTransfer(sandbox, parentId);
  const remaining = refundableAmount(sandbox, parent);
  if (input.refund_amount < 1 || input.refund_amount > remaining) {
    throw invalidField("refund_amount", `refund_amount must be between 1 and the remaining ${remaining}.`);
  }
  const record = newTransfer(sandbox, {
    amount: input.refund_amount,
    currency: parent.record.currency,
    merchant: parent.record.merchant,
    merchant_identity: parent.record.merchant_identity,
    destination: parent.record.source,
    parent_transfer: parent.record.id,
    idempotency_id: input.idempotency_id ?? null,
    tags: input.tags ?? {},
    state: "PENDING",
    type: "REVERSAL",
    subtype: "API",
  });
  const transfer = insertTransfer(sandbox, record, {
    requestFingerprint: fingerprint,
    createdStatus: 201,
    endpoint: "reversals",
    settlementId: null,
  });
  sandbox.schedule("reversal.settle", transfer.record.id, sandbox.config().delaysSeconds.reversal);
  return { status: 201, transfer, awaitBuyer: false };
}

const REVERSAL_FAILURE: FailureReason = { code: "PROCESSOR_ERROR", message: "The refund could not be processed." };

/** A pending reversal goes through (or, on request, fails and frees its amount for another refund). */
export function settleReversal(sandbox: Sandbox, transferId: string, outcome: "succeed" | "fail" = "succeed"): Stored<"transfer"> {
  const transfer = sandbox.store.get("transfer", transferId);
  if (transfer.record.type !== "REVERSAL" || transfer.record.state !== "PENDING") {
    throw new ProcessorError(409, [{ code: "CONFLICT", message: `Transfer ${transferId} is not a PENDING reversal.` }]);
  }
  if (outcome === "fail") return updateTransfer(sandbox, transfer, failed(REVERSAL_FAILURE));
  const settled = updateTransfer(sandbox, transfer, succeeded(sandbox));
  queueForSettlement(sandbox, settled);
  return settled;
}

/** Timer: a pending reversal goes through. */
export function settleReversalOnSchedule(sandbox: Sandbox, transferId: string): void {
  if (sandbox.store.find("transfer", transferId)?.record.state === "PENDING") settleReversal(sandbox, transferId);
}

function achDebit(sandbox: Sandbox, transferId: string): { transfer: Stored<"transfer">; source: Stored<"payment_instrument"> } {
  const transfer = sandbox.store.get("transfer", transferId);
  const source = transfer.record.source ? sandbox.store.find("payment_instrument", transfer.record.source) : null;
  if (transfer.record.type !== "DEBIT" || source?.record.type !== "BANK_ACCOUNT") {
    throw new ProcessorError(409, [{ code: "CONFLICT", message: `Transfer ${transferId} is not an ACH debit.` }]);
  }
  return { transfer, source };
}

export type AchOutcome = "succeed" | "fail" | "return" | "return-as-reversal";

/**
 * The bank's return as its own transfer: a REVERSAL of the whole debit that nobody asked for (no idempotency_id),
 * carrying the return's code, while the debit itself stays SUCCEEDED. One of the two shapes a return may take.
 */
function returnAsReversal(sandbox: Sandbox, debit: Stored<"transfer">, failure: FailureReason): Stored<"transfer"> {
  const record = newTransfer(sandbox, {
    amount: debit.record.amount,
    currency: debit.record.currency,
    merchant: debit.record.merchant,
    merchant_identity: debit.record.merchant_identity,
    destination: debit.record.source,
    parent_transfer: debit.record.id,
    failure_code: failure.code,
    failure_message: failure.message,
    type: "REVERSAL",
    subtype: "SYSTEM",
    ...succeeded(sandbox),
  });
  insertTransfer(sandbox, record, { requestFingerprint: null, createdStatus: 201, endpoint: "system", settlementId: null });
  return sandbox.store.get("transfer", debit.record.id);
}

/**
 * Settles an ACH debit now. `fail`: PENDING → FAILED (not submitted); `return`: the debit had SUCCEEDED and the
 * bank returned it, so it flips to FAILED with the return's code (a PENDING one succeeds first, as it would have);
 * `return-as-reversal`: the same return, arriving as a REVERSAL transfer of the debit instead.
 */
export function settleAch(sandbox: Sandbox, transferId: string, outcome: AchOutcome, reason?: FailureReason): Stored<"transfer"> {
  const { transfer, source } = achDebit(sandbox, transferId);
  const failure = reason ?? source.internal.behaviour.ach ?? { code: "INSUFFICIENT_FUNDS", message: "R01: Insufficient funds." };
  const { state } = transfer.record;
  const returning = outcome === "return" || outcome === "return-as-reversal";
  const allowed = returning ? state === "PENDING" || state === "SUCCEEDED" : state === "PENDING";
  if (!allowed) throw new ProcessorError(409, [{ code: "CONFLICT", message: `Transfer ${transferId} is ${state}; cannot ${outcome} it.` }]);
  if (outcome === "fail") return updateTransfer(sandbox, transfer, failed(failure));
  const settled = state === "PENDING" ? chargeFees(sandbox, updateTransfer(sandbox, transfer, succeeded(sandbox))) : transfer;
  if (outcome === "succeed") {
    queueForSettlement(sandbox, settled);
    return settled;
  }
  if (outcome === "return-as-reversal") return returnAsReversal(sandbox, settled, failure);
  const returned = updateTransfer(sandbox, settled, failed(failure));
  accrueSettlement(sandbox, returned.record.merchant);
  return returned;
}

/** The ACH network's answer for a pending debit, steered by the test bank accounts. */
export function settleAchByTestAccount(sandbox: Sandbox, transferId: string): Stored<"transfer"> {
  const behaviour = achDebit(sandbox, transferId).source.internal.behaviour.ach;
  if (behaviour?.outcome === "failed") return settleAch(sandbox, transferId, "fail", behaviour);
  const settled = settleAch(sandbox, transferId, "succeed");
  if (behaviour?.outcome === "returned") sandbox.schedule("ach.return", transferId, sandbox.config().delaysSeconds.achReturn);
  return settled;
}

/** Timer: settlement day for a debit that is still pending. */
export function settleAchOnSchedule(sandbox: Sandbox, transferId: string): void {
  if (sandbox.store.find("transfer", transferId)?.record.state === "PENDING") settleAchByTestAccount(sandbox, transferId);
}

/** Timer: a later ACH return of a debit that had succeeded. */
export function returnAchOnSchedule(sandbox: Sandbox, transferId: string): void {
  const transfer = sandbox.store.find("transfer", transferId);
  if (transfer?.record.state !== "SUCCEEDED") return;
  settleAch(sandbox, transferId, "return");
}

/** The test card every sandbox reader reads; one fingerprint, as the same physical card would have. */
const READER_CARD_FINGERPRINT = "FPRsandboxReaderCard4895140006";

function cardPresentInstrument(sandbox: Sandbox): Stored<"payment_instrument"> {
  const buyer = createIdentity(sandbox, {});
  return createInstrument(
    sandbox,
    buyer.record.id,
    {
      draft: {
        type: "PAYMENT_CARD_PRESENT",
        instrument_type: "PAYMENT_CARD_PRESENT",
        fingerprint: READER_CARD_FINGERPRINT,
        name: "SANDBOX TEST CARD",
        currency: "USD",
        brand: "VISA",
        bin: "489514",
        last_four: "0006",
        expiration_month: 12,
        expiration_year: new Date(sandbox.nowMs()).getUTCFullYear() + 3,
        card_type: "CREDIT",
        issuer_country: "USA",
      },
      behaviour: {},
    },
    {},
  );
}

function cardPresentDetails(approved: boolean): Record<string, unknown> {
  return {
    brand: "VISA",
    masked_account_number: "************0006",
    name: "SANDBOX TEST CARD",
    entry_mode: "CHIP_ENTRY",
    approval_code: approved ? String(100000 + Math.floor(Math.random() * 900000)) : null,
    payment_type: "CREDIT",
    emv_data: {
      application_identifier: "A0000000031010",
      application_label: "VISA CREDIT",
      application_preferred_name: null,
      application_transaction_counter: "0001",
      cryptogram: Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, "0"))
        .join("")
        .toUpperCase(),
      issuer_code_table_index: null,
      pin_verified: false,
      tags: {},
    },
  };
}

/** What the reader's card read decided, as the fields of the transfer or authorization that waited on it. */
export type ReaderResult = {
  state: "SUCCEEDED" | "FAILED" | "CANCELED";
  failure_code: string | null;
  failure_message: string | null;
  source: string | null;
  card_present_details: Record<string, unknown> | null;
};

/**
 * How a request waiting on the reader ends: the buyer presents the card and it is approved (SUCCEEDED) — unless the
 * amount is a declining test amount — or declined (FAILED), the request is canceled (CANCELED; on the device, or
 * through the API with that reason), or the reader drops off the network (FAILED, no card read). The same for a sale
 * (`CARD_PRESENT_DEBIT`) and a hold (`CARD_PRESENT_AUTHORIZATION`).
 */
export function readerResult(
  sandbox: Sandbox,
  amount: number,
  requested: CardPresentOutcome | "offline",
  requestedReason?: FailureReason,
): ReaderResult {
  const issuerDecline = requested === "approve" ? declineForAmount(amount) : null;
  const outcome = issuerDecline ? "decline" : requested;
  const reason = issuerDecline ?? requestedReason;
  const noCard = { source: null, card_present_details: null };
  if (outcome === "cancel") return { ...failed(reason ?? BUYER_CANCEL, "CANCELED"), ...noCard };
  if (outcome === "offline") return { ...failed(reason ?? READER_OFFLINE), ...noCard };
  // The card read at the reader becomes the source instrument; a canceled or interrupted request read no card.
  const source = cardPresentInstrument(sandbox).record.id;
  if (outcome === "decline") return { ...failed(reason ?? DEVICE_DECLINE), source, card_present_details: cardPresentDetails(false) };
  return { state: "SUCCEEDED", failure_code: null, failure_message: null, source, card_present_details: cardPresentDetails(true) };
}

/** A sale waiting on the reader ends as `readerResult` says, and wakes the POST /transfers call waiting for it. */
export function completeCardPresentSale(
  sandbox: Sandbox,
  transferId: string,
  requested: CardPresentOutcome | "offline",
  requestedReason?: FailureReason,
): Stored<"transfer"> {
  const transfer = sandbox.store.get("transfer", transferId);
  if (!transfer.record.device)
    throw new ProcessorError(409, [{ code: "CONFLICT", message: `Transfer ${transferId} is not a card-present sale.` }]);
  if (transfer.record.state !== "PENDING")
    throw new ProcessorError(409, [{ code: "CONFLICT", message: `Transfer ${transferId} is already ${transfer.record.state}.` }]);
  const result = readerResult(sandbox, transfer.record.amount, requested, requestedReason);
  const changes = result.state === "SUCCEEDED" ? { ...result, ...succeeded(sandbox) } : result;
  const completed = updateTransfer(sandbox, transfer, changes);
  sandbox.notifyCompleted(transferId);
  afterSale(sandbox, completed);
  return completed;
}

/** Timer: nobody pressed anything, so the buyer's card is taken as presented — and declined on a declining test amount. */
export function completeCardPresentOnSchedule(sandbox: Sandbox, transferId: string): void {
  if (sandbox.store.find("transfer", transferId)?.record.state === "PENDING") completeCardPresentSale(sandbox, transferId, "approve");
}

export function pendingSaleOnDevice(sandbox: Sandbox, deviceId: string): Stored<"transfer"> | null {
  return sandbox.store.findOne("transfer", [
    { field: "device", equals: deviceId },
    { field: "state", equals: "PENDING" },
  ]);
}
