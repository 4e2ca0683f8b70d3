import type { FC } from "hono/jsx";
import type { SignedInSession } from "../../accounts";
import { isRefundableStatus, refundableCents, type PaymentRecord, type PaymentStatus } from "../../payments";
import { formatMoney } from "./format";
import {
  Badge,
  CsrfField,
  EmptyState,
  ErrorSummary,
  Field,
  FilterSelect,
  Layout,
  NextPageLink,
  RecordLink,
  Table,
  Time,
  type Column,
  type Notice,
} from "./layout";

const STATUS_TONES: Record<PaymentStatus, "good" | "bad" | "warn" | "neutral"> = {
  succeeded: "good",
  processing: "warn",
  failed: "bad",
  canceled: "neutral",
  partially_refunded: "neutral",
  refunded: "neutral",
  disputed: "bad",
};

export const StatusBadge: FC<{ status: PaymentStatus }> = ({ status }) => (
  <Badge tone={STATUS_TONES[status]}>{status.replace("_", " ")}</Badge>
);

export type PaymentFilters = { from?: string | undefined; to?: string | undefined; status?: PaymentStatus | undefined };

export const PaymentsPage: FC<{
  session: SignedInSession;
  statuses: readonly PaymentStatus[];
  filters: PaymentFilters;
  payments: PaymentRecord[];
  nextCursor: string;
  filterError?: string | undefined;
}> = ({ session, statuses, filters, payments, nextCursor, filterError }) => {
  const query = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => !!entry[1]));
  const filtered = query.size > 0;
  return (
    <Layout title="Payments" section="payments" session={session}>
      <form method="get" action="/dashboard/payments" class="filters">
        <Field name="from" label="From (UTC, inclusive)" type="date" value={filters.from} />
        <Field name="to" label="To (UTC, inclusive)" type="date" value={filters.to} />
        <FilterSelect
          name="status"
          label="Status"
          values={statuses}
          selected={filters.status}
          display={(status) => status.replace("_", " ")}
        />
        <button type="submit" class="button secondary">
          Filter
        </button>
        {filtered ? <a href="/dashboard/payments">Clear</a> : null}
      </form>
      <ErrorSummary message={filterError} />
      {payments.length === 0 ? (
        <EmptyState title={filtered ? "No payments match these filters" : "No payments yet"}>
          {filtered ? "Widen the dates or clear the status." : "Payments appear here once your server charges with POST /v1/payments."}
        </EmptyState>
      ) : (
        <Table rows={payments} columns={PAYMENT_COLUMNS} />
      )}
      <NextPageLink path="/dashboard/payments" query={query} cursor={nextCursor}>
        Older payments →
      </NextPageLink>
    </Layout>
  );
};

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
  session: SignedInSession;
  payment: PaymentRecord;
  refundKey: string;
  refundError?: string | undefined;
  notice?: Notice | undefined;
  values?: RefundFormValues;
}> = ({ session, payment, refundKey, refundError, notice, values = {} }) => {
  const remaining = refundableCents(payment);
  const refundable = isRefundableStatus(payment.status) && remaining > 0;
  return (
    <Layout title={`Payment ${payment.id}`} section="payments" session={session} notice={notice}>
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
          <form
            method="post"
            action={`/dashboard/payments/${payment.id}/refund`}
            class="stack"
            data-confirm="Refund this payment? The money goes back to the buyer."
          >
            <CsrfField token={session.csrfToken} />
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
          </form>
        ) : (
          <>
            <ErrorSummary message={refundError} />
            <p class="muted">
              {remaining <= 0 ? "Nothing is left to refund." : `A ${payment.status.replace("_", " ")} payment cannot be refunded.`}
            </p>
          </>
        )}
      </section>
    </Layout>
  );
};
