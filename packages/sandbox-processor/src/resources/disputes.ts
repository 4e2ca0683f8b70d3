import { invalidField, ProcessorError } from "../core/errors";
import { processorId } from "../core/ids";
import type { DisputeRecord, Stored } from "../core/records";
import type { Sandbox } from "../core/sandbox";
import { REJECTED_EVIDENCE_NAME } from "../core/test-data";
import { newTransfer, queueForSettlement } from "./transfers";

const RESPOND_WITHIN_SECONDS = 7 * 24 * 60 * 60;
const REASON_CODES: Record<DisputeRecord["reason"], string | null> = {
  FRAUD: "10.4",
  QUALITY: "13.3",
  CLERICAL: "12.6.1",
  TECHNICAL: "11.3",
  INQUIRY: null,
};

/**
 * The processor's evidence limits: JPG/PNG up to 50 KB, PDF/TIFF up to 1 MB, at most 8 files and 10 MB per dispute.
 * Evidence the processor rejected (FAILED) or canceled does not count: the merchant replaces it.
 */
export const EVIDENCE_LIMITS = {
  maxFiles: 8,
  maxTotalBytes: 10 * 1024 * 1024,
  maxBytesByType: { jpg: 50 * 1024, png: 50 * 1024, pdf: 1024 * 1024, tiff: 1024 * 1024 } as Record<string, number>,
};

const EXTENSION_TYPES: Record<string, string> = { jpg: "jpg", jpeg: "jpg", png: "png", pdf: "pdf", tif: "tiff", tiff: "tiff" };
const MEDIA_TYPES: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/jpg": "jpg",
  "image/png": "png",
  "application/pdf": "pdf",
  "image/tiff": "tiff",
};

export type EvidenceFile = { name: string; type: string; size: number };

export function openDispute(
  sandbox: Sandbox,
  transferId: string,
  input: { reason?: DisputeRecord["reason"]; amount?: number } = {},
): Stored<"dispute"> {
  const transfer = sandbox.store.get("transfer", transferId);
  if (transfer.record.type !== "DEBIT" || transfer.record.state !== "SUCCEEDED") {
    throw new ProcessorError(409, [
      {
        code: "CONFLICT",
        message: `Only a SUCCEEDED sale can be disputed; ${transferId} is a ${transfer.record.state} ${transfer.record.type}.`,
      },
    ]);
  }
  if (sandbox.store.findOne("dispute", [{ field: "transfer", equals: transferId }])) {
    throw new ProcessorError(409, [{ code: "CONFLICT", message: `Transfer ${transferId} is already disputed.` }]);
  }
  const reason = input.reason ?? "FRAUD";
  const now = sandbox.nowIso();
  const stored = sandbox.store.insert(
    "dispute",
    {
      id: processorId("DI"),
      application: sandbox.applicationId,
      transfer: transferId,
      merchant: transfer.record.merchant,
      identity: transfer.record.merchant_identity,
      amount: input.amount ?? transfer.record.amount,
      state: reason === "INQUIRY" ? "INQUIRY" : "PENDING",
      response_state: "NEEDS_RESPONSE",
      reason,
      respond_by: sandbox.isoIn(RESPOND_WITHIN_SECONDS),
      occurred_at: now,
      evidence_submitted: "NONE",
      action: null,
      message: null,
      dispute_details: {
        case_id: String(Math.floor(Math.random() * 1e10)).padStart(10, "0"),
        reason_code: REASON_CODES[reason],
        pin_debit_adjustment_number: null,
      },
      tags: {},
      created_at: now,
      updated_at: now,
    },
    { note: null },
  );
  sandbox.emit("dispute", "created", stored);
  if (stored.record.state === "PENDING") moveDisputedMoney(sandbox, stored, "MERCHANT_DEBIT");
  return stored;
}

/**
 * A chargeback takes the disputed amount from the merchant (a DISPUTE transfer, subtype MERCHANT_DEBIT) and a won
 * dispute gives it back (MERCHANT_CREDIT); both enter the merchant's next settlement. An inquiry moves no money.
 */
