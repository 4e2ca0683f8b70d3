import { invalidField, ProcessorError } from "../core/errors";
import { processorId } from "../core/ids";
import type { AuthorizationRecord, CardPresentOutcome, Stored, Tags } from "../core/records";
import type { Sandbox } from "../core/sandbox";
import { declineForAmount, type FailureReason } from "../core/test-data";
import { processingMerchant } from "./merchants";
import { createCaptureTransfer, readerResult, readyReader } from "./transfers";

export type CreateAuthorizationInput = {
  merchant?: string | null;
  source?: string | null;
  device?: string | null;
  operation_key?: string | null;
  amount: number;
  currency: string;
  idempotency_id?: string | null;
  tags?: Tags | null;
};

export type UpdateAuthorizationInput = { capture_amount?: number | null; fee?: number | null; void_me?: boolean | null };

/**
 * How the creating call answers: 201, or the processor's 402 decline naming the FAILED authorization. A card-present
 * hold keeps the call open until the buyer acts (`awaitBuyer`), as a card-present sale does.
 */
export type AuthorizationAnswer = { status: 201 | 402; authorization: Stored<"authorization">; awaitBuyer?: boolean };

/** The processor's operation key for a hold made on a reader (its "Card Present Authorization - EMV Card" example). */
export const CARD_PRESENT_AUTHORIZATION = "CARD_PRESENT_AUTHORIZATION";

/** "All authorizations must be captured within seven days" (the processor's guide; its examples' `expires_at`). */
const LIFETIME_SECONDS = 7 * 24 * 60 * 60;

/** An authorization record with the processor's defaults for every field the caller does not set; it lapses in seven days. */
function newAuthorization(
  sandbox: Sandbox,
  input: Pick<CreateAuthorizationInput, "amount" | "currency" | "idempotency_id" | "tags">,
  fields: Partial<AuthorizationRecord> & Pick<AuthorizationRecord, "state" | "merchant" | "merchant_identity">,
): AuthorizationRecord {
  const now = sandbox.nowIso();
  return {
    id: processorId("AU"),
    application: sandbox.applicationId,
    amount: input.amount,
    amount_requested: input.amount,
    capture_amount: 0,
    currency: input.currency,
    source: null,
    device: null,
    card_present_details: null,
    transfer: null,
    is_void: false,
    void_state: "UNATTEMPTED",
    expires_at: sandbox.isoIn(LIFETIME_SECONDS),
    idempotency_id: input.idempotency_id ?? null,
    failure_code: null,
    failure_message: null,
    trace_id: crypto.randomUUID(),
    messages: [],
    raw: null,
    "3ds_redirect_url": null,
    additional_buyer_charges: null,
    additional_healthcare_data: null,
    address_verification: null,
    security_code_verification: null,
    tags: input.tags ?? {},
    created_at: now,
    updated_at: now,
    ...fields,
  };
}
/** The processor's failure code for capturing (or voiding) a hold that is no longer open. */
const CLOSED: FailureReason = {
  code: "AUTHORIZATION_EXPIRED_OR_ALREADY_CAPTURED",
  message: "The authorization has expired or has already been captured or voided.",
};

/** Why the hold can no longer be captured or voided, or null while it is open. */
function closedBecause(sandbox: Sandbox, authorization: Stored<"authorization">): string | null {
  const { record } = authorization;
  if (record.transfer) return `was captured (${record.transfer})`;
  if (record.is_void) return "was voided";
  if (sandbox.nowMs() >= Date.parse(record.expires_at)) return `expired at ${record.expires_at}`;
  return null;
}

/** Refuses a capture or void of a declined hold, and of one that is no longer open, with the processor's code. */
function requireOpen(sandbox: Sandbox, authorization: Stored<"authorization">, field: "capture_amount" | "void_me"): void {
  const { id, state } = authorization.record;
  if (state !== "SUCCEEDED") throw invalidField(field, `Authorization ${id} is ${state} and cannot be captured or voided.`);
  const closed = closedBecause(sandbox, authorization);
  if (!closed) return;
  throw new ProcessorError(
    422,
    [
      {
        code: CLOSED.code,
        field,
        message: `Authorization ${id} ${closed}: ${CLOSED.message}`,
        extra: { failure_code: CLOSED.code, failure_message: CLOSED.message },
      },
    ],
    { sourcePath: `/authorizations/${id}` },
  );
}

function updateAuthorization(
  sandbox: Sandbox,
  stored: Stored<"authorization">,
  changes: Partial<AuthorizationRecord>,
  internal = stored.internal,
): Stored<"authorization"> {
  const saved = sandbox.store.save("authorization", {
    record: { ...stored.record, ...changes, updated_at: sandbox.touch(stored.record.updated_at) },
    internal,
  });
  sandbox.emit("authorization", "updated", saved);
  return saved;
}

