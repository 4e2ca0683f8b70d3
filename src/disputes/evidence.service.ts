import { and, eq, inArray, isNull, lt, notInArray, or, sql } from "drizzle-orm";

import { insertSelectFields } from "../db/insert-select";
import { isoInstant } from "../lib/clock";
import { hex } from "../lib/crypto";
import { newId } from "../lib/ids";
import { logEvent } from "../lib/log";
import { ApiError } from "../lib/problem";
import { retryAfterSeconds } from "../lib/retry-after";
import type { RootContext, ShardContext, TenantContext } from "../platform/context";
import { type DisputeEvidence, ProcessorRejected } from "../processor";
import { evidenceEvent } from "./dispute-events";
import { assertTakesResponse } from "./dispute-states";
import { getDispute } from "./disputes.queries";
import { disputeEvidence, disputes, type EvidenceRecord, type EvidenceState } from "./disputes.schema";
import { CONTENT_TYPES, EVIDENCE_LIMITS, evidenceKindOf, isPhotoToFit, PHOTO_MAX_BYTES, uploadNameOf } from "./evidence-file";
import { fitPhoto } from "./evidence-fit";

/** A crashed upload's claim is taken over after this. */
const UPLOAD_LEASE_MS = 60_000;
/** Files the processor rejected or canceled do not count toward a dispute's limits: the merchant replaces them. */
const NOT_COUNTED: EvidenceState[] = ["failed", "canceled"];

const PROCESSOR_STATES: Record<DisputeEvidence["state"], EvidenceState> = {
  PENDING: "processing",
  SUCCEEDED: "succeeded",
  FAILED: "failed",
  CANCELED: "canceled",
};

const REJECTED_AFTER_REVIEW = "The processor rejected this file after accepting the upload; upload a different file.";

const r2KeyOf = (tenantId: string, disputeId: string, sha256: string) => `evidence/${tenantId}/${disputeId}/${sha256}`;

async function evidenceById(ctx: ShardContext, evidenceId: string): Promise<EvidenceRecord> {
  return (await ctx.db.select().from(disputeEvidence).where(eq(disputeEvidence.id, evidenceId)).get())!;
}

/**
 * The dispute still has room and takes evidence, as one condition on the write that adds a file: concurrent uploads
 * can never together pass the limit, nor slip in after a submission or an acceptance.
 */
function roomFor(disputeId: string, exceptEvidenceId: string | null) {
  return sql`(SELECT COUNT(*) FROM dispute_evidence WHERE dispute_id = ${disputeId} AND state NOT IN ('failed', 'canceled')
      AND id IS NOT ${exceptEvidenceId}) < ${EVIDENCE_LIMITS.maxFiles}
    AND EXISTS (SELECT 1 FROM disputes WHERE id = ${disputeId} AND submission = 'none' AND acceptance = 'none')`;
}

/** The dispute is full: the files that count (all but rejected and canceled ones) are at the limit. */
async function limitProblem(ctx: ShardContext, disputeId: string, exceptEvidenceId: string | null): Promise<ApiError | null> {
  const counted = await ctx.db
    .select({ id: disputeEvidence.id })
    .from(disputeEvidence)
    .where(and(eq(disputeEvidence.disputeId, disputeId), notInArray(disputeEvidence.state, NOT_COUNTED)))
    .all();
  const others = counted.filter((row) => row.id !== exceptEvidenceId).length;
  if (others < EVIDENCE_LIMITS.maxFiles) return null;
  return new ApiError(
    "evidence-limit-reached",
    `A dispute takes at most ${EVIDENCE_LIMITS.maxFiles} evidence files; this one has ${others}.`,
    {
      extensions: { maxFiles: EVIDENCE_LIMITS.maxFiles },
    },
  );
}

