import { processorId } from "../core/ids";
import type { Sandbox } from "../core/sandbox";

/**
 * Fault knobs on REST operations. `latency` delays the answer; `error` answers 5xx; `timeout` never answers (the
 * call hangs until the caller aborts); `drop` fails the call like a reset connection. The `-after` kinds apply the
 * request first, so the caller cannot know whether it happened — what retries and reconciliation must survive.
 */
export const FAULT_KINDS = ["latency", "error", "timeout", "drop", "error-after", "timeout-after", "drop-after"] as const;
type FaultKind = "latency" | "error" | "timeout" | "drop";

export type FaultSpec = {
  /** `METHOD /path/{param}` as in the processor's reference (any placeholder name), or `*` for every operation. */
  operation: string;
  kind: (typeof FAULT_KINDS)[number];
  /** The status of an `error` fault; 500 when omitted (e.g. 402 with `code: UPSTREAM_PROCESSOR_ERROR` for a transient decline). */
  status?: number;
  /** The error code of an `error` fault's body; SERVER_ERROR when omitted. */
  code?: string;
  latencyMs?: number;
  /** How many matching calls it affects; omitted = until cleared. */
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
  remaining: number | null;
};

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
    remaining: row.remaining,
  };
}

function operationMatches(operation: string, method: string, path: string): boolean {
  if (operation.trim() === "*") return true;
  const [opMethod, opPath] = operation.trim().split(/\s+/, 2);
  if (!opMethod || !opPath || opMethod.toUpperCase() !== method.toUpperCase()) return false;
  const pattern = opPath.replace(/[.+?^$()[\]\\|]/g, "\\$&").replace(/\{[^/}]+\}|:[^/]+/g, "[^/]+");
  return new RegExp(`^${pattern}/?$`).test(path);
}

export function addFault(sandbox: Sandbox, spec: FaultSpec): Fault {
  const id = processorId("fault_");
  const seq = sandbox.sql.exec<{ n: number }>("SELECT COALESCE(MAX(seq), 0) + 1 AS n FROM faults").one().n;
  const [kind, after] = spec.kind.split("-") as [FaultKind, string | undefined];
  sandbox.sql.exec(
    "INSERT INTO faults (id, seq, operation, kind, phase, status, code, latency_ms, remaining) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    id,
    seq,
    spec.operation,
    kind,
    after ? "after" : "before",
    kind === "error" ? (spec.status ?? 500) : null,
    kind === "error" ? (spec.code ?? null) : null,
    kind === "latency" ? (spec.latencyMs ?? 1000) : null,
    spec.times ?? null,
  );
  return listFaults(sandbox).find((fault) => fault.id === id)!;
}

export function listFaults(sandbox: Sandbox): Fault[] {
  return sandbox.sql
    .exec<FaultRow>("SELECT id, operation, kind, phase, status, code, latency_ms, remaining FROM faults ORDER BY seq")
    .toArray()
    .map(toFault);
}

export function removeFault(sandbox: Sandbox, id: string): boolean {
  return sandbox.sql.exec("DELETE FROM faults WHERE id = ?", id).rowsWritten > 0;
}

export function clearFaults(sandbox: Sandbox): number {
  return sandbox.sql.exec("DELETE FROM faults").rowsWritten;
}

/** The oldest knob matching this call, used up by one: a knob with a count disappears when it reaches zero. */
export function takeFault(sandbox: Sandbox, method: string, path: string): Fault | null {
  const fault = listFaults(sandbox).find((candidate) => operationMatches(candidate.operation, method, path));
  if (!fault) return null;
  if (fault.remaining !== null) {
    if (fault.remaining <= 1) sandbox.sql.exec("DELETE FROM faults WHERE id = ?", fault.id);
    else sandbox.sql.exec("UPDATE faults SET remaining = remaining - 1 WHERE id = ?", fault.id);
  }
  return fault;
}