function moveDisputedMoney(sandbox: Sandbox, dispute: Stored<"dispute">, subtype: "MERCHANT_DEBIT" | "MERCHANT_CREDIT"): void {
  const sale = sandbox.store.get("transfer", dispute.record.transfer);
  const adjustment = sandbox.store.insert(
    "transfer",
    newTransfer(sandbox, {
      amount: dispute.record.amount ?? sale.record.amount,
      currency: sale.record.currency,
      merchant: sale.record.merchant,
      merchant_identity: sale.record.merchant_identity,
      parent_transfer: sale.record.id,
      state: "SUCCEEDED",
      type: "DISPUTE",
      subtype,
      ready_to_settle_at: sandbox.nowIso(),
      tags: { dispute: dispute.record.id },
    }),
    { requestFingerprint: null, createdStatus: 201, endpoint: "disputes", settlementId: null },
  );
  sandbox.emit("transfer", "created", adjustment);
  queueForSettlement(sandbox, adjustment);
}

/** The money a dispute moved, newest first, as `GET /disputes/{id}/adjustment_transfers` lists it. */
export function adjustmentTransfers(sandbox: Sandbox, disputeId: string): Stored<"transfer">[] {
  sandbox.store.get("dispute", disputeId);
  return sandbox.store
    .all("transfer", [{ field: "type", equals: "DISPUTE" }])
    .filter((transfer) => transfer.record.tags.dispute === disputeId)
    .reverse();
}

/** Timer: a sale of the disputed test amount is charged back — once. */
export function openDisputeOnSchedule(sandbox: Sandbox, transferId: string): void {
  const transfer = sandbox.store.find("transfer", transferId);
  if (transfer?.record.state !== "SUCCEEDED" || sandbox.store.findOne("dispute", [{ field: "transfer", equals: transferId }])) return;
  openDispute(sandbox, transferId);
}

function fileKind(file: EvidenceFile): string | null {
  const extension = file.name.includes(".") ? file.name.split(".").pop()!.toLowerCase() : "";
  return EXTENSION_TYPES[extension] ?? MEDIA_TYPES[file.type.toLowerCase()] ?? null;
}

function updateDispute(sandbox: Sandbox, stored: Stored<"dispute">, changes: Partial<DisputeRecord>, note?: string): Stored<"dispute"> {
  const saved = sandbox.store.save("dispute", {
    record: { ...stored.record, ...changes, updated_at: sandbox.touch(stored.record.updated_at) },
    internal: note === undefined ? stored.internal : { note },
  });
  sandbox.emit("dispute", "updated", saved);
  return saved;
}

function requireAwaitingResponse(dispute: Stored<"dispute">, field: string): void {
  if (dispute.record.response_state !== "NEEDS_RESPONSE") {
    throw invalidField(field, `Dispute ${dispute.record.id} is ${dispute.record.response_state}; it no longer takes a response.`);
  }
}

export function addEvidence(sandbox: Sandbox, disputeId: string, file: EvidenceFile): Stored<"evidence"> {
  const dispute = sandbox.store.get("dispute", disputeId);
  requireAwaitingResponse(dispute, "file");
  const kind = fileKind(file);
  if (!kind) throw invalidField("file", "Evidence must be a JPG, PNG, PDF or TIFF file.");
  const maxBytes = EVIDENCE_LIMITS.maxBytesByType[kind]!;
  if (file.size > maxBytes)
    throw invalidField(
      "file",
      `A ${kind.toUpperCase()} file may be at most ${maxBytes / 1024} KB; this one is ${Math.ceil(file.size / 1024)} KB.`,
    );
  const existing = sandbox.store
    .all("evidence", [{ field: "dispute", equals: disputeId }])
    .filter((evidence) => evidence.record.state !== "FAILED" && evidence.record.state !== "CANCELED");
  if (existing.length >= EVIDENCE_LIMITS.maxFiles)
    throw invalidField("file", `A dispute takes at most ${EVIDENCE_LIMITS.maxFiles} evidence files.`);
  const total = existing.reduce((sum, evidence) => sum + evidence.internal.sizeBytes, 0) + file.size;
  if (total > EVIDENCE_LIMITS.maxTotalBytes) throw invalidField("file", "A dispute's evidence may total at most 10 MB.");
  const now = sandbox.nowIso();
  const evidence = sandbox.store.insert(
    "evidence",
    {
      id: processorId("DF"),
      application: sandbox.applicationId,
      dispute: disputeId,
      merchant: dispute.record.merchant,
      identity: dispute.record.identity,
      state: "PENDING",
      tags: { "file-name": file.name, "content-type": file.type, "file-extension": kind },
      created_at: now,
      updated_at: now,
    },
    { sizeBytes: file.size },
  );
  sandbox.emit("evidence", "created", evidence);
  sandbox.schedule("evidence.review", evidence.record.id, sandbox.config().delaysSeconds.evidenceReview);
  return evidence;
}

