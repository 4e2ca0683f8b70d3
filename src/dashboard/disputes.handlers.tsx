import type { Context } from "hono";
import { z } from "zod";

import {
  acceptDispute,
  addEvidence,
  DISPUTE_NOTE_MAX_CHARS,
  DISPUTE_STATES,
  type DisputeRecord,
  EVIDENCE_LIMITS,
  evidenceDisposition,
  evidenceOf,
  getDispute,
  listDisputes,
  openEvidence,
  RESPONSE_STATES,
  submitDispute,
} from "../disputes";
import { ApiError } from "../lib/problem";
import { auditSignedIn } from "./audit-request";
import { formFields, parseFilters } from "./forms";
import type { SignedInBindings } from "./types";
import { DisputePage, DisputesPage } from "./views/disputes";

type SignedInContext = Context<SignedInBindings>;
type RefusalStatus = 400 | 409 | 413 | 415 | 422 | 502 | 504;

const PAGE_SIZE = 25;

export async function showDisputes(c: SignedInContext) {
  const query = c.req.query();
  const { filters, filterError } = parseFilters(
    query,
    { state: z.enum(DISPUTE_STATES), responseState: z.enum(RESPONSE_STATES) },
    { responseState: "response" },
  );

  const { data, nextCursor } = await listDisputes({
    ctx: c.get("ctx"),
    input: {
      query: { limit: PAGE_SIZE, ...filters, ...(query.cursor ? { cursor: query.cursor } : {}) },
    },
  });
  return c.render(
    <DisputesPage
      states={DISPUTE_STATES}
      responseStates={RESPONSE_STATES}
      filters={filters}
      disputes={data}
      nextCursor={nextCursor}
      nowMs={c.get("ctx").clock.nowMs()}
      filterError={filterError}
    />,
    { title: "Disputes" },
  );
}

const ownDispute = (c: SignedInContext) => getDispute({ ctx: c.get("ctx"), input: { disputeId: c.req.param("disputeId") ?? "" } });

async function disputePage(
  c: SignedInContext,
  dispute: DisputeRecord,
  shown: {
    fileError?: string;
    submitError?: string;
    note?: string | undefined;
    acceptError?: string;
    acceptNote?: string | undefined;
  } = {},
) {
  const ctx = c.get("ctx");
  const evidence = await evidenceOf({ ctx, input: { disputeIds: [dispute.id] } });
  return c.render(
    <DisputePage
      dispute={dispute}
      evidence={evidence.get(dispute.id) ?? []}
      nowMs={ctx.clock.nowMs()}
      limits={EVIDENCE_LIMITS}
      {...shown}
    />,
    { title: `Dispute ${dispute.id}` },
  );
}

export async function showDispute(c: SignedInContext) {
  return disputePage(c, await ownDispute(c));
}

/** The API's refusals of an upload or a submission, with the status the page answers with. */
const REFUSALS: Partial<Record<ApiError["slug"], RefusalStatus>> = {
  "validation-failed": 400,
  "evidence-type-unsupported": 415,
  "evidence-too-large": 413,
  "evidence-limit-reached": 422,
  "dispute-already-submitted": 409,
  "dispute-accepted": 409,
  "dispute-closed": 409,
  "dispute-evidence-required": 409,
  "dispute-evidence-uploading": 409,
  "processor-rejected": 422,
  "processor-error": 502,
  "processor-timeout": 504,
};

const refusalOf = (error: unknown) => (error instanceof ApiError ? REFUSALS[error.slug] : undefined);

/** Where the API's wording speaks to a program, the page speaks to a person. */
const WORDING: Partial<Record<ApiError["slug"], string>> = {
  "validation-failed": "The file is empty. Choose the file again.",
  "dispute-evidence-required": "Upload at least one evidence file before submitting.",
  "dispute-evidence-uploading": "A file is still on its way to the processor; submit again in a few seconds.",
};
const messageOf = (error: ApiError) => WORDING[error.slug] ?? error.message;

