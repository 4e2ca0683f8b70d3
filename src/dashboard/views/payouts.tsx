import type { FC } from "hono/jsx";

import type { PayoutItemRecord, PayoutItemType, PayoutRecord, PayoutStatus } from "../../payouts";
import { Badge, RecordLink, Time, type Tone } from "./components/display";
import { FilterSelect } from "./components/forms";
import { FilteredList, NextPageLink } from "./components/list";
import { type Column, Table } from "./components/table";
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

/** A chargeback item that pays money back: the reversal of a chargeback (the dispute was won), not another chargeback. */
export const isChargebackReversal = (item: Pick<PayoutItemRecord, "type" | "amountCents">) =>
  item.type === "dispute" && item.amountCents > 0;

/** What a payout that takes money from the merchant's bank (a negative net) is doing, in those words. */
const DEBIT_WORDS: Record<PayoutStatus, string> = {
  accruing: "accruing",
  awaiting_approval: "awaiting approval",
  approved: "debit under way",
  paid: "debited",
  failed: "debit failed",
};

/** Where a debit stands: what the processor does, did or could not do with the difference. */
const DEBIT_OUTCOME: Record<PayoutStatus, string> = {
  accruing: "if it closes so, the processor takes the difference from your bank account.",
  awaiting_approval: "once approved, the processor takes the difference from your bank account.",
  approved: "the processor is taking the difference from your bank account.",
  paid: "the processor took the difference from your bank account.",
  failed: "and the processor's debit of your bank account failed.",
};

/** The kinds of item that take money out of a settlement, as the explanation names them. */
const OUTGOING_ITEMS: [PayoutItemType, string][] = [
  ["refund", "refunds"],
  ["dispute", "chargebacks"],
  ["adjustment", "adjustments"],
];

/**
 * Why a payout takes money from the bank, from what caused it, and where that stands: its fees when its gross was
 * not negative, else the refunds, chargebacks or adjustments it holds (while accruing its items are not known yet).
 */
function debitExplained(
  payout: Pick<PayoutRecord, "status" | "grossCents" | "feesCents" | "currency">,
  itemCounts: Record<PayoutItemType, number> | undefined,
): string {
  const sofar = payout.status === "accruing" ? "So far this" : "This";
  const money = (cents: number) => formatMoney(cents, payout.currency);
  const cause =
    payout.grossCents >= 0
      ? `settlement's fees (${money(payout.feesCents)}) come to more than its gross (${money(payout.grossCents)})`
      : `settlement's ${joinWords(OUTGOING_ITEMS.filter(([type]) => (itemCounts?.[type] ?? 0) > 0).map(([, name]) => name)) || "refunds and chargebacks"} come to more than its sales`;
  return `${sofar} ${cause}: ${DEBIT_OUTCOME[payout.status]}`;
}

/** "a", "a and b", "a, b and c". */
const joinWords = (items: string[]) => (items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);

/** A payout moves money to the merchant's bank, or — when refunds and chargebacks outweigh its sales — from it. */
export const isDebit = (payout: Pick<PayoutRecord, "netCents">) => payout.netCents < 0;

/** The status as the merchant reads it: "paid" money reached the bank; a debit's "paid" is "debited". */
export const payoutStatusWords = (status: PayoutStatus, netCents = 0) => (netCents < 0 ? DEBIT_WORDS[status] : words(status));

export const PayoutStatusBadge: FC<{ status: PayoutStatus; netCents?: number }> = ({ status, netCents }) => (
  <Badge tone={status === "paid" && (netCents ?? 0) < 0 ? "debit" : STATUS_TONES[status]}>{payoutStatusWords(status, netCents)}</Badge>
);

/**
 * The payout's net as the merchant's bank sees it: "Net to your bank $49.20", or for a negative net "Debited from your
 * bank $99.19" — never a negative amount "to" the bank.
 */
export function bankMovement(payout: Pick<PayoutRecord, "netCents" | "currency">): { label: string; amount: string } {
  return isDebit(payout)
    ? { label: "Debited from your bank", amount: formatMoney(-payout.netCents, payout.currency) }
    : { label: "Net to your bank", amount: formatMoney(payout.netCents, payout.currency) };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

const ITEM_COUNT_WORDS: Record<PayoutItemType, [string, string]> = {
  payment: ["payment", "payments"],
  refund: ["refund", "refunds"],
  fee_refund: ["fee returned", "fees returned"],
  dispute: ["chargeback", "chargebacks"],
  adjustment: ["adjustment", "adjustments"],
};

/** What a payout holds, each kind counted: "1 payment, 2 refunds, 1 fee returned". */
export function holdingsWords(counts: Record<PayoutItemType, number>): string {
  const parts = (Object.keys(ITEM_COUNT_WORDS) as PayoutItemType[])
    .filter((type) => counts[type] > 0)
    .map((type) => plural(counts[type], ...ITEM_COUNT_WORDS[type]));
  return parts.length > 0 ? parts.join(", ") : "nothing";
}

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
  { header: "Status", cell: (payout) => <PayoutStatusBadge status={payout.status} netCents={payout.netCents} /> },
  { header: "Gross", class: "num", cell: (payout) => formatMoney(payout.grossCents, payout.currency) },
  { header: "Fees", class: "num", cell: (payout) => formatMoney(payout.feesCents, payout.currency) },
  {
    header: "Net",
    class: "num",
    cell: (payout) =>
      isDebit(payout) ? (
        <>
          {formatMoney(payout.netCents, payout.currency)}
          <br />
          <span class="muted small">{payout.status === "accruing" ? "a debit so far" : "debit from your bank"}</span>
        </>
      ) : (
        formatMoney(payout.netCents, payout.currency)
      ),
  },
  { header: "Expected arrival", cell: (payout) => payout.expectedArrivalDate ?? "—" },
];

const itemColumns = (currency: string): Column<PayoutItemRecord>[] => [
  { header: "Date", cell: (item) => <Time iso={item.processorCreatedAt} /> },
  {
    header: "Type",
    cell: (item) => (
      <>
        {isChargebackReversal(item) ? "Chargeback reversed (dispute won)" : ITEM_LABELS[item.type]}
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
  itemCounts: Record<PayoutItemType, number>;
  items: PayoutItemRecord[];
  nextItemsCursor: string;
}> = ({ payout, itemCounts, items, nextItemsCursor }) => {
  const bank = bankMovement(payout);
  return (
    <>
      <p>
        <a href="/dashboard/payouts">← All payouts</a>
      </p>
      <section class="card payout-detail">
        <dl class="facts">
          <dt>Status</dt>
          <dd>
            <PayoutStatusBadge status={payout.status} netCents={payout.netCents} />
            {payout.failureCode ? ` ${payout.failureCode}${payout.failureMessage ? ` — ${payout.failureMessage}` : ""}` : ""}
          </dd>
          <dt>Gross</dt>
          <dd>{formatMoney(payout.grossCents, payout.currency)}</dd>
          <dt>Fees</dt>
          <dd>{formatMoney(payout.feesCents, payout.currency)}</dd>
          <dt>{bank.label}</dt>
          <dd>
            <strong>{bank.amount}</strong>
            {isDebit(payout) ? (
              <p class="hint" id="debit-explained">
                {debitExplained(payout, itemCounts)}
              </p>
            ) : null}
          </dd>
          <dt>Holds</dt>
          <dd>{payout.status === "accruing" ? "— (listed once the settlement closes)" : holdingsWords(itemCounts)}</dd>
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
};