/**
 * An upload's 201 is not the processor's acceptance: the file is reviewed later and `evidence.updated` says how it
 * went. A file named like the rejected test file fails review; without an outcome, the rest pass.
 */
export function reviewEvidence(sandbox: Sandbox, evidenceId: string, outcome?: "succeed" | "fail"): Stored<"evidence"> {
  const evidence = sandbox.store.get("evidence", evidenceId);
  if (evidence.record.state !== "PENDING")
    throw new ProcessorError(409, [{ code: "CONFLICT", message: `Evidence ${evidenceId} is already ${evidence.record.state}.` }]);
  const rejected = outcome
    ? outcome === "fail"
    : (evidence.record.tags["file-name"] ?? "").toLowerCase().startsWith(REJECTED_EVIDENCE_NAME);
  const saved = sandbox.store.save("evidence", {
    ...evidence,
    record: { ...evidence.record, state: rejected ? "FAILED" : "SUCCEEDED", updated_at: sandbox.touch(evidence.record.updated_at) },
  });
  sandbox.emit("evidence", "updated", saved);
  return saved;
}

/** Timer: the review of an upload that is still pending. */
export function reviewEvidenceOnSchedule(sandbox: Sandbox, evidenceId: string): void {
  if (sandbox.store.find("evidence", evidenceId)?.record.state === "PENDING") reviewEvidence(sandbox, evidenceId);
}

/** Submitting tells the issuer the evidence is complete; nothing can be added afterwards. */
export function submitDispute(sandbox: Sandbox, disputeId: string, note: string): Stored<"dispute"> {
  const dispute = sandbox.store.get("dispute", disputeId);
  requireAwaitingResponse(dispute, "note");
  if (!sandbox.store.findOne("evidence", [{ field: "dispute", equals: disputeId }]))
    throw invalidField("note", "Upload evidence before submitting the dispute.");
  return updateDispute(
    sandbox,
    dispute,
    { response_state: "RESPONDED", evidence_submitted: dispute.record.state === "INQUIRY" ? "INQUIRY" : "CHARGEBACK" },
    note,
  );
}

export function acceptDispute(sandbox: Sandbox, disputeId: string, note: string): Stored<"dispute"> {
  const dispute = sandbox.store.get("dispute", disputeId);
  requireAwaitingResponse(dispute, "note");
  return updateDispute(sandbox, dispute, { response_state: "ACCEPTED", state: "LOST" }, note);
}

export function resolveDispute(sandbox: Sandbox, disputeId: string, outcome: "WON" | "LOST"): Stored<"dispute"> {
  const dispute = sandbox.store.get("dispute", disputeId);
  if (dispute.record.state === "WON" || dispute.record.state === "LOST") {
    throw new ProcessorError(409, [{ code: "CONFLICT", message: `Dispute ${disputeId} is already ${dispute.record.state}.` }]);
  }
  const resolved = updateDispute(sandbox, dispute, {
    state: outcome,
    response_state: dispute.record.response_state === "NEEDS_RESPONSE" ? "NO_RESPONSE_ALLOWED" : dispute.record.response_state,
  });
  if (outcome === "WON" && dispute.record.state === "PENDING") moveDisputedMoney(sandbox, resolved, "MERCHANT_CREDIT");
  return resolved;
}
