import type { FC } from "hono/jsx";

import {
  isRefundableStatus,
  netCents,
  type PaymentRecord,
  type PaymentSearchResult,
  type PaymentSearchTerm,
  type PaymentStatus,
  refundableCents,
  saleFeeCents,
} from "../../payments";
import { Badge, EmptyState, RecordLink, Time, type Tone } from "./components/display";
import { ErrorSummary, Field, FilterSelect, PostForm } from "./components/forms";
import { FilteredList, NextPageLink } from "./components/list";
import { type Column, Table } from "./components/table";
import { formatMoney, words } from "./format";
import {
  DisputesSection,
  methodLabel,
  type PaymentStory,
  PayoutsSection,
  ProcessorCallsSection,
  RefundsSection,
  Timeline,
} from "./payment-story";

const STATUS_TONES: Record<PaymentStatus, Tone> = {
  succeeded: "good",
  processing: "warn",
  authorized: "warn",
  failed: "bad",
  canceled: "neutral",
  partially_refunded: "neutral",
  refunded: "neutral",
  disputed: "bad",
};

export const StatusBadge: FC<{ status: PaymentStatus }> = ({ status }) => <Badge tone={STATUS_TONES[status]}>{words(status)}</Badge>;

export type PaymentFilters = { from?: string | undefined; to?: string | undefined; status?: PaymentStatus | undefined };

/** The one search box: what it takes is in its hint; the handler reads what was typed (`searchTermsOf`). */
export const PaymentSearchForm: FC<{ q?: string | undefined }> = ({ q }) => (
  <form method="get" action="/dashboard/payments" class="payment-search" role="search">
    <div class="field">
      <label for="q">Search payments</label>
      <p class="hint" id="q-hint">
        A payment id, order reference, buyer e-mail, card last four or amount (25.00).
      </p>
      <input id="q" name="q" type="search" value={q} maxlength={254} aria-describedby="q-hint" autocomplete="off" />
    </div>
    <button type="submit" class="button">
      Search
    </button>
  </form>
);

export const PaymentsPage: FC<{
  statuses: readonly PaymentStatus[];
  filters: PaymentFilters;
  payments: PaymentRecord[];
  nextCursor: string;
  filterError?: string | undefined;
}> = ({ statuses, filters, payments, nextCursor, filterError }) => (
  <>
    <PaymentSearchForm />
    <FilteredList
      path="/dashboard/payments"
      filters={filters}
      filterError={filterError}
      rows={payments}
      columns={PAYMENT_COLUMNS}
      empty={{ title: "No payments yet", text: "Payments appear here once your server charges with POST /v1/payments." }}
      emptyFiltered={{ title: "No payments match these filters", text: "Widen the dates or clear the status." }}
      cursor={nextCursor}
      more="Older payments →"
    >
      <Field name="from" label="From (UTC, inclusive)" type="date" value={filters.from} />
      <Field name="to" label="To (UTC, inclusive)" type="date" value={filters.to} />
      <FilterSelect name="status" label="Status" values={statuses} selected={filters.status} display={words} />
    </FilteredList>
  </>
);

/** What a reading of the search text looks for, as a sentence's end: "whose buyer e-mail is grace@example.com". */
export function searchDescription(term: PaymentSearchTerm, currency: string): string {
  switch (term.kind) {
    case "id":
      return `with the id ${term.value}`;
    case "email":
      return `whose buyer e-mail is ${term.value}`;
    case "lastFour":
      return `paid with a card or bank account ending in ${term.value}`;
    case "amount":
      return `of ${formatMoney(term.value, currency)}`;
    case "orderRef":
      return `whose order reference is “${term.value}”`;
    case "orderRefPrefix":
      return `whose order reference starts with “${term.value}”`;
  }
}

/** How to ask for another reading of the same text, as a link's words. */
const READING_LABELS: Record<PaymentSearchTerm["kind"], (term: PaymentSearchTerm, currency: string) => string> = {
  id: () => "a payment id",
  email: () => "a buyer e-mail",
  lastFour: () => "a card's last four",
  amount: (term, currency) => `an amount (${formatMoney(Number(term.value), currency)})`,
  orderRef: () => "an order reference",
  orderRefPrefix: () => "the start of an order reference",
};

