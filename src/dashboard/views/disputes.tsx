import type { FC } from "hono/jsx";

import {
  DISPUTE_NOTE_MAX_CHARS,
  type DisputeRecord,
  type DisputeState,
  type EvidenceRecord,
  type EvidenceState,
  type ResponseState,
  responseWindow,
} from "../../disputes";
import { Badge, RecordLink, Time, type Tone } from "./components/display";
import { ErrorSummary, FilterSelect, PostForm } from "./components/forms";
import { FilteredList } from "./components/list";
import { type Column, Table } from "./components/table";
import { formatMoney, words } from "./format";

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

const STATE_TONES: Record<DisputeState, Tone> = { inquiry: "warn", open: "bad", won: "good", lost: "bad" };
const EVIDENCE_TONES: Record<EvidenceState, Tone> = {
  pending: "warn",
  processing: "neutral",
  succeeded: "good",
  failed: "bad",
  canceled: "neutral",
};
const SUBMISSION_LABELS: Record<DisputeRecord["submission"], string> = {
  none: "Not submitted",
  pending: "Submitted — waiting for the processor's answer",
  submitted: "Submitted",
};

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;

/** How long the merchant still has to answer, as people say it: "3 days left", "5 hours left", "overdue", "closed". */
export function timeToRespond(dispute: DisputeRecord, nowMs: number): { label: string; tone: Tone } {
  const window = responseWindow(dispute, nowMs);
  if (window === "submitted") return { label: "responded", tone: "neutral" };
  if (window === "accepted") return { label: "accepted", tone: "neutral" };
  const deadlineMs = dispute.respondBy ? Date.parse(dispute.respondBy) : null;
  if (window === "closed") {
    const missed = deadlineMs !== null && deadlineMs <= nowMs && dispute.state !== "won" && dispute.state !== "lost";
    return missed ? { label: "overdue", tone: "bad" } : { label: "closed", tone: "neutral" };
  }
  if (deadlineMs === null) return { label: "open, no deadline given", tone: "warn" };
  const leftMs = deadlineMs - nowMs;
  if (leftMs >= DAY_MS) return { label: `${plural(Math.floor(leftMs / DAY_MS), "day")} left`, tone: leftMs < 4 * DAY_MS ? "bad" : "warn" };
  return { label: `${plural(Math.ceil(leftMs / HOUR_MS), "hour")} left`, tone: "bad" };
}

const TimeToRespond: FC<{ dispute: DisputeRecord; nowMs: number }> = ({ dispute, nowMs }) => {
  const { label, tone } = timeToRespond(dispute, nowMs);
  return <Badge tone={tone}>{label}</Badge>;
};

export const DisputeStateBadge: FC<{ state: DisputeState }> = ({ state }) => <Badge tone={STATE_TONES[state]}>{state}</Badge>;

export type DisputeFilters = { state?: DisputeState | undefined; responseState?: ResponseState | undefined };

export const DisputesPage: FC<{
  states: readonly DisputeState[];
  responseStates: readonly ResponseState[];
  filters: DisputeFilters;
  disputes: DisputeRecord[];
  nextCursor: string;
  nowMs: number;
  filterError?: string | undefined;
}> = ({ states, responseStates, filters, disputes, nextCursor, nowMs, filterError }) => (
  <FilteredList
    path="/dashboard/disputes"
    filters={filters}
    filterError={filterError}
    rows={disputes}
    columns={disputeColumns(nowMs)}
    empty={{ title: "No disputes", text: "When a buyer disputes a payment, it appears here with the time left to respond." }}
    emptyFiltered={{ title: "No disputes match these filters", text: "Clear the filters to see every dispute." }}
    cursor={nextCursor}
    more="Older disputes →"
  >
    <FilterSelect name="state" label="State" values={states} selected={filters.state} />
    <FilterSelect name="responseState" label="Response" values={responseStates} selected={filters.responseState} display={words} />
  </FilteredList>
);

const disputeColumns = (nowMs: number): Column<DisputeRecord>[] => [
  { header: "Opened", cell: (dispute) => <Time iso={dispute.createdAt} /> },
  {
    header: "Dispute",
    cell: (dispute) => <RecordLink section="disputes" id={dispute.id} />,
  },
  {
    header: "Payment",
    cell: (dispute) => <RecordLink section="payments" id={dispute.paymentId} />,
  },
  { header: "Reason", cell: (dispute) => dispute.reason ?? "—" },
  { header: "Amount", class: "num", cell: (dispute) => formatMoney(dispute.amountCents, dispute.currency) },
  { header: "State", cell: (dispute) => <DisputeStateBadge state={dispute.state} /> },
  { header: "Response", cell: (dispute) => words(dispute.responseState) },
  { header: "Time to respond", cell: (dispute) => <TimeToRespond dispute={dispute} nowMs={nowMs} /> },
];