export async function uploadEvidence(c: SignedInContext) {
  const dispute = await ownDispute(c);
  const body = await c.req.parseBody({ all: true });
  const again = (fileError: string, status: RefusalStatus, shown: DisputeRecord = dispute) => {
    c.status(status);
    return disputePage(c, shown, { fileError });
  };
  const part = body.file;
  if (Array.isArray(part)) return again("Upload one file at a time.", 400);
  // A browser sends an empty, nameless part when no file was chosen.
  if (!(part instanceof File) || (part.size === 0 && part.name === "")) return again("Choose a file to upload.", 400);

  try {
    const { evidence, created } = await addEvidence({
      ctx: c.get("ctx"),
      input: { disputeId: dispute.id, file: part },
    });
    if (!created) return c.redirect(`/dashboard/disputes/${dispute.id}?notice=evidence-known`, 303);
    await auditSignedIn(c, "dispute.evidence_uploaded", `${dispute.id}: ${evidence.fileName} (${evidence.id})`);
  } catch (error) {
    const status = refusalOf(error);
    if (!status || !(error instanceof ApiError)) throw error;
    return again(messageOf(error), status, await ownDispute(c));
  }
  return c.redirect(`/dashboard/disputes/${dispute.id}?notice=evidence-uploaded`, 303);
}

/** A note field of the dispute page's forms: empty sends the standard note. */
const FormNote = z
  .string()
  .trim()
  .max(DISPUTE_NOTE_MAX_CHARS, `Keep the note to ${DISPUTE_NOTE_MAX_CHARS.toLocaleString("en-US")} characters.`)
  .default("");

const SubmitForm = z.object({ note: FormNote });

export async function submitResponse(c: SignedInContext) {
  const dispute = await ownDispute(c);
  const form = await formFields(c);
  const parsed = SubmitForm.safeParse(form);
  const again = (submitError: string, status: RefusalStatus, shown: DisputeRecord = dispute) => {
    c.status(status);
    return disputePage(c, shown, { submitError, note: form.note });
  };
  if (!parsed.success) return again(parsed.error.issues[0]!.message, 400);

  try {
    await submitDispute({
      ctx: c.get("ctx"),
      input: {
        disputeId: dispute.id,
        ...(parsed.data.note ? { note: parsed.data.note } : {}),
        idempotency: null,
      },
    });
    await auditSignedIn(c, "dispute.submitted", dispute.id);
  } catch (error) {
    const status = refusalOf(error);
    if (!status || !(error instanceof ApiError)) throw error;
    return again(messageOf(error), status, await ownDispute(c));
  }
  return c.redirect(`/dashboard/disputes/${dispute.id}?notice=dispute-submitted`, 303);
}

const AcceptForm = z.object({ acceptNote: FormNote });

/** Accepting concedes the dispute: the same service as `POST /v1/disputes/{id}/accept`, audited when it accepted. */
export async function acceptResponse(c: SignedInContext) {
  const dispute = await ownDispute(c);
  const form = await formFields(c);
  const parsed = AcceptForm.safeParse(form);
  const again = (acceptError: string, status: RefusalStatus, shown: DisputeRecord = dispute) => {
    c.status(status);
    return disputePage(c, shown, { acceptError, acceptNote: form.acceptNote });
  };
  if (!parsed.success) return again(parsed.error.issues[0]!.message, 400);

  try {
    const { accepted } = await acceptDispute({
      ctx: c.get("ctx"),
      input: { disputeId: dispute.id, note: parsed.data.acceptNote || undefined },
    });
    if (accepted) await auditSignedIn(c, "dispute.accepted", dispute.id);
  } catch (error) {
    const status = refusalOf(error);
    if (!status || !(error instanceof ApiError)) throw error;
    return again(messageOf(error), status, await ownDispute(c));
  }
  return c.redirect(`/dashboard/disputes/${dispute.id}?notice=dispute-accepted`, 303);
}

/**
 * An uploaded evidence file, opened from the dispute's page: streamed from R2 as a download under a safe name, with the
 * type read from its content at upload, never sniffed, never cached (the dashboard's headers add `no-store`).
 */
export async function downloadEvidence(c: SignedInContext) {
  const dispute = await ownDispute(c);
  const { evidence, body, sizeBytes } = await openEvidence({
    ctx: c.get("ctx"),
    input: { disputeId: dispute.id, evidenceId: c.req.param("evidenceId") ?? "" },
  });
  return c.body(body, 200, {
    "Content-Type": evidence.contentType,
    "Content-Length": String(sizeBytes),
    "Content-Disposition": evidenceDisposition(evidence.fileName, evidence.kind),
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
}