/** What the processor says about an upload, applied once: the first answer (the upload's own, or its webhook's) wins. */
async function recordUpload(ctx: ShardContext, evidence: EvidenceRecord, answer: DisputeEvidence): Promise<void> {
  const now = ctx.clock.nowIso();
  await ctx.db.batch([
    ctx.db
      .update(disputeEvidence)
      .set({
        processorEvidenceId: answer.id,
        state: PROCESSOR_STATES[answer.state],
        processorUpdatedAt: isoInstant(answer.updated_at, now),
        syncedAt: now,
        updatedAt: now,
      })
      .where(and(eq(disputeEvidence.id, evidence.id), eq(disputeEvidence.state, "pending"), isNull(disputeEvidence.processorEvidenceId))),
    ctx.db.update(disputeEvidence).set({ uploadLeaseUntil: null }).where(eq(disputeEvidence.id, evidence.id)),
  ]);
}

/** An earlier attempt whose answer was lost may have reached the processor: its file carries this upload's name. */
async function earlierUpload(ctx: RootContext, processorDisputeId: string, uploadName: string): Promise<DisputeEvidence | null> {
  const { items } = await ctx.processor.listDisputeEvidence(processorDisputeId, { limit: 100 });
  return items.find((item) => item.tags?.["file-name"] === uploadName && item.state !== "FAILED" && item.state !== "CANCELED") ?? null;
}

/**
 * Sends one stored evidence file to the processor, from R2, as the multipart part `file` with its name and type. One
 * upload at a time per file (a lease); a retry first looks for an earlier attempt that reached the processor. A refusal
 * marks the file `failed`; any other failure leaves it `pending` for the sweep. Nothing is sent once the merchant
 * accepts the dispute.
 */
export async function uploadEvidence({
  ctx,
  input: { evidenceId },
}: {
  ctx: ShardContext;
  input: { evidenceId: string };
}): Promise<EvidenceRecord> {
  const { db } = ctx;
  const nowMs = ctx.clock.nowMs();
  const [claimed] = await db
    .update(disputeEvidence)
    .set({
      uploadLeaseUntil: new Date(nowMs + UPLOAD_LEASE_MS).toISOString(),
      uploadAttempts: sql`${disputeEvidence.uploadAttempts} + 1`,
    })
    .where(
      and(
        eq(disputeEvidence.id, evidenceId),
        eq(disputeEvidence.state, "pending"),
        or(isNull(disputeEvidence.uploadLeaseUntil), lt(disputeEvidence.uploadLeaseUntil, new Date(nowMs).toISOString())),
        // An accepted dispute (or one being accepted) sends the issuer nothing more.
        sql`NOT EXISTS (SELECT 1 FROM disputes WHERE id = ${disputeEvidence.disputeId} AND acceptance != 'none')`,
      ),
    )
    .returning();
  if (!claimed) return evidenceById(ctx, evidenceId);
  const dispute = (await db.select().from(disputes).where(eq(disputes.id, claimed.disputeId)).get())!;
  try {
    let answer = claimed.uploadAttempts > 1 ? await earlierUpload(ctx, dispute.processorDisputeId, claimed.uploadName) : null;
    if (!answer) {
      const sentKey = claimed.sentR2Key ?? claimed.r2Key;
      const stored = await ctx.env.EVIDENCE.get(sentKey);
      if (!stored) throw new Error(`evidence ${claimed.id}: no object at ${sentKey}`);
      const type = claimed.sentKind ? CONTENT_TYPES[claimed.sentKind] : claimed.contentType;
      const file = new File([await stored.arrayBuffer()], claimed.uploadName, { type });
      answer = await ctx.processor.uploadDisputeEvidence(dispute.processorDisputeId, file);
    }
    await recordUpload(ctx, claimed, answer);
  } catch (error) {
    const rejected = error instanceof ProcessorRejected;
    await db
      .update(disputeEvidence)
      .set({
        uploadLeaseUntil: null,
        ...(rejected
          ? { state: "failed" as const, failureCode: error.code, failureMessage: error.message, updatedAt: ctx.clock.nowIso() }
          : {}),
      })
      .where(and(eq(disputeEvidence.id, claimed.id), eq(disputeEvidence.state, "pending")));
    if (!rejected)
      logEvent("warn", "evidence upload deferred", { evidenceId: claimed.id, attempts: claimed.uploadAttempts, error: String(error) });
  }
  return evidenceById(ctx, evidenceId);
}

