import { invalidField } from "../core/errors";
import { processorId } from "../core/ids";
import type { Sandbox } from "../core/sandbox";

/**
 * Fault knobs on REST operations. `latency` delays the answer; `error` answers 5xx; `timeout` never answers (the
 * call hangs until the caller aborts); `drop` fails the call like a reset connection. The `-after` kinds apply the
 * request first, so the caller cannot know whether it happened — what retries and reconciliation must survive.
 *
 * And on webhook deliveries (operation `WEBHOOK <entity>.<type>`), decided once, before an event's first attempt:
 * `lose` never sends it (the receiver must find out some other way); `duplicate` sends it twice, the same bytes with
 * the same signature; `delay` holds it back, so events that happen after it arrive before it.
 */
export const FAULT_KINDS = [
  "latency",
  "error",
  "timeout",
  "drop",
  "error-after",
  "timeout-after",
  "drop-after",
  "lose",
  "duplicate",
  "delay",
] as const;
const DELIVERY_FAULT_KINDS = ["lose", "duplicate", "delay"] as const;
export type DeliveryFaultKind = (typeof DELIVERY_FAULT_KINDS)[number];
type FaultKind = "latency" | "error" | "timeout" | "drop" | DeliveryFaultKind;

/** How long a `delay` holds a delivery back when the knob does not say; a `duplicate`'s copy follows at once. */
const DEFAULT_DELAY_MS = 10_000;

export type FaultSpec = {
  /**
   * `METHOD /path/{param}` as in the processor's reference (any placeholder name), or `*` for every operation; for
   * webhook deliveries `WEBHOOK <entity>.<type>` (`WEBHOOK transfer.updated`), either part `*`, or `WEBHOOK *`.
   */
  operation: string;
  kind: (typeof FAULT_KINDS)[number];
  /** The status of an `error` fault; 500 when omitted (e.g. 402 with `code: UPSTREAM_PROCESSOR_ERROR` for a transient decline). */
  status?: number;
  /** The error code of an `error` fault's body; SERVER_ERROR when omitted. */
  code?: string;
  latencyMs?: number;
  /** How long a `delay` holds a delivery back (default 10 s), or how long after the original a `duplicate`'s copy goes (default 0). */
  delayMs?: number;
  /** How many matching calls (or deliveries) it affects; omitted = until cleared. */
  times?: number;
};

export type Fault = {
  id: string;
  operation: string;
  kind: FaultKind;
  phase: "before" | "after";
  status: number | null;
  code: string | null;
  latencyMs: number | null;
  delayMs: number | null;
  remaining: number | null;
};

export type DeliveryFault = Fault & { kind: DeliveryFaultKind };

/** How the Durable Object tells the edge (the Worker in front of it) to hang or drop, which only the caller's side can do. */
export const FAULT_HEADER = "x-sandbox-fault";
export const LATENCY_HEADER = "x-sandbox-latency-ms";

type FaultRow = {
  id: string;
  operation: string;
  kind: FaultKind;
  phase: "before" | "after";
  status: number | null;
  code: string | null;
  latency_ms: number | null;
  delay_ms: number | null;
  remaining: number | null;
};

function toFault(row: FaultRow): Fault {
  return {
    id: row.id,
    operation: row.operation,
    kind: row.kind,
    phase: row.phase,
    status: row.status,
    code: row.code,
    latencyMs: row.latency_ms,
    delayMs: row.delay_ms,
    remaining: row.remaining,
  };
}

const isDeliveryKind = (kind: FaultKind): kind is DeliveryFaultKind => (DELIVERY_FAULT_KINDS as readonly string[]).includes(kind);
const DELIVERY_OPERATION = /^WEBHOOK\s+(\*|([a-z_]+|\*)\.([a-z_]+|\*))$/;
const isDeliveryOperation = (operation: string) => /^WEBHOOK\s/.test(operation.trim());

function operationMatches(operation: string, method: string, path: string): boolean {
  if (operation.trim() === "*") return true;
  const [opMethod, opPath] = operation.trim().split(/\s+/, 2);
  if (!opMethod || !opPath || opMethod.toUpperCase() !== method.toUpperCase()) return false;
  const pattern = opPath.replace(/[.+?^$()[\]\\|]/g, "\\$&").replace(/\{[^/}]+\}|:[^/]+/g, "[^/]+");
  return new RegExp(`^${pattern}/?$`).test(path);
}