/** `idempotency_id` as on transfers: the same body gets the original answer back, a different body is refused. */
function earlierAttempt(sandbox: Sandbox, idempotencyId: string | null | undefined, fingerprint: string): AuthorizationAnswer | null {
  if (!idempotencyId) return null;
  const earlier = sandbox.store.findOne("authorization", [{ field: "idempotency_id", equals: idempotencyId }]);
  if (!earlier) return null;
  if (earlier.internal.requestFingerprint !== fingerprint) {
    throw invalidField(
      "idempotency_id",
      `idempotency_id ${idempotencyId} was already used for a different request (${earlier.record.id}).`,
    );
  }
  return { status: earlier.internal.createdStatus as 201 | 402, authorization: earlier };
}

/** A hold on a card: SUCCEEDED for seven days, or declined (402) by the same test cards and amounts as a sale. */
export function createAuthorization(sandbox: Sandbox, input: CreateAuthorizationInput, fingerprint: string): AuthorizationAnswer {
  const replay = earlierAttempt(sandbox, input.idempotency_id, fingerprint);
  if (replay) return replay;
  if (input.currency !== "USD") throw invalidField("currency", "The sandbox processes USD only.");
  // The processor's card-present hold names a device and CARD_PRESENT_AUTHORIZATION together; either alone is refused.
  if (input.device || input.operation_key) {
    if (input.operation_key !== CARD_PRESENT_AUTHORIZATION) {
      throw invalidField(
        "operation_key",
        `A hold on a device takes operation_key ${CARD_PRESENT_AUTHORIZATION}, not ${input.operation_key ?? "none"}.`,
      );
    }
    return createCardPresentAuthorization(sandbox, input, fingerprint);
  }
  if (!input.merchant) throw invalidField("merchant", "merchant is required.");
  if (!input.source) throw invalidField("source", "source is required.");
  const merchant = processingMerchant(sandbox, input.merchant);
  const source = sandbox.store.get("payment_instrument", input.source);
  if (!source.record.enabled) throw invalidField("source", `Payment instrument ${input.source} is disabled.`);
  // Only a card can be held; a bank account is debited (POST /transfers), never authorized.
  if (source.record.type !== "PAYMENT_CARD") {
    throw invalidField("source", `Payment instrument ${input.source} is a ${source.record.type}; only a PAYMENT_CARD can be authorized.`);
  }
  const decline = source.internal.behaviour.decline ?? declineForAmount(input.amount);
  const record = newAuthorization(sandbox, input, {
    state: decline ? "FAILED" : "SUCCEEDED",
    merchant: merchant.record.id,
    merchant_identity: merchant.record.identity,
    source: source.record.id,
    failure_code: decline?.code ?? null,
    failure_message: decline?.message ?? null,
    address_verification: source.record.address_verification ?? null,
    security_code_verification: source.record.security_code_verification ?? null,
  });
  const status = decline ? 402 : 201;
  const authorization = sandbox.store.insert("authorization", record, {
    requestFingerprint: fingerprint,
    createdStatus: status,
    expiryAnnounced: false,
  });
  sandbox.emit("authorization", "created", authorization);
  if (!decline) sandbox.schedule("authorization.expire", record.id, LIFETIME_SECONDS);
  return { status, authorization };
}

/**
 * A hold made on a reader: PENDING while the reader waits for the buyer (the card-present delay, a control's tap, or
 * an outcome armed on the reader), then SUCCEEDED with the card read, FAILED (declined, reader offline) or CANCELED —
 * exactly as a card-present sale ends. No merchant or source: the device's merchant holds, on the card presented.
 */
function createCardPresentAuthorization(sandbox: Sandbox, input: CreateAuthorizationInput, fingerprint: string): AuthorizationAnswer {
  const { device, merchant } = readyReader(sandbox, input.device, CARD_PRESENT_AUTHORIZATION);
  const record = newAuthorization(sandbox, input, {
    state: "PENDING",
    merchant: merchant.record.id,
    merchant_identity: merchant.record.identity,
    device: device.record.id,
  });
  const authorization = sandbox.store.insert("authorization", record, {
    requestFingerprint: fingerprint,
    createdStatus: 201,
    expiryAnnounced: false,
  });
  sandbox.emit("authorization", "created", authorization);
  const armed = device.internal.armedOutcome;
  if (armed) {
    sandbox.store.save("device", { ...device, internal: { ...device.internal, armedOutcome: null } });
    return { status: 201, authorization: completeCardPresentAuthorization(sandbox, record.id, armed), awaitBuyer: false };
  }
  sandbox.schedule("card_present.complete", record.id, sandbox.config().delaysSeconds.cardPresent);
  return { status: 201, authorization, awaitBuyer: true };
}

/**
 * How a hold waiting on the reader ends, as a card-present sale would (`readerResult`); an approved one is open for
 * seven days from the tap. Wakes the POST /authorizations call waiting for it.
 */