const searchLink = (q: string, kind: PaymentSearchTerm["kind"]) => `/dashboard/payments?${new URLSearchParams({ q, as: kind }).toString()}`;

/** The results of one search: what the text was read as, the other readings, the payments found and the next page. */
export const PaymentSearchPage: FC<{
  q: string;
  result: PaymentSearchResult | null;
  readings: PaymentSearchTerm[];
  currency: string;
}> = ({ q, result, readings, currency }) => {
  const others = readings.filter((reading) => reading.kind !== result?.term.kind);
  return (
    <>
      <PaymentSearchForm q={q} />
      <p>
        <a href="/dashboard/payments">← All payments</a>
      </p>
      {result ? (
        <>
          <p class="search-summary" role="status">
            {result.page.data.length === 0 && !result.page.hasMore ? "No payments " : "Payments "}
            {searchDescription(result.term, currency)}.
          </p>
          {others.length > 0 ? (
            <p class="search-readings small">
              Search “{q}” as{" "}
              {others.map((reading, index) => (
                <>
                  {index > 0 ? " · " : ""}
                  <a href={searchLink(q, reading.kind)}>{READING_LABELS[reading.kind](reading, currency)}</a>
                </>
              ))}
            </p>
          ) : null}
          {result.page.data.length === 0 ? (
            <EmptyState title="Nothing found">
              Check what you typed, or search it as something else above. Search looks at this account's payments only.
            </EmptyState>
          ) : (
            <Table rows={result.page.data} columns={PAYMENT_COLUMNS} />
          )}
          <NextPageLink path="/dashboard/payments" query={new URLSearchParams({ q, as: result.term.kind })} cursor={result.page.nextCursor}>
            More results →
          </NextPageLink>
        </>
      ) : (
        <ErrorSummary message="Type a payment id, an order reference, a buyer e-mail, a card's last four or an amount (at most 254 characters)." />
      )}
    </>
  );
};

const PAYMENT_COLUMNS: Column<PaymentRecord>[] = [
  { header: "Created", cell: (payment) => <Time iso={payment.createdAt} /> },
  {
    header: "Payment",
    cell: (payment) => <RecordLink section="payments" id={payment.id} />,
  },
  { header: "Order", cell: (payment) => payment.orderRef ?? "—" },
  {
    header: "Buyer",
    cell: (payment) =>
      payment.buyerName || payment.buyerEmail ? (
        <>
          {payment.buyerName ?? ""}
          {payment.buyerName && payment.buyerEmail ? <br /> : null}
          {payment.buyerEmail ? <span class="muted small">{payment.buyerEmail}</span> : null}
        </>
      ) : (
        "—"
      ),
  },
  { header: "Method", cell: (payment) => methodLabel(payment) },
  { header: "Amount", class: "num", cell: (payment) => formatMoney(payment.amountCents, payment.currency) },
  {
    header: "Refunded",
    class: "num",
    cell: (payment) => (payment.amountRefundedCents > 0 ? formatMoney(payment.amountRefundedCents, payment.currency) : "—"),
  },
  { header: "Status", cell: (payment) => <StatusBadge status={payment.status} /> },
];

export type RefundFormValues = { amount?: string; reason?: string; refundApplicationFee?: boolean };

/** What a payment page shows again after a form was refused: the problem beside the form it came from, and what was typed. */
export type PaymentFormProblems = {
  refundError?: string | undefined;
  values?: RefundFormValues;
  captureError?: string | undefined;
  captureAmount?: string | undefined;
  voidError?: string | undefined;
};

/** The one-time keys of the page's money forms: each rendering has fresh ones, so a form submitted twice acts once. */
export type PaymentFormKeys = { refundKey: string; captureKey: string; voidKey: string };

const REFUND_REASONS = [
  ["requested_by_customer", "Requested by the customer"],
  ["duplicate", "Duplicate"],
  ["fraudulent", "Fraudulent"],
  ["other", "Other"],
] as const;

