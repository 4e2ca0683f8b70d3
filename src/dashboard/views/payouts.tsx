import type { FC } from "hono/jsx";
import type { SignedInSession } from "../../accounts";
import type { PayoutItemRecord, PayoutItemType, PayoutRecord, PayoutStatus } from "../../payouts";
import { formatMoney } from "./format";
import { Badge, EmptyState, ErrorSummary, FilterSelect, Layout, NextPageLink, RecordLink, Table, Time, type Column } from "./layout";

const STATUS_TONES: Record<PayoutStatus, "good" | "bad" | "warn" | "neutral"> = {
  accruing: "neutral",
  awaiting_approval: "warn",
  approved: "warn",
  paid: "good",
  failed: "bad",
};

const ITEM_LABELS: Record<PayoutItemType, string> = {
  payment: "Payment",
  refund: "Refund",
  fee_refund: "Fee returned",
  dispute: "Chargeback",
  adjustment: "Adjustment",
};

const words = (value: string) => value.replaceAll("_", " ");

export const PayoutStatusBadge: FC<{ status: PayoutStatus }> = ({ status }) => <Badge tone={STATUS_TONES[status]}>{words(status)}</Badge>;

export const PayoutsPage: FC<{
  session: SignedInSession;
  statuses: readonly PayoutStatus[];
  status: PayoutStatus | undefined;
  payouts: PayoutRecord[];
  nextCursor: string;
  filterError?: string | undefined;
}> = ({ session, statuses, status, payouts, nextCursor, filterError }) => (
  <Layout title="Payouts" section="payouts" session={session}>
    <form method="get" action="/dashboard/payouts" class="filters">
      <FilterSelect name="status" label="Status" values={statuses} selected={status} display={words} />
      <button type="submit" class="button secondary">
        Filter
      </button>
      {status ? <a href="/dashboard/payouts">Clear</a> : null}
    </form>
    <ErrorSummary message={filterError} />
    {payouts.length === 0 ? (
      <EmptyState title={status ? "No payouts match this status" : "No payouts yet"}>
        {status
          ? "Clear the status to see every payout."
          : "Once the processor settles your payments, each settlement appears here as a payout."}
      </EmptyState>
    ) : (
      <Table rows={payouts} columns={PAYOUT_COLUMNS} />
    )}
    <NextPageLink path="/dashboard/payouts" query={new URLSearchParams(status ? { status } : {})} cursor={nextCursor}>
      Older payouts →
    </NextPageLink>
  </Layout>
);

const PAYOUT_COLUMNS: Column<PayoutRecord>[] = [
  { header: "Created", cell: (payout) => <Time iso={payout.createdAt} /> },
  {
    header: "Payout",
    cell: (payout) => <RecordLink section="payouts" id={payout.id} />,
  },
  { header: "Status", cell: (payout) => <PayoutStatusBadge status={payout.status} /> },
  { header: "Gross", class: "num", cell: (payout) => formatMoney(payout.grossCents, payout.currency) },
  { header: "Fees", class: "num", cell: (payout) => formatMoney(payout.feesCents, payout.currency) },
  { header: "Net", class: "num", cell: (payout) => formatMoney(payout.netCents, payout.currency) },
  { header: "Expected arrival", cell: (payout) => payout.expectedArrivalDate ?? "—" },
];

const itemColumns = (currency: string): Column<PayoutItemRecord>[] => [
  { header: "Date", cell: (item) => <Time iso={item.processorCreatedAt} /> },
  {
    header: "Type",
    cell: (item) => (
      <>
        {ITEM_LABELS[item.type]}
        {item.refundId ? <span class="mono small"> {item.refundId}</span> : null}
      </>
    ),
  },
  {
    header: "Payment",
    cell: (item) => (item.paymentId ? <RecordLink section="payments" id={item.paymentId} /> : "—"),
  },
  { header: "Order", cell: (item) => item.orderRef ?? "—" },
  { header: "Amount", class: "num", cell: (item) => formatMoney(item.amountCents, currency) },
  { header: "Fee", class: "num", cell: (item) => formatMoney(item.feeCents, currency) },
  { header: "Net", class: "num", cell: (item) => formatMoney(item.netCents, currency) },
];

export const PayoutPage: FC<{
  session: SignedInSession;
  payout: PayoutRecord;
  items: PayoutItemRecord[];
  nextItemsCursor: string;
}> = ({ session, payout, items, nextItemsCursor }) => (
  <Layout title={`Payout ${payout.id}`} section="payouts" session={session}>
    <p>
      <a href="/dashboard/payouts">← All payouts</a>
    </p>
    <section class="card">
      <dl class="facts">
        <dt>Status</dt>
        <dd>
          <PayoutStatusBadge status={payout.status} />
          {payout.failureCode ? ` ${payout.failureCode}${payout.failureMessage ? ` — ${payout.failureMessage}` : ""}` : ""}
        </dd>
        <dt>Gross</dt>
        <dd>{formatMoney(payout.grossCents, payout.currency)}</dd>
        <dt>Fees</dt>
        <dd>{formatMoney(payout.feesCents, payout.currency)}</dd>
        <dt>Net to your bank</dt>
        <dd>
          <strong>{formatMoney(payout.netCents, payout.currency)}</strong>
        </dd>
        <dt>Payments</dt>
        <dd>{payout.paymentCount ?? "— (still accruing)"}</dd>
        <dt>Initiated</dt>
        <dd>
          <Time iso={payout.initiatedAt} />
        </dd>
        <dt>Expected arrival</dt>
        <dd>{payout.expectedArrivalDate ?? "—"}</dd>
        <dt>Processor settlement</dt>
        <dd class="mono">{payout.processorSettlementId}</dd>
        <dt>Created</dt>
        <dd>
          <Time iso={payout.createdAt} />
        </dd>
      </dl>
    </section>
    <section class="card" aria-labelledby="items-heading">
      <h2 id="items-heading">What this payout is made of</h2>
      {items.length === 0 ? (
        <p class="muted">{payout.status === "accruing" ? "Items are listed once the settlement closes." : "This payout has no items."}</p>
      ) : (
        <Table rows={items} columns={itemColumns(payout.currency)} />
      )}
      <NextPageLink path={`/dashboard/payouts/${payout.id}`} cursor={nextItemsCursor}>
        More items →
      </NextPageLink>
    </section>
  </Layout>
);