/** Each file opens (downloads) from the dashboard's own copy, whatever the processor made of it. */
const evidenceColumns = (disputeId: string): Column<EvidenceRecord>[] => [
  {
    header: "File",
    cell: (file) => (
      <a class="evidence-file" href={`/dashboard/disputes/${disputeId}/evidence/${file.id}`}>
        {file.fileName}
      </a>
    ),
  },
  { header: "Type", cell: (file) => file.contentType },
  { header: "Size", class: "num", cell: (file) => `${file.sizeBytes.toLocaleString("en-US")} bytes` },
  {
    header: "Sent to the processor",
    cell: (file) =>
      file.sentKind === null ? (
        "The file as it is"
      ) : (
        <span class="evidence-sent">
          A PDF of the photo, {file.sentWidthPx}×{file.sentHeightPx} px, {(file.sentSizeBytes ?? 0).toLocaleString("en-US")} bytes
        </span>
      ),
  },
  { header: "Uploaded", cell: (file) => <Time iso={file.createdAt} /> },
  {
    header: "State",
    cell: (file) => (
      <>
        <Badge tone={EVIDENCE_TONES[file.state]}>{file.state}</Badge>
        {file.failureMessage ? <span class="muted small"> {file.failureMessage}</span> : null}
      </>
    ),
  },
];

/** The optional note sent with a submission or an acceptance: up to the processor's limit, a standard one if empty. */
const NoteField: FC<{ name: string; label: string; rows: number; value: string | undefined }> = ({ name, label, rows, value }) => (
  <div class="field">
    <label for={name}>{label}</label>
    <p class="hint" id={`${name}-hint`}>
      Up to {DISPUTE_NOTE_MAX_CHARS.toLocaleString("en-US")} characters. A standard note is sent when left empty.
    </p>
    <textarea id={name} name={name} rows={rows} maxlength={DISPUTE_NOTE_MAX_CHARS} aria-describedby={`${name}-hint`}>
      {value ?? ""}
    </textarea>
  </div>
);