function deliveryMatches(operation: string, entity: string, type: string): boolean {
  const [, all, opEntity, opType] = DELIVERY_OPERATION.exec(operation.trim()) ?? [];
  if (all === "*") return true;
  return (opEntity === "*" || opEntity === entity) && (opType === "*" || opType === type);
}

/** A knob's kind and operation must be of the same sort: a REST call cannot be lost, nor a delivery answered 5xx. */
function checkOperation(operation: string, kind: FaultKind): void {
  if (isDeliveryOperation(operation) !== isDeliveryKind(kind))
    throw isDeliveryKind(kind)
      ? invalidField("operation", `A ${kind} fault applies to webhook deliveries: operation must be "WEBHOOK <entity>.<type>".`)
      : invalidField("kind", `A WEBHOOK operation takes the delivery kinds: ${DELIVERY_FAULT_KINDS.join(", ")}.`);
  if (isDeliveryOperation(operation) && !DELIVERY_OPERATION.test(operation.trim()))
    throw invalidField("operation", `operation must be "WEBHOOK *" or "WEBHOOK <entity>.<type>", either part "*".`);
}

export function addFault(sandbox: Sandbox, spec: FaultSpec): Fault {
  const [kind, after] = spec.kind.split("-") as [FaultKind, string | undefined];
  checkOperation(spec.operation, kind);
  const id = processorId("fault_");
  const seq = sandbox.sql.exec<{ n: number }>("SELECT COALESCE(MAX(seq), 0) + 1 AS n FROM faults").one().n;
  sandbox.sql.exec(
    "INSERT INTO faults (id, seq, operation, kind, phase, status, code, latency_ms, delay_ms, remaining) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    id,
    seq,
    spec.operation,
    kind,
    after ? "after" : "before",
    kind === "error" ? (spec.status ?? 500) : null,
    kind === "error" ? (spec.code ?? null) : null,
    kind === "latency" ? (spec.latencyMs ?? 1000) : null,
    kind === "delay" ? (spec.delayMs ?? DEFAULT_DELAY_MS) : kind === "duplicate" ? (spec.delayMs ?? 0) : null,
    spec.times ?? null,
  );
  return listFaults(sandbox).find((fault) => fault.id === id)!;
}

export function listFaults(sandbox: Sandbox): Fault[] {
  return sandbox.sql
    .exec<FaultRow>("SELECT id, operation, kind, phase, status, code, latency_ms, delay_ms, remaining FROM faults ORDER BY seq")
    .toArray()
    .map(toFault);
}

export function removeFault(sandbox: Sandbox, id: string): boolean {
  return sandbox.sql.exec("DELETE FROM faults WHERE id = ?", id).rowsWritten > 0;
}

export function clearFaults(sandbox: Sandbox): number {
  return sandbox.sql.exec("DELETE FROM faults").rowsWritten;
}

/** A knob with a count is used up by one, and disappears when it reaches zero. */
function useOnce<F extends Fault>(sandbox: Sandbox, fault: F): F {
  if (fault.remaining !== null) {
    if (fault.remaining <= 1) sandbox.sql.exec("DELETE FROM faults WHERE id = ?", fault.id);
    else sandbox.sql.exec("UPDATE faults SET remaining = remaining - 1 WHERE id = ?", fault.id);
  }
  return fault;
}

/** The oldest knob matching this call, used up by one. */
export function takeFault(sandbox: Sandbox, method: string, path: string): Fault | null {
  const fault = listFaults(sandbox).find(
    (candidate) => !isDeliveryKind(candidate.kind) && operationMatches(candidate.operation, method, path),
  );
  return fault ? useOnce(sandbox, fault) : null;
}

/** The oldest delivery knob matching this event, used up by one. */
export function takeDeliveryFault(sandbox: Sandbox, entity: string, type: string): DeliveryFault | null {
  const fault = listFaults(sandbox).find(
    (candidate): candidate is DeliveryFault => isDeliveryKind(candidate.kind) && deliveryMatches(candidate.operation, entity, type),
  );
  return fault ? useOnce(sandbox, fault) : null;
}