/**
 * Seconds until the dispute's evidence that another request (an upload, the sweep) is sending has reached the processor,
 * or null when none is on its way: a file stored but not yet tried, or one whose upload holds its lease.
 */
export async function evidenceUploadRetryAfter(ctx: ShardContext, disputeId: string): Promise<number | null> {
  const nowMs = ctx.clock.nowMs();
  const pending = await ctx.db
    .select()
    .from(disputeEvidence)
    .where(and(eq(disputeEvidence.disputeId, disputeId), eq(disputeEvidence.state, "pending")))
    .all();
  const uploads = pending.flatMap((evidence) => {
    const leaseEndsAtMs = evidence.uploadLeaseUntil ? Date.parse(evidence.uploadLeaseUntil) : null;
    if (leaseEndsAtMs !== null && leaseEndsAtMs > nowMs) return [{ startedAtMs: leaseEndsAtMs - UPLOAD_LEASE_MS, leaseEndsAtMs }];
    const storedAtMs = Date.parse(evidence.updatedAt);
    if (evidence.uploadAttempts > 0 || storedAtMs + UPLOAD_LEASE_MS <= nowMs) return [];
    return [{ startedAtMs: storedAtMs, leaseEndsAtMs: storedAtMs + UPLOAD_LEASE_MS }];
  });
  if (uploads.length === 0) return null;
  const callBoundMs = Number(ctx.env.PROCESSOR_TIMEOUT_MS);
  return Math.max(...uploads.map((upload) => retryAfterSeconds({ ...upload, callBoundMs, nowMs })));
}

/**
 * Takes one evidence file for a dispute. The processor's limits are checked on the content before anything is stored
 * (a photo over them is fitted into a PDF within them, kept beside the original: `sent…`); then the file goes to R2
 * (key: tenant, dispute, sha256), then its row, then the processor — so a processor failure
 * loses nothing and the sweep finishes the upload. The same content twice is the same evidence (`created: false`);
 * posting again content the processor rejected sends it again.
 */
