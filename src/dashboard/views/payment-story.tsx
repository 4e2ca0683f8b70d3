import type { Child, FC } from "hono/jsx";

import type { SubjectDelivery, SubjectEvent } from "../../callbacks";
import type { DisputeRecord } from "../../disputes";
import { operationLabel, type PaymentProcessorCall, type PaymentRecord, processorCallsOf, type RefundRecord } from "../../payments";
import type { PaymentPayoutItem } from "../../payouts";
import { Badge, RecordLink, Time, type Tone } from "./components/display";
import { type Column, Table } from "./components/table";
import { DisputeStateBadge } from "./disputes";
import { formatMoney, formatTime, words } from "./format";
import { isChargebackReversal, PayoutStatusBadge } from "./payouts";

/** Everything a payment's page tells besides the row itself: its refunds, disputes, payouts and events. */
export type PaymentStory = {
  refunds: RefundRecord[];
  disputes: DisputeRecord[];
  payoutItems: PaymentPayoutItem[];
  history: { events: SubjectEvent[]; hasMore: boolean; archivedBefore: string };
  nowMs: number;
};

const CARD_BRANDS: Record<string, string> = {
  VISA: "Visa",
  MASTERCARD: "Mastercard",
  AMERICAN_EXPRESS: "American Express",
  DISCOVER: "Discover",
  DINERS_CLUB: "Diners Club",
  JCB: "JCB",
  CHINA_UNION_PAY: "UnionPay",
};

/** "VISA" → "Visa"; a brand this table does not know, in words. */
export const cardBrandName = (brand: string) =>
  CARD_BRANDS[brand] ?? words(brand.toLowerCase()).replace(/\b\w/g, (letter) => letter.toUpperCase());

/** How a payment was paid, as its page and lists say it: "Visa •••• 4242", "Bank account •••• 0001 (checking)", "In person, Visa •••• 0006". */
export function methodLabel(payment: Pick<PaymentRecord, "method" | "cardBrand" | "lastFour" | "bankAccountType">): string {
  const ending = payment.lastFour ? ` •••• ${payment.lastFour}` : "";
  switch (payment.method) {
    case "ach":
      return `Bank account${ending}${payment.bankAccountType ? ` (${payment.bankAccountType.toLowerCase()})` : ""}`;
    case "card":
      return `${payment.cardBrand ? cardBrandName(payment.cardBrand) : "Card"}${ending}`;
    case "card_present":
      return `In person, ${payment.cardBrand ? cardBrandName(payment.cardBrand) : "card"}${ending}`;
    default:
      return "—";
  }
}

const REFUND_TONES: Record<RefundRecord["status"], Tone> = { pending: "warn", succeeded: "good", failed: "bad" };

/** The fee a refund gives back: not asked, being credited, credited, or given up. */
const FeeReturned: FC<{ refund: RefundRecord; currency: string }> = ({ refund, currency }) => {
  const amount = formatMoney(refund.applicationFeeRefundCents, currency);
  switch (refund.feeCreditStatus) {
    case "succeeded":
      return <>{amount}</>;
    case "pending":
      return (
        <>
          {amount} <Badge tone="warn">being credited</Badge>
        </>
      );
    case "failed":
      return (
        <>
          {amount} <Badge tone="bad">not credited</Badge>
          {refund.feeCreditFailureCode ? <span class="muted small"> {refund.feeCreditFailureCode}</span> : null}
        </>
      );
    default:
      return <span class="muted">{refund.refundApplicationFee ? "none" : "not asked"}</span>;
  }
};

const refundColumns = (currency: string): Column<RefundRecord>[] => [
  { header: "Requested", cell: (refund) => <Time iso={refund.createdAt} /> },
  { header: "Amount", class: "num", cell: (refund) => formatMoney(refund.amountCents, currency) },
  { header: "Fee returned", cell: (refund) => <FeeReturned refund={refund} currency={currency} /> },
  { header: "Reason", cell: (refund) => (refund.reason ? words(refund.reason) : "—") },
  {
    header: "Status",
    cell: (refund) => (
      <>
        <Badge tone={REFUND_TONES[refund.status]}>{refund.status}</Badge>
        {refund.failureCode ? <span class="muted small"> {refund.failureCode}</span> : null}
      </>
    ),
  },
  { header: "Refund", class: "mono", cell: (refund) => <span class="small">{refund.id}</span> },
];