/** What a payment left its merchant: the amount, less the fee the processor took and the refunds, plus fees returned. */
export function paymentMoney(payment: PaymentRecord) {
  const feeCents = saleFeeCents(payment);
  const sale = { grossCents: payment.amountCents, feesCents: feeCents, refundsCents: 0, feesReturnedCents: 0 };
  return {
    feeCents,
    netCents: netCents(sale),
    netAfterRefundsCents: netCents({
      ...sale,
      refundsCents: payment.amountRefundedCents,
      feesReturnedCents: payment.applicationFeeRefundedCents,
    }),
  };
}

const searchFor = (q: string) => `/dashboard/payments?${new URLSearchParams({ q }).toString()}`;

const BuyerFacts: FC<{ payment: PaymentRecord }> = ({ payment }) => (
  <>
    <dt>Buyer</dt>
    <dd>{payment.buyerName ?? <span class="muted">not given</span>}</dd>
    <dt>E-mail</dt>
    <dd>{payment.buyerEmail ? <a href={searchFor(payment.buyerEmail)}>{payment.buyerEmail}</a> : <span class="muted">not given</span>}</dd>
    <dt>Method</dt>
    <dd>{methodLabel(payment)}</dd>
  </>
);

export const PaymentPage: FC<
  {
    payment: PaymentRecord;
    story: PaymentStory;
    keys: PaymentFormKeys;
  } & PaymentFormProblems
> = ({ payment, story, keys, refundError, values = {}, captureError, captureAmount, voidError }) => {
  const money = (cents: number) => formatMoney(cents, payment.currency);
  const { feeCents, netCents, netAfterRefundsCents } = paymentMoney(payment);
  return (
    <>
      <p>
        <a href="/dashboard/payments">← All payments</a>
      </p>
      <section class="card payment-headline" aria-label="Summary">
        <p class="payment-amount">
          {money(payment.amountCents)} <StatusBadge status={payment.status} />
        </p>
        <p class="muted">
          {payment.orderRef ? <>Order {payment.orderRef} · </> : null}
          {payment.buyerName ?? payment.buyerEmail ?? "No buyer given"} · {methodLabel(payment)} · <Time iso={payment.createdAt} />
        </p>
        {payment.status === "authorized" ? (
          <p class="hold-expiry">
            A hold: nothing is charged until it is captured. Authorized until <Time iso={payment.authorizedUntil} />.
          </p>
        ) : null}
      </section>
      <div class="grid-2">
        <section class="card" aria-labelledby="buyer-heading">
          <h2 id="buyer-heading">Buyer and method</h2>
          <dl class="facts">
            <BuyerFacts payment={payment} />
            <dt>Order reference</dt>
            <dd>{payment.orderRef ? <a href={searchFor(payment.orderRef)}>{payment.orderRef}</a> : "—"}</dd>
            <dt>Created</dt>
            <dd>
              <Time iso={payment.createdAt} />
            </dd>
            <dt>Updated</dt>
            <dd>
              <Time iso={payment.updatedAt} />
            </dd>
            {payment.failureCode ? (
              <>
                <dt>Failure</dt>
                <dd>
                  {payment.failureCode}
                  {payment.failureMessage ? ` — ${payment.failureMessage}` : ""}
                </dd>
              </>
            ) : null}
            <dt>Processor transfer</dt>
            <dd class="mono">{payment.processorTransferId ?? "—"}</dd>
            {payment.processorAuthorizationId ? (
              <>
                <dt>Authorization</dt>
                <dd class="mono">{payment.processorAuthorizationId}</dd>
                <dt>Authorized until</dt>
                <dd>
                  <Time iso={payment.authorizedUntil} />
                </dd>
              </>
            ) : null}
            <dt>Processor state</dt>
            <dd>{payment.processorState ?? "—"}</dd>
            <dt>Instrument</dt>
            <dd class="mono">{payment.processorInstrumentId ?? "—"}</dd>
          </dl>
        </section>
        <section class="card" aria-labelledby="money-heading">
          <h2 id="money-heading">Money</h2>
          <dl class="facts money">
            <dt>Amount</dt>
            <dd class="num">{money(payment.amountCents)}</dd>
            <dt>Fee</dt>
            <dd class="num">−{money(feeCents)}</dd>
            <dt>Net</dt>
            <dd class="num">
              <strong>{money(netCents)}</strong>
            </dd>
            <dt>Refunded</dt>
            <dd class="num">−{money(payment.amountRefundedCents)}</dd>
            <dt>Fee returned</dt>
            <dd class="num">
              +{money(payment.applicationFeeRefundedCents)}
              {payment.applicationFeeRefundPendingCents > 0 ? (
                <span class="muted small"> ({money(payment.applicationFeeRefundPendingCents)} being credited)</span>
              ) : null}
            </dd>
            <dt>Net after refunds</dt>
            <dd class="num">
              <strong>{money(netAfterRefundsCents)}</strong>
            </dd>
          </dl>
          <p class="muted small">
            {payment.processorFeeCents === null
              ? "The fee is the application fee until the processor reports what it charged, once the sale settles."
              : payment.processorFeeCents > payment.applicationFeeCents
                ? `The fee is what the processor charged (its fee profile), more than the ${money(payment.applicationFeeCents)} application fee.`
                : "The fee is the application fee, as the processor charged it."}{" "}
            {payment.processorFeeExactCents?.includes(".")
              ? `The processor charged ${payment.processorFeeExactCents}¢ exactly, shown rounded half up to the cent. `
              : null}
            Chargebacks are in the dispute.
          </p>
        </section>
      </div>
      <RefundsSection payment={payment} refunds={story.refunds} />
      <div class="grid-2">
        <DisputesSection disputes={story.disputes} />
        <PayoutsSection items={story.payoutItems} />
      </div>
      <Timeline payment={payment} story={story} />
      <ProcessorCallsSection payment={payment} />
      {/* A capture or void refused because the payment is no longer a hold still says why, above the refund it now takes. */}
      {payment.status === "authorized" || captureError || voidError ? (
        <HoldSection payment={payment} keys={keys} captureError={captureError} captureAmount={captureAmount} voidError={voidError} />
      ) : null}
      {payment.status === "authorized" ? null : (
        <RefundSection payment={payment} refundKey={keys.refundKey} refundError={refundError} values={values} />
      )}
    </>
  );
};