export function completeCardPresentAuthorization(
  sandbox: Sandbox,
  id: string,
  requested: CardPresentOutcome | "offline",
  requestedReason?: FailureReason,
): Stored<"authorization"> {
  const authorization = sandbox.store.get("authorization", id);
  if (!authorization.record.device)
    throw new ProcessorError(409, [{ code: "CONFLICT", message: `Authorization ${id} is not a card-present hold.` }]);
  if (authorization.record.state !== "PENDING")
    throw new ProcessorError(409, [{ code: "CONFLICT", message: `Authorization ${id} is already ${authorization.record.state}.` }]);
  const result = readerResult(sandbox, authorization.record.amount, requested, requestedReason);
  const approved = result.state === "SUCCEEDED";
  const expires_at = new Date(sandbox.nowMs() + LIFETIME_SECONDS * 1000).toISOString();
  const completed = updateAuthorization(sandbox, authorization, approved ? { ...result, expires_at } : result);
  if (approved) sandbox.schedule("authorization.expire", id, LIFETIME_SECONDS);
  sandbox.notifyCompleted(id);
  return completed;
}

/** Timer: nobody pressed anything, so the buyer's card is taken as presented — and declined on a declining test amount. */
export function completeCardPresentAuthorizationOnSchedule(sandbox: Sandbox, id: string): void {
  if (sandbox.store.find("authorization", id)?.record.state === "PENDING") completeCardPresentAuthorization(sandbox, id, "approve");
}

export function pendingAuthorizationOnDevice(sandbox: Sandbox, deviceId: string): Stored<"authorization"> | null {
  return sandbox.store.findOne("authorization", [
    { field: "device", equals: deviceId },
    { field: "state", equals: "PENDING" },
  ]);
}

/**
 * The processor's one `PUT /authorizations/{id}`: `capture_amount` (and `fee`) captures, `void_me: true` voids. A body
 * asking for both, or for neither, is refused.
 */
export function changeAuthorization(sandbox: Sandbox, id: string, input: UpdateAuthorizationInput): Stored<"authorization"> {
  const capturing = input.capture_amount != null || input.fee != null;
  if (capturing && input.void_me)
    throw invalidField("void_me", "Capture (capture_amount, fee) or void (void_me) an authorization, not both.");
  if (input.void_me) return voidAuthorization(sandbox, id);
  if (input.capture_amount == null) throw invalidField("capture_amount", "capture_amount is required to capture; void_me: true voids.");
  return captureAuthorization(sandbox, id, input.capture_amount, input.fee ?? 0);
}

/** Moves the money: one debit transfer of `amount`, after which the hold is closed (a repeat is refused). */
function captureAuthorization(sandbox: Sandbox, id: string, amount: number, fee: number): Stored<"authorization"> {
  const authorization = sandbox.store.get("authorization", id);
  requireOpen(sandbox, authorization, "capture_amount");
  if (amount < 1 || amount > authorization.record.amount) {
    throw invalidField("capture_amount", `capture_amount must be between 1 and the authorized ${authorization.record.amount}.`);
  }
  if (fee > amount) throw invalidField("fee", "fee cannot exceed capture_amount.");
  const transfer = createCaptureTransfer(sandbox, authorization, amount, fee);
  return updateAuthorization(sandbox, authorization, { transfer: transfer.record.id, capture_amount: amount });
}

/** Releases the hold: `is_void` and `void_state: SUCCEEDED`; `state` stays SUCCEEDED, as in the processor's example. */
function voidAuthorization(sandbox: Sandbox, id: string): Stored<"authorization"> {
  const authorization = sandbox.store.get("authorization", id);
  requireOpen(sandbox, authorization, "void_me");
  return updateAuthorization(sandbox, authorization, { is_void: true, void_state: "SUCCEEDED" });
}

/** Control: the hold expires now (`expires_at` moves to now; the document has no expired state to set). */
export function expireAuthorization(sandbox: Sandbox, id: string): Stored<"authorization"> {
  const authorization = sandbox.store.get("authorization", id);
  const { state } = authorization.record;
  const closed = state === "SUCCEEDED" ? closedBecause(sandbox, authorization) : `is ${state}`;
  if (closed) throw new ProcessorError(409, [{ code: "CONFLICT", message: `Authorization ${id} ${closed}; only an open one can expire.` }]);
  return updateAuthorization(
    sandbox,
    authorization,
    { expires_at: sandbox.nowIso() },
    { ...authorization.internal, expiryAnnounced: true },
  );
}

/** Timer: `expires_at` has passed on a hold nobody captured or voided, so its expiry is announced. */
export function expireAuthorizationOnSchedule(sandbox: Sandbox, id: string): void {
  const authorization = sandbox.store.find("authorization", id);
  if (!authorization || authorization.internal.expiryAnnounced || authorization.record.transfer || authorization.record.is_void) return;
  updateAuthorization(sandbox, authorization, {}, { ...authorization.internal, expiryAnnounced: true });
}