export async function addEvidence({
  ctx,
  input: { disputeId, file },
}: {
  ctx: TenantContext;
  input: { disputeId: string; file: File };
}): Promise<{ evidence: EvidenceRecord; created: boolean }> {
  const tenantId = ctx.tenant.id;
  const { db } = ctx;
  const dispute = await getDispute({ ctx, input: { disputeId } });
  assertTakesResponse(dispute, ctx.clock.nowMs());
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength === 0) {
    throw new ApiError("validation-failed", "1 field(s) failed validation.", {
      extensions: { errors: [{ field: "file", message: "The file is empty." }] },
    });
  }
  const kind = evidenceKindOf(bytes);
  if (!kind) {
    throw new ApiError("evidence-type-unsupported", "Evidence must be a JPG, PNG, PDF or TIFF file; this file's content is none of them.", {
      extensions: { acceptedTypes: Object.values(CONTENT_TYPES) },
    });
  }
  const fitting = isPhotoToFit(kind, bytes.byteLength);
  const maxBytes = kind === "jpg" || kind === "png" ? PHOTO_MAX_BYTES : EVIDENCE_LIMITS.maxBytes[kind];
  if (bytes.byteLength > maxBytes) {
    throw new ApiError(
      "evidence-too-large",
      `A ${kind.toUpperCase()} file may be at most ${maxBytes} bytes; this one is ${bytes.byteLength}.`,
      { extensions: { maxBytes } },
    );
  }
  const sha256 = hex(await crypto.subtle.digest("SHA-256", bytes));
  const existing = await db
    .select()
    .from(disputeEvidence)
    .where(and(eq(disputeEvidence.disputeId, disputeId), eq(disputeEvidence.sha256, sha256)))
    .get();
  if (existing && !NOT_COUNTED.includes(existing.state)) {
    const current = existing.state === "pending" ? await uploadEvidence({ ctx, input: { evidenceId: existing.id } }) : existing;
    return { evidence: current, created: false };
  }
  const full = await limitProblem(ctx, disputeId, existing?.id ?? null);
  if (full) throw full;

  const fileName = file.name.slice(0, 255) || `evidence.${kind}`;
  const contentType = CONTENT_TYPES[kind];
  const r2Key = r2KeyOf(tenantId, disputeId, sha256);
  // The photo is fitted before anything is stored: one that cannot be read leaves nothing behind.
  const fitted = fitting ? await fitPhoto(ctx.env.IMAGES, bytes) : null;
  const sent = fitted
    ? {
        sentKind: "pdf" as const,
        sentSizeBytes: fitted.pdf.byteLength,
        sentWidthPx: fitted.widthPx,
        sentHeightPx: fitted.heightPx,
        sentR2Key: `${r2Key}.sent.pdf`,
      }
    : { sentKind: null, sentSizeBytes: null, sentWidthPx: null, sentHeightPx: null, sentR2Key: null };
  await ctx.env.EVIDENCE.put(r2Key, bytes, {
    sha256,
    httpMetadata: { contentType },
    customMetadata: { fileName, contentType, sizeBytes: String(bytes.byteLength), sha256, tenantId, disputeId },
  });
  if (fitted && sent.sentR2Key) {
    await ctx.env.EVIDENCE.put(sent.sentR2Key, fitted.pdf, {
      httpMetadata: { contentType: CONTENT_TYPES.pdf },
      customMetadata: { fittedFrom: sha256, tenantId, disputeId },
    });
  }
  const uploadKind = sent.sentKind ?? kind;

  const now = ctx.clock.nowIso();
  const evidenceId = existing?.id ?? newId("lcevd");
  const generation = existing ? existing.generation + 1 : 1;
  const fits = roomFor(disputeId, existing?.id ?? null);
  const written = existing
    ? await db
        .update(disputeEvidence)
        .set({
          state: "pending",
          fileName,
          generation,
          uploadName: uploadNameOf(fileName, uploadKind, sha256, generation),
          ...sent,
          processorEvidenceId: null,
          processorUpdatedAt: null,
          failureCode: null,
          failureMessage: null,
          uploadAttempts: 0,
          uploadLeaseUntil: null,
          updatedAt: now,
        })
        .where(and(eq(disputeEvidence.id, existing.id), inArray(disputeEvidence.state, NOT_COUNTED), fits))
        .returning({ id: disputeEvidence.id })
    : await db
        .insert(disputeEvidence)
        .select(
          db
            .select(
              insertSelectFields(disputeEvidence, {
                id: evidenceId,
                tenantId,
                disputeId,
                sha256,
                fileName,
                uploadName: uploadNameOf(fileName, uploadKind, sha256, generation),
                generation,
                contentType,
                kind,
                sizeBytes: bytes.byteLength,
                r2Key,
                ...sent,
                state: "pending",
                createdAt: now,
                updatedAt: now,
              }),
            )
            .from(sql`(SELECT 1)`)
            .where(fits),
        )
        .onConflictDoNothing()
        .returning({ id: disputeEvidence.id });
  if (written.length === 0) {
    // A concurrent request stored the same content, or filled the dispute (or submitted it) first.
    const same = await db
      .select()
      .from(disputeEvidence)
      .where(
        and(eq(disputeEvidence.disputeId, disputeId), eq(disputeEvidence.sha256, sha256), notInArray(disputeEvidence.state, NOT_COUNTED)),
      )
      .get();
    if (same) return { evidence: same, created: false };
    if (!existing) await ctx.env.EVIDENCE.delete(sent.sentR2Key ? [r2Key, sent.sentR2Key] : r2Key);
    assertTakesResponse(await getDispute({ ctx, input: { disputeId } }), ctx.clock.nowMs());
    throw (await limitProblem(ctx, disputeId, existing?.id ?? null)) ?? new ApiError("conflict", "The dispute changed meanwhile; retry.");
  }

  const evidence = await uploadEvidence({ ctx, input: { evidenceId } });
  if (evidence.state === "failed") {
    throw new ApiError("processor-rejected", evidence.failureMessage || "The processor refused the file.", {
      extensions: { code: evidence.failureCode, lcEvidenceId: evidence.id, outcomeUnknown: false },
    });
  }
  return { evidence, created: true };
}

