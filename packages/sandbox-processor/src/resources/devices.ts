import { invalidField, ProcessorError } from "../core/errors";
import { processorId } from "../core/ids";
import type { CardPresentOutcome, DeviceRecord, Stored, Tags } from "../core/records";
import type { Sandbox } from "../core/sandbox";
import type { FailureReason } from "../core/test-data";
import { completeCardPresentAuthorization, pendingAuthorizationOnDevice } from "./authorizations";
import { API_CANCEL, completeCardPresentSale, pendingSaleOnDevice } from "./transfers";

/** What a reader waits on: a sale (`POST /transfers`) or a hold (`POST /authorizations`), with the device named. */
export type ReaderRequest = { kind: "transfer"; stored: Stored<"transfer"> } | { kind: "authorization"; stored: Stored<"authorization"> };

function waitingOn(sandbox: Sandbox, deviceId: string): ReaderRequest | null {
  const sale = pendingSaleOnDevice(sandbox, deviceId);
  if (sale) return { kind: "transfer", stored: sale };
  const hold = pendingAuthorizationOnDevice(sandbox, deviceId);
  return hold ? { kind: "authorization", stored: hold } : null;
}

function complete(
  sandbox: Sandbox,
  waiting: ReaderRequest,
  outcome: CardPresentOutcome | "offline",
  reason?: FailureReason,
): ReaderRequest {
  return waiting.kind === "transfer"
    ? { kind: "transfer", stored: completeCardPresentSale(sandbox, waiting.stored.record.id, outcome, reason) }
    : { kind: "authorization", stored: completeCardPresentAuthorization(sandbox, waiting.stored.record.id, outcome, reason) };
}

export type CreateDeviceInput = {
  name: string;
  model: string;
  serial_number?: string | null;
  description?: string | null;
  configuration?: Record<string, unknown> | null;
  tags?: Tags | null;
};

export type UpdateDeviceInput = {
  action?: "ACTIVATE" | "DEACTIVATE" | "REBOOT" | "CREATE_IDLE_MESSAGE";
  idle_message?: string;
  name?: string;
  description?: string;
  serial_number?: string;
  configuration_details?: Record<string, unknown>;
  tags?: Tags | null;
};

const DEFAULT_CONFIGURATION = {
  allow_debit: true,
  bypass_device_on_capture: false,
  check_for_duplicate_transactions: false,
  prompt_amount_confirmation: true,
  prompt_manual_entry: false,
  prompt_signature: "NEVER",
  signature_threshold_amount: 0,
};

/** A registered reader is powered and online but not activated: its connection reads CLOSED until ACTIVATE. */
export function createDevice(sandbox: Sandbox, merchantId: string, input: CreateDeviceInput): Stored<"device"> {
  sandbox.store.get("merchant", merchantId);
  const now = sandbox.nowIso();
  return sandbox.store.insert(
    "device",
    {
      id: processorId("DV"),
      merchant: merchantId,
      model: input.model,
      name: input.name,
      description: input.description ?? null,
      serial_number: input.serial_number ?? null,
      enabled: false,
      idle_message: null,
      configuration_details: { ...DEFAULT_CONFIGURATION, ...input.configuration },
      tags: input.tags ?? {},
      created_at: now,
      updated_at: now,
    },
    { connection: "OPEN", armedOutcome: null },
  );
}

export function updateDevice(sandbox: Sandbox, deviceId: string, input: UpdateDeviceInput): Stored<"device"> {
  const stored = sandbox.store.get("device", deviceId);
  const { action, idle_message, tags, ...fields } = input;
  const record: DeviceRecord = {
    ...stored.record,
    ...fields,
    ...(action === "ACTIVATE" ? { enabled: true } : {}),
    ...(action === "DEACTIVATE" ? { enabled: false } : {}),
    ...(action === "CREATE_IDLE_MESSAGE" || idle_message !== undefined ? { idle_message: idle_message ?? null } : {}),
    ...(tags !== undefined ? { tags: tags ?? {} } : {}),
    updated_at: sandbox.touch(stored.record.updated_at),
  };
  return sandbox.store.save("device", { ...stored, record });
}

/** The reader goes offline (CLOSED) or comes back (OPEN); a sale waiting on it when it drops fails with DEVICE_OFFLINE. */
export function setDeviceConnection(sandbox: Sandbox, deviceId: string, connection: "OPEN" | "CLOSED"): Stored<"device"> {
  const stored = sandbox.store.get("device", deviceId);
  const saved = sandbox.store.save("device", { ...stored, internal: { ...stored.internal, connection } });
  const pending = connection === "CLOSED" ? waitingOn(sandbox, deviceId) : null;
  if (pending) complete(sandbox, pending, "offline");
  return saved;
}

function enabledDevice(sandbox: Sandbox, deviceId: string): Stored<"device"> {
  const device = sandbox.store.get("device", deviceId);
  if (!device.record.enabled) throw new ProcessorError(409, [{ code: "CONFLICT", message: `Device ${deviceId} is not activated.` }]);
  return device;
}

/**
 * `PUT /devices/{id}` with action CANCEL (the processor's newer API; its 2022 document lists no such action): ends the
 * sale (or hold) waiting on the reader — CANCELED, CANCELLATION_VIA_API — and answers that transfer (or
 * authorization). When the buyer's tap got there first the answer is the SUCCEEDED one, which stands.
 */
export function cancelDeviceSale(sandbox: Sandbox, deviceId: string): ReaderRequest {
  const device = sandbox.store.get("device", deviceId);
  const pending = waitingOn(sandbox, deviceId);
  if (!pending) throw invalidField("action", `Device ${deviceId} has no sale in progress to cancel.`);
  if (device.internal.tapOnCancel) {
    sandbox.store.save("device", { ...device, internal: { ...device.internal, tapOnCancel: false } });
    return complete(sandbox, pending, "approve");
  }
  return complete(sandbox, pending, "cancel", API_CANCEL);
}

/** Arms the reader so that the buyer's tap lands just before the next cancel: the race a cancel can lose. */
export function tapOnCancel(sandbox: Sandbox, deviceId: string): { armed: string; on: "cancel" } {
  const device = enabledDevice(sandbox, deviceId);
  sandbox.store.save("device", { ...device, internal: { ...device.internal, tapOnCancel: true } });
  return { armed: deviceId, on: "cancel" };
}

/**
 * The buyer at the reader: completes the device's pending sale (or hold), or — when none is waiting yet — arms the reader so
 * its next sale completes at once with this outcome (deterministic tests without racing the sale).
 */
export function presentAtDevice(
  sandbox: Sandbox,
  deviceId: string,
  outcome: CardPresentOutcome,
): { completed: ReaderRequest } | { armed: string } {
  const device = enabledDevice(sandbox, deviceId);
  const pending = waitingOn(sandbox, deviceId);
  if (pending) return { completed: complete(sandbox, pending, outcome) };
  sandbox.store.save("device", { ...device, internal: { ...device.internal, armedOutcome: outcome } });
  return { armed: deviceId };
}