export const RefundsSection: FC<{ payment: PaymentRecord; refunds: RefundRecord[] }> = ({ payment, refunds }) => (
  <section class="card" aria-labelledby="refunds-heading">
    <h2 id="refunds-heading">Refunds</h2>
    {refunds.length === 0 ? (
      <p class="muted">No refunds.</p>
    ) : (
      <Table rows={refunds} columns={refundColumns(payment.currency)} rowAttributes={(refund) => ({ "data-refund": refund.id })} />
    )}
  </section>
);

const processorCallColumns: Column<PaymentProcessorCall>[] = [
  { header: "Call", cell: (call) => operationLabel(call.operation) },
  { header: "Time", cell: (call) => <Time iso={call.atUtc} /> },
  { header: "Processor request id", class: "mono", cell: (call) => <span class="small">{call.processorRequestId}</span> },
];

/** The processor's request id of each call made for this payment: what support at the processor looks a call up by. */
export const ProcessorCallsSection: FC<{ payment: PaymentRecord }> = ({ payment }) => {
  const calls = processorCallsOf(payment);
  return (
    <section class="card" aria-labelledby="processor-calls-heading">
      <h2 id="processor-calls-heading">Processor requests</h2>
      {calls.length === 0 ? (
        <p class="muted">No processor request recorded for this payment.</p>
      ) : (
        <>
          <Table
            rows={calls}
            columns={processorCallColumns}
            rowAttributes={(call) => ({ "data-processor-request": call.processorRequestId })}
          />
          <p class="muted small">Quote a request id to the processor's support: each names one call in its API logs.</p>
        </>
      )}
    </section>
  );
};