/**
 * evidence.created / evidence.updated: the processor's view of an uploaded file. Found by its evidence id, or — when the
 * webhook outruns the upload's own answer — by the name the upload gave it. `evidence.updated` is sent to the tenant when
 * the processor accepts, rejects or cancels the file.
 */
export async function applyEvidenceEvent({
  ctx,
  input: evidence,
}: {
  ctx: ShardContext;
  input: Partial<DisputeEvidence> & Pick<DisputeEvidence, "id" | "state">;
}): Promise<"applied" | "ignored"> {
  const { db } = ctx;
  const byId = await db.select().from(disputeEvidence).where(eq(disputeEvidence.processorEvidenceId, evidence.id)).get();
  const dispute = evidence.dispute
    ? await db.select().from(disputes).where(eq(disputes.processorDisputeId, evidence.dispute)).get()
    : undefined;
  const uploadName = evidence.tags?.["file-name"];
  const row =
    byId ??
    (dispute && uploadName
      ? await db
          .select()
          .from(disputeEvidence)
          .where(
            and(
              eq(disputeEvidence.disputeId, dispute.id),
              eq(disputeEvidence.uploadName, uploadName),
              isNull(disputeEvidence.processorEvidenceId),
            ),
          )
          .get()
      : undefined);
  if (!row || (evidence.merchant && dispute && evidence.merchant !== dispute.processorMerchantId)) return "ignored";
  const nowIso = ctx.clock.nowIso();
  const processorUpdatedAt = isoInstant(evidence.updated_at, nowIso);
  if (row.processorUpdatedAt && row.processorUpdatedAt >= processorUpdatedAt) return "ignored";
  const state = PROCESSOR_STATES[evidence.state];
  const token = newId("chg");
  const [applied] = await db.batch([
    db
      .update(disputeEvidence)
      .set({
        processorEvidenceId: evidence.id,
        state,
        processorUpdatedAt,
        failureMessage: state === "failed" ? REJECTED_AFTER_REVIEW : row.failureMessage,
        changeToken: token,
        syncedAt: nowIso,
        updatedAt: nowIso,
      })
      .where(
        and(
          eq(disputeEvidence.id, row.id),
          or(isNull(disputeEvidence.processorUpdatedAt), lt(disputeEvidence.processorUpdatedAt, processorUpdatedAt)),
        ),
      )
      .returning({ id: disputeEvidence.id }),
    ...(state !== row.state && state !== "processing"
      ? [
          evidenceEvent(ctx, {
            evidenceId: row.id,
            onlyIf: sql`EXISTS (SELECT 1 FROM dispute_evidence WHERE id = ${row.id} AND change_token = ${token})`,
          }),
        ]
      : []),
  ]);
  return applied.length > 0 ? "applied" : "ignored";
}

/**
 * One of a tenant's evidence files as stored (R2), to open it: another tenant's, another dispute's or a missing one is
 * 404 alike. The type is the one read from the content at upload, never the name's or the uploader's claim.
 */
export async function openEvidence({
  ctx,
  input: { disputeId, evidenceId },
}: {
  ctx: TenantContext;
  input: { disputeId: string; evidenceId: string };
}): Promise<{ evidence: EvidenceRecord; body: ReadableStream; sizeBytes: number }> {
  const tenantId = ctx.tenant.id;
  const evidence = await ctx.db
    .select()
    .from(disputeEvidence)
    .where(and(eq(disputeEvidence.id, evidenceId), eq(disputeEvidence.disputeId, disputeId), eq(disputeEvidence.tenantId, tenantId)))
    .get();
  if (!evidence) throw new ApiError("not-found", `No evidence ${evidenceId} on dispute ${disputeId}.`);
  const stored = await ctx.env.EVIDENCE.get(evidence.r2Key);
  if (!stored) throw new ApiError("not-found", `Evidence ${evidenceId} is no longer stored.`);
  return { evidence, body: stored.body, sizeBytes: stored.size };
}
