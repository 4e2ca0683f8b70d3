import type { FC } from "hono/jsx";
import { isRefundableStatus, refundableCents, type PaymentRecord, type PaymentStatus } from "../../payments";
import { Badge, RecordLink, Time, type Tone } from "./components/display";
import { ErrorSummary, Field, FilterSelect, PostForm } from "./components/forms";
import { FilteredList } from "./components/list";
import type { Column } from "./components/table";
import { formatMoney, words } from "./format";

const STATUS_TONES: Record<PaymentStatus, Tone> = {
  succeeded: "good",
  processing: "warn",
  failed: "bad",
  canceled: "neutral",
  partially_refunded: "neutral",
  refunded: "neutral",
  disputed: "bad",
};

export const StatusBadge: FC<{ status: PaymentStatus }> = ({ status }) => <Badge tone={STATUS_TONES[status]}>{words(status)}</Badge>;

export type PaymentFilters = { from?: string | undefined; to?: string | undefined; status?: PaymentStatus | undefined };

export const PaymentsPage: FC<{
  statuses: readonly PaymentStatus[];
  filters: PaymentFilters;
  payments: PaymentRecord[];
  nextCursor: string;
  filterError?: string | undefined;
}> = ({ statuses, filters, payments, nextCursor, filterError }) => (
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
);

const PAYMENT_COLUMNS: Column<PaymentRecord>[] = [
  { header: "Created", cell: (payment) => <Time iso={payment.createdAt} /> },
  {
    header: "Payment",
    cell: (payment) => <RecordLink section="payments" id={payment.id} />,
  },
  { header: "Order", cell: (payment) => payment.orderRef ?? "—" },
  { header: "Method", cell: (payment) => payment.method ?? "—" },
  { header: "Amount", class: "num", cell: (payment) => formatMoney(payment.amountCents, payment.currency) },
  {
    header: "Refunded",
    class: "num",
    cell: (payment) => (payment.amountRefundedCents > 0 ? formatMoney(payment.amountRefundedCents, payment.currency) : "—"),
  },
  { header: "Status", cell: (payment) => <StatusBadge status={payment.status} /> },
];

export type RefundFormValues = { amount?: string; reason?: string; refundApplicationFee?: boolean };

const REFUND_REASONS = [
  ["requested_by_customer", "Requested by the customer"],
  ["duplicate", "Duplicate"],
  ["fraudulent", "Fraudulent"],
  ["other", "Other"],
] as const;

export const PaymentPage: FC<{
  payment: PaymentRecord;
  refundKey: string;
  refundError?: string | undefined;
  values?: RefundFormValues;
}> = ({ payment, refundKey, refundError, values = {} }) => {
  const remaining = refundableCents(payment);
  const refundable = isRefundableStatus(payment.status) && remaining > 0;
  return (
    <>
      <p>
        <a href="/dashboard/payments">← All payments</a>
      </p>
      <section class="card">
        <dl class="facts">
          <dt>Status</dt>
          <dd>
            <StatusBadge status={payment.status} />
          </dd>
          <dt>Amount</dt>
          <dd>{formatMoney(payment.amountCents, payment.currency)}</dd>
          <dt>Refunded</dt>
          <dd>{formatMoney(payment.amountRefundedCents, payment.currency)}</dd>
          <dt>Application fee</dt>
          <dd>{formatMoney(payment.applicationFeeCents, payment.currency)}</dd>
          <dt>Method</dt>
          <dd>{payment.method ?? "—"}</dd>
          <dt>Order reference</dt>
          <dd>{payment.orderRef ?? "—"}</dd>
          <dt>Processor transfer</dt>
          <dd class="mono">{payment.processorTransferId ?? "—"}</dd>
          <dt>Processor state</dt>
          <dd>{payment.processorState ?? "—"}</dd>
          {payment.failureCode ? (
            <>
              <dt>Failure</dt>
              <dd>
                {payment.failureCode}
                {payment.failureMessage ? ` — ${payment.failureMessage}` : ""}
              </dd>
            </>
          ) : null}
          <dt>Created</dt>
          <dd>
            <Time iso={payment.createdAt} />
          </dd>
          <dt>Updated</dt>
          <dd>
            <Time iso={payment.updatedAt} />
          </dd>
        </dl>
      </section>
      <section class="card" aria-labelledby="refund-heading">
        <h2 id="refund-heading">Refund</h2>
        {refundable ? (
          <PostForm
            action={`/dashboard/payments/${payment.id}/refund`}
            class="stack"
            confirm="Refund this payment? The money goes back to the buyer."
          >
            <input type="hidden" name="refundKey" value={refundKey} />
            <ErrorSummary message={refundError} />
            <Field
              name="amount"
              label={`Amount (${payment.currency})`}
              inputmode="decimal"
              value={values.amount}
              hint={`Leave empty to refund the whole remaining ${formatMoney(remaining, payment.currency)}.`}
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
              Refund
            </button>
          </PostForm>
        ) : (
          <>
            <ErrorSummary message={refundError} />
            <p class="muted">{remaining <= 0 ? "Nothing is left to refund." : `A ${words(payment.status)} payment cannot be refunded.`}</p>
          </>
        )}
      </section>
    </>
  );
};