export const DisputesSection: FC<{ disputes: DisputeRecord[] }> = ({ disputes }) => (
  <section class="card" aria-labelledby="dispute-heading">
    <h2 id="dispute-heading">Dispute</h2>
    {disputes.length === 0 ? (
      <p class="muted">No dispute.</p>
    ) : (
      <ul class="plain">
        {disputes.map((dispute) => (
          <li>
            <RecordLink section="disputes" id={dispute.id} /> <DisputeStateBadge state={dispute.state} />
            <br />
            <span class="small">
              {formatMoney(dispute.amountCents, dispute.currency)} · {dispute.reason ?? "no reason given"} · opened{" "}
              <Time iso={dispute.createdAt} />
              {dispute.respondBy && dispute.submission === "none" ? (
                <>
                  {" "}
                  · respond by <Time iso={dispute.respondBy} />
                </>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    )}
  </section>
);

const PAYOUT_ITEM_LABELS: Record<PaymentPayoutItem["item"]["type"], string> = {
  payment: "The sale",
  refund: "A refund",
  fee_refund: "A fee returned",
  dispute: "A chargeback",
  adjustment: "An adjustment",
};

export const PayoutsSection: FC<{ items: PaymentPayoutItem[] }> = ({ items }) => (
  <section class="card" aria-labelledby="payout-heading">
    <h2 id="payout-heading">Payout</h2>
    {items.length === 0 ? (
      <p class="muted">Not in a payout yet: it is listed here once its settlement closes.</p>
    ) : (
      <ul class="plain">
        {items.map(({ item, payout }) => (
          <li>
            {isChargebackReversal(item) ? "The chargeback reversed (dispute won)" : PAYOUT_ITEM_LABELS[item.type]}:{" "}
            {formatMoney(item.amountCents, payout.currency)}, net {formatMoney(item.netCents, payout.currency)}
            <br />
            <span class="small">
              in <RecordLink section="payouts" id={payout.id} /> <PayoutStatusBadge status={payout.status} />
              {payout.expectedArrivalDate ? ` · expected ${payout.expectedArrivalDate}` : ""}
            </span>
          </li>
        ))}
      </ul>
    )}
  </section>
);

/** One line of the story, at its instant; `order` keeps entries of the same instant in the order they happened. */
type Entry = { at: string; order: number; title: Child; detail?: Child; kind: "ledger" | "event" };

/** The few fields of an event body a person reads first: its status or state, and an amount. */
function eventSummary(event: SubjectEvent, currency: string): string {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(event.payload) as Record<string, unknown>;
  } catch {
    return "";
  }
  const parts: string[] = [];
  for (const field of ["status", "state", "responseState"]) {
    if (typeof body[field] === "string") parts.push(words(body[field]));
  }
  if (typeof body.amountCents === "number" && event.type !== "transfer.updated") parts.push(formatMoney(body.amountCents, currency));
  if (typeof body.failureCode === "string") parts.push(body.failureCode);
  return parts.join(" · ");
}

const DELIVERY_TONES: Record<SubjectDelivery["status"], Tone> = { pending: "warn", delivered: "good", failed: "bad", canceled: "neutral" };

const attemptOutcome = (attempt: SubjectDelivery["attempts"][number]) =>
  `${attempt.statusCode !== null ? `HTTP ${attempt.statusCode}` : (attempt.error ?? "no answer")} in ${attempt.durationMs} ms`;

const Deliveries: FC<{ deliveries: SubjectDelivery[] }> = ({ deliveries }) =>
  deliveries.length === 0 ? (
    <p class="muted small">Not delivered: no callback endpoint took it.</p>
  ) : (
    <ul class="timeline-deliveries">
      {deliveries.map((delivery) => (
        <li data-delivery={delivery.id}>
          <Badge tone={DELIVERY_TONES[delivery.status]}>{delivery.status}</Badge>{" "}
          <span class="small">
            {delivery.origin === "replay" ? "replay, " : ""}
            {delivery.attempts.length === 0
              ? "not attempted yet"
              : `${delivery.attempts.length} attempt${delivery.attempts.length === 1 ? "" : "s"}`}
            {delivery.status === "pending" && delivery.nextAttemptAt ? `, next ${formatTime(delivery.nextAttemptAt)}` : ""}
          </span>
          {delivery.attempts.length > 0 ? (
            <ol class="attempts">
              {delivery.attempts.map((attempt) => (
                <li>
                  <Time iso={attempt.attemptedAt} /> → <span class="mono">{attempt.url}</span>: {attemptOutcome(attempt)}
                </li>
              ))}
            </ol>
          ) : null}
        </li>
      ))}
    </ul>
  );

/** The payment's story in the order it happened: the ledger's moments, each event with its callback deliveries. */
export const Timeline: FC<{ payment: PaymentRecord; story: PaymentStory }> = ({ payment, story }) => {
  const money = (cents: number) => formatMoney(cents, payment.currency);
  const created: Entry = {
    at: payment.createdAt,
    order: 0,
    kind: "ledger",
    title: `Payment of ${money(payment.amountCents)} created`,
    detail: `${methodLabel(payment)}${payment.orderRef ? ` · order ${payment.orderRef}` : ""}`,
  };
  const entries: Entry[] = [
    created,
    ...story.refunds.map((refund) => ({
      at: refund.createdAt,
      order: 1,
      kind: "ledger" as const,
      title: `Refund of ${money(refund.amountCents)} requested`,
      detail: `${refund.status}${refund.reason ? ` · ${words(refund.reason)}` : ""}`,
    })),
    ...story.disputes.map((dispute) => ({
      at: dispute.createdAt,
      order: 1,
      kind: "ledger" as const,
      title: `Dispute of ${money(dispute.amountCents)} opened`,
      detail: dispute.reason ?? undefined,
    })),
    ...story.history.events.map((event) => ({
      at: event.createdAt,
      order: 2,
      kind: "event" as const,
      title: (
        <>
          Event <code>{event.type}</code> {eventSummary(event, payment.currency)}
        </>
      ),
      detail: (
        <>
          <span class="mono small">{event.id}</span>
          <Deliveries deliveries={event.deliveries} />
        </>
      ),
    })),
  ].sort((a, b) => (a.at === b.at ? a.order - b.order : a.at < b.at ? -1 : 1));
  const olderArchived = payment.createdAt < story.history.archivedBefore;
  return (
    <section class="card" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading">Timeline</h2>
      <p class="muted small">
        What happened to this payment, oldest first: its events, and every callback delivery of each with its attempts.
      </p>
      {story.history.hasMore ? <p class="muted small">Only the latest events are shown; the events API lists every one.</p> : null}
      {olderArchived ? (
        <p class="muted small">
          Events before {formatTime(story.history.archivedBefore)} may be archived: <code>GET /v1/events</code> returns them by day.
        </p>
      ) : null}
      <ol class="timeline">
        {entries.map((entry) => (
          <li class={`timeline-${entry.kind}`}>
            <Time iso={entry.at} />
            <p class="timeline-title">{entry.title}</p>
            {entry.detail ? <div class="timeline-detail">{entry.detail}</div> : null}
          </li>
        ))}
      </ol>
      {story.history.events.length === 0 ? (
        <p class="muted small">
          No events yet: one is recorded when the processor moves the payment later (an ACH debit settling, a dispute).
        </p>
      ) : null}
    </section>
  );
};
