import type { FC } from "hono/jsx";
import type { PayoutItemRecord, PayoutItemType, PayoutRecord, PayoutStatus } from "../../payouts";
import { Badge, RecordLink, Time, type Tone } from "./components/display";
import { FilterSelect } from "./components/forms";
import { FilteredList, NextPageLink } from "./components/list";
import { Table, type Column } from "./components/table";
import { formatMoney, words } from "./format";

const STATUS_TONES: Record<PayoutStatus, Tone> = {
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

export const PayoutStatusBadge: FC<{ status: PayoutStatus }> = ({ status }) => <Badge tone={STATUS_TONES[status]}>{words(status)}</Badge>;

export const PayoutsPage: FC<{
  statuses: readonly PayoutStatus[];
  status: PayoutStatus | undefined;
  payouts: PayoutRecord[];
  nextCursor: string;
  filterError?: string | undefined;
}> = ({ statuses, status, payouts, nextCursor, filterError }) => (
  <FilteredList
    path="/dashboard/payouts"
    filters={{ status }}
    filterError={filterError}
    rows={payouts}
    columns={PAYOUT_COLUMNS}
    empty={{ title: "No payouts yet", text: "Once the processor settles your payments, each settlement appears here as a payout." }}
    emptyFiltered={{ title: "No payouts match this status", text: "Clear the status to see every payout." }}
    cursor={nextCursor}
    more="Older payouts →"
  >
    <FilterSelect name="status" label="Status" values={statuses} selected={status} display={words} />
  </FilteredList>
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
  payout: PayoutRecord;
  items: PayoutItemRecord[];
  nextItemsCursor: string;
}> = ({ payout, items, nextItemsCursor }) => (
  <>
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
  </>
);