export const DisputePage: FC<{
  dispute: DisputeRecord;
  evidence: EvidenceRecord[];
  nowMs: number;
  limits: { maxFiles: number };
  fileError?: string | undefined;
  submitError?: string | undefined;
  note?: string | undefined;
  acceptError?: string | undefined;
  acceptNote?: string | undefined;
}> = ({ dispute, evidence, nowMs, limits, fileError, submitError, note, acceptError, acceptNote }) => {
  const answer = responseWindow(dispute, nowMs);
  const open = answer === "open";
  const counted = evidence.filter((file) => file.state !== "failed" && file.state !== "canceled").length;
  return (
    <>
      <p>
        <a href="/dashboard/disputes">← All disputes</a>
      </p>
      <section class="card dispute-detail">
        <dl class="facts">
          <dt>Payment</dt>
          <dd>
            <RecordLink section="payments" id={dispute.paymentId} />
            {dispute.orderRef ? ` (order ${dispute.orderRef})` : ""}
          </dd>
          <dt>Disputed amount</dt>
          <dd>{formatMoney(dispute.amountCents, dispute.currency)}</dd>
          <dt>Reason</dt>
          <dd>
            {dispute.reason ?? "—"}
            {dispute.reasonCode ? ` (code ${dispute.reasonCode})` : ""}
          </dd>
          <dt>State</dt>
          <dd>
            <DisputeStateBadge state={dispute.state} /> {words(dispute.responseState)}
          </dd>
          <dt>Respond by</dt>
          <dd>
            <Time iso={dispute.respondBy} /> <TimeToRespond dispute={dispute} nowMs={nowMs} />
          </dd>
          <dt>Submission</dt>
          <dd>
            {SUBMISSION_LABELS[dispute.submission]}
            {dispute.submittedAt ? (
              <>
                {" "}
                on <Time iso={dispute.submittedAt} />
              </>
            ) : null}
          </dd>
          {answer === "accepted" ? (
            <>
              <dt>Accepted</dt>
              <dd>
                <Acceptance dispute={dispute} />
              </dd>
            </>
          ) : null}
          <dt>Processor dispute</dt>
          <dd class="mono">{dispute.processorDisputeId}</dd>
          <dt>Opened</dt>
          <dd>
            <Time iso={dispute.createdAt} />
          </dd>
        </dl>
      </section>
      <section class="card" aria-labelledby="evidence-heading">
        <h2 id="evidence-heading">Evidence</h2>
        {evidence.length === 0 ? <p class="muted">No evidence yet.</p> : <Table rows={evidence} columns={evidenceColumns(dispute.id)} />}
        {/* An upload from a page opened before the dispute stopped taking evidence: the form is gone, its refusal is not. */}
        {open ? null : <ErrorSummary message={fileError} />}
        {open ? (
          <PostForm
            action={`/dashboard/disputes/${dispute.id}/evidence`}
            enctype="multipart/form-data"
            class="stack"
            labelledBy="upload-heading"
          >
            <h3 id="upload-heading">Upload evidence</h3>
            <div class={fileError ? "field has-error" : "field"}>
              <label for="file">Evidence file</label>
              <p class="hint" id="file-hint">
                A photo (JPG or PNG) up to 20 MB — one over the processor's 50 KB is sent as a PDF of it, within its 1 MB, and kept as you
                sent it — or a PDF or TIFF up to 1 MB; at most {limits.maxFiles} files per dispute ({counted} so far).
              </p>
              {fileError ? (
                <p class="field-error" id="file-error">
                  {fileError}
                </p>
              ) : null}
              <input
                id="file"
                name="file"
                type="file"
                accept=".jpg,.jpeg,.png,.pdf,.tif,.tiff,image/jpeg,image/png,application/pdf,image/tiff"
                required
                aria-invalid={fileError ? "true" : undefined}
                aria-describedby={fileError ? "file-hint file-error" : "file-hint"}
              />
            </div>
            <button type="submit" class="button secondary">
              Upload
            </button>
          </PostForm>
        ) : null}
      </section>
      <section class="card" aria-labelledby="submit-heading">
        <h2 id="submit-heading">Submit your response</h2>
        <ErrorSummary message={submitError} />
        {open ? (
          <PostForm
            action={`/dashboard/disputes/${dispute.id}/submit`}
            class="stack"
            confirm="Submit the evidence now? A dispute is answered once: no files can be added afterwards."
          >
            <NoteField name="note" label="Note for the issuer (optional)" rows={4} value={note} />
            <button type="submit" class="button danger">
              Submit response
            </button>
          </PostForm>
        ) : (
          <p class="muted">{CLOSED_WORDS[answer]}</p>
        )}
      </section>
      {open || acceptError ? (
        <section class="card dispute-accept" aria-labelledby="accept-heading">
          <h2 id="accept-heading">Or accept the dispute</h2>
          <p>
            If you will not contest it — you refunded the buyer yourself, say — accept it. The disputed amount stays with the buyer, and the
            dispute takes no evidence and no response afterwards.
          </p>
          <ErrorSummary message={acceptError} />
          {open ? (
            <PostForm
              action={`/dashboard/disputes/${dispute.id}/accept`}
              class="stack"
              confirm="Accept this dispute? You concede it: the amount stays with the buyer, and no evidence or response can be sent afterwards."
            >
              <NoteField name="acceptNote" label="Note for the processor (optional)" rows={2} value={acceptNote} />
              <button type="submit" class="button danger">
                Accept dispute
              </button>
            </PostForm>
          ) : null}
        </section>
      ) : null}
    </>
  );
};

/** Why a dispute takes no response, where the form would be. */
const CLOSED_WORDS: Record<ReturnType<typeof responseWindow>, string> = {
  open: "",
  submitted: "The response was submitted; it is answered once.",
  accepted: "You accepted this dispute: it takes no evidence and no response.",
  closed: "This dispute no longer takes a response.",
};

/** The acceptance as it stands: sent and waiting for the processor, taken (when), or made at the processor directly. */
const Acceptance: FC<{ dispute: DisputeRecord }> = ({ dispute }) => {
  if (dispute.acceptance === "pending") return <>Accepted — waiting for the processor's answer</>;
  if (dispute.acceptance === "accepted") {
    return (
      <>
        Yes, on <Time iso={dispute.acceptedAt} />
      </>
    );
  }
  return <>Yes, at the processor</>;
};