/** Refund, partial or full: the form leads to its confirmation, which states the amount. */
const RefundSection: FC<{ payment: PaymentRecord; refundKey: string; refundError: string | undefined; values: RefundFormValues }> = ({
  payment,
  refundKey,
  refundError,
  values,
}) => {
  const remaining = refundableCents(payment);
  const refundable = isRefundableStatus(payment.status) && remaining > 0;
  const money = (cents: number) => formatMoney(cents, payment.currency);
  return (
    <section class="card" aria-labelledby="refund-heading">
      <h2 id="refund-heading">Refund</h2>
      {refundable ? (
        <form method="get" action={`/dashboard/payments/${payment.id}/refund`} class="stack">
          <input type="hidden" name="refundKey" value={refundKey} />
          <ErrorSummary message={refundError} />
          <Field
            name="amount"
            label={`Amount (${payment.currency})`}
            inputmode="decimal"
            value={values.amount}
            hint={`Leave empty to refund the whole remaining ${money(remaining)}. You confirm the amount on the next page.`}
          />
          <div class="field">
            <label for="reason">Reason</label>
            <select id="reason" name="reason">
              {REFUND_REASONS.map(([value, label]) => (
                <option value={value} selected={values.reason === value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div class="field checkbox">
            <input
              id="refundApplicationFee"
              name="refundApplicationFee"
              type="checkbox"
              value="true"
              checked={values.refundApplicationFee}
            />
            <label for="refundApplicationFee">Also return the application fee's share</label>
          </div>
          <button type="submit" class="button danger">
            Refund…
          </button>
        </form>
      ) : (
        <>
          <ErrorSummary message={refundError} />
          <p class="muted">{remaining <= 0 ? "Nothing is left to refund." : `A ${words(payment.status)} payment cannot be refunded.`}</p>
        </>
      )}
    </section>
  );
};

/**
 * An open hold's two ends, each behind its confirmation: capture all or part of it (the card is charged), or void it
 * (nothing is charged). A capture or void already under way leaves neither form to send a second one.
 */
const HoldSection: FC<{
  payment: PaymentRecord;
  keys: PaymentFormKeys;
  captureError: string | undefined;
  captureAmount: string | undefined;
  voidError: string | undefined;
}> = ({ payment, keys, captureError, captureAmount, voidError }) => {
  const money = (cents: number) => formatMoney(cents, payment.currency);
  return (
    <section class="card" aria-labelledby="hold-heading">
      <h2 id="hold-heading">Capture or void the hold</h2>
      {payment.status !== "authorized" ? (
        <>
          <ErrorSummary message={captureError ?? voidError} />
          <p class="muted">A {words(payment.status)} payment is not a hold: there is nothing to capture or void.</p>
        </>
      ) : payment.holdAction ? (
        <p class="muted">A {payment.holdAction} of this hold is under way: reload to see its outcome.</p>
      ) : (
        <div class="grid-2">
          <form method="get" action={`/dashboard/payments/${payment.id}/capture`} class="stack" aria-labelledby="capture-heading">
            <h3 id="capture-heading">Capture</h3>
            <input type="hidden" name="captureKey" value={keys.captureKey} />
            <ErrorSummary message={captureError} />
            <Field
              name="amount"
              id="capture-amount"
              label={`Amount (${payment.currency})`}
              inputmode="decimal"
              value={captureAmount}
              hint={`Leave empty to capture the whole ${money(payment.amountCents)}; less releases the rest. You confirm the amount on the next page.`}
            />
            <button type="submit" class="button">
              Capture…
            </button>
          </form>
          <form method="get" action={`/dashboard/payments/${payment.id}/void`} class="stack" aria-labelledby="void-heading">
            <h3 id="void-heading">Void</h3>
            <input type="hidden" name="voidKey" value={keys.voidKey} />
            <ErrorSummary message={voidError} />
            <p class="hint">Releases the whole hold: nothing is charged. You confirm on the next page.</p>
            <button type="submit" class="button danger">
              Void…
            </button>
          </form>
        </div>
      )}
    </section>
  );
};

/** "12.50" for 1250: the amount a confirmed refund form sends, exactly what its page stated. */
export const decimalAmount = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/**
 * The refund's confirmation: the amount in words and on the button, what stays refundable, the reason and the fee;
 * the form posts exactly that amount under the one-time key of the form it came from.
 */
export const RefundReviewPage: FC<{
  payment: PaymentRecord;
  amountCents: number;
  reason: string;
  refundApplicationFee: boolean;
  refundKey: string;
}> = ({ payment, amountCents, reason, refundApplicationFee, refundKey }) => {
  const money = (cents: number) => formatMoney(cents, payment.currency);
  const left = refundableCents(payment) - amountCents;
  const reasonLabel = REFUND_REASONS.find(([value]) => value === reason)?.[1] ?? words(reason);
  return (
    <>
      <p>
        <a href={`/dashboard/payments/${payment.id}`}>← Back to the payment</a>
      </p>
      <section class="card highlight refund-review" aria-labelledby="review-heading">
        <h2 id="review-heading">
          Refund <span class="refund-amount">{money(amountCents)}</span> to {payment.buyerName ?? payment.buyerEmail ?? "the buyer"}?
        </h2>
        <dl class="facts">
          <dt>Payment</dt>
          <dd>
            <RecordLink section="payments" id={payment.id} /> · {money(payment.amountCents)}
            {payment.orderRef ? ` · order ${payment.orderRef}` : ""}
          </dd>
          <dt>Back to</dt>
          <dd>{methodLabel(payment)}</dd>
          <dt>Refund</dt>
          <dd>
            <strong>{money(amountCents)}</strong>
            {left === 0 ? " — all that is left" : ""}
          </dd>
          <dt>Left to refund after it</dt>
          <dd>{money(left)}</dd>
          <dt>Reason</dt>
          <dd>{reasonLabel}</dd>
          <dt>Application fee</dt>
          <dd>{refundApplicationFee ? "Its share is credited back to you." : "Not returned."}</dd>
        </dl>
        <p class="warning">The money goes back to the buyer. A refund cannot be undone.</p>
        <PostForm action={`/dashboard/payments/${payment.id}/refund`} class="actions">
          <input type="hidden" name="refundKey" value={refundKey} />
          <input type="hidden" name="amount" value={decimalAmount(amountCents)} />
          <input type="hidden" name="reason" value={reason} />
          {refundApplicationFee ? <input type="hidden" name="refundApplicationFee" value="true" /> : null}
          <button type="submit" class="button danger">
            Refund {money(amountCents)}
          </button>
          <a href={`/dashboard/payments/${payment.id}`}>Cancel</a>
        </PostForm>
      </section>
    </>
  );
};

/** The payment a hold confirmation is about, as its facts list opens: its id, amount and order, and the card. */
const HoldFacts: FC<{ payment: PaymentRecord }> = ({ payment }) => (
  <>
    <dt>Payment</dt>
    <dd>
      <RecordLink section="payments" id={payment.id} /> · {formatMoney(payment.amountCents, payment.currency)} held
      {payment.orderRef ? ` · order ${payment.orderRef}` : ""}
    </dd>
    <dt>Card</dt>
    <dd>{methodLabel(payment)}</dd>
    <dt>Authorized until</dt>
    <dd>
      <Time iso={payment.authorizedUntil} />
    </dd>
  </>
);

/**
 * The capture's confirmation: the amount in words and on the button, and what of the hold is released; the form posts
 * exactly that amount under the one-time key of the form it came from.
 */
export const CaptureReviewPage: FC<{ payment: PaymentRecord; amountCents: number; captureKey: string }> = ({
  payment,
  amountCents,
  captureKey,
}) => {
  const money = (cents: number) => formatMoney(cents, payment.currency);
  const released = payment.amountCents - amountCents;
  return (
    <>
      <p>
        <a href={`/dashboard/payments/${payment.id}`}>← Back to the payment</a>
      </p>
      <section class="card highlight hold-review" aria-labelledby="review-heading">
        <h2 id="review-heading">
          Charge <span class="hold-amount">{money(amountCents)}</span> to {payment.buyerName ?? payment.buyerEmail ?? "the buyer"}'s card?
        </h2>
        <dl class="facts">
          <HoldFacts payment={payment} />
          <dt>Capture</dt>
          <dd>
            <strong>{money(amountCents)}</strong>
            {released === 0 ? " — the whole hold" : ""}
          </dd>
          <dt>Released</dt>
          <dd>{released === 0 ? "Nothing." : `${money(released)}, to the buyer.`}</dd>
        </dl>
        <p class="warning">The card is charged. A capture cannot be undone: refund the payment afterwards to give money back.</p>
        <PostForm action={`/dashboard/payments/${payment.id}/capture`} class="actions">
          <input type="hidden" name="captureKey" value={captureKey} />
          <input type="hidden" name="amount" value={decimalAmount(amountCents)} />
          <button type="submit" class="button">
            Capture {money(amountCents)}
          </button>
          <a href={`/dashboard/payments/${payment.id}`}>Cancel</a>
        </PostForm>
      </section>
    </>
  );
};

/** The void's confirmation: the whole hold is released; the form posts under the one-time key of the form it came from. */
export const VoidReviewPage: FC<{ payment: PaymentRecord; voidKey: string }> = ({ payment, voidKey }) => (
  <>
    <p>
      <a href={`/dashboard/payments/${payment.id}`}>← Back to the payment</a>
    </p>
    <section class="card highlight hold-review" aria-labelledby="review-heading">
      <h2 id="review-heading">
        Release the <span class="hold-amount">{formatMoney(payment.amountCents, payment.currency)}</span> hold on{" "}
        {payment.buyerName ?? payment.buyerEmail ?? "the buyer"}'s card?
      </h2>
      <dl class="facts">
        <HoldFacts payment={payment} />
      </dl>
      <p class="warning">Nothing is charged, and the payment ends canceled. A void cannot be undone.</p>
      <PostForm action={`/dashboard/payments/${payment.id}/void`} class="actions">
        <input type="hidden" name="voidKey" value={voidKey} />
        <button type="submit" class="button danger">
          Void the hold
        </button>
        <a href={`/dashboard/payments/${payment.id}`}>Cancel</a>
      </PostForm>
    </section>
  </>
);
