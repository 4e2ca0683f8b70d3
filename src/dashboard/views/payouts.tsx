import type { FC } from "hono/jsx";
import type { PayoutItemRecord, PayoutItemType, PayoutRecord, PayoutStatus } from "../../payouts";
import type { SignedInSession } from "../sessions.service";
import { formatMoney } from "./format";
import { Badge, EmptyState, ErrorSummary, Layout, Time } from "./layout";

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
  nextCursor: string | null;
  filterError?: string | undefined;
}> = ({ session, statuses, status, payouts, nextCursor, filterError }) => (
  <Layout title="Payouts" section="payouts" session={session}>
    <form method="get" action="/dashboard/payouts" class="filters">
      <div class="field">
        <label for="status">Status</label>
        <select id="status" name="status">
          <option value="">Any</option>
          {statuses.map((option) => (
            <option value={option} selected={status === option}>
              {words(option)}
            </option>
          ))}
        </select>
      </div>
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
      <div class="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">Created</th>
              <th scope="col">Payout</th>
              <th scope="col">Status</th>
              <th scope="col" class="num">
                Gross
              </th>
              <th scope="col" class="num">
                Fees
              </th>
              <th scope="col" class="num">
                Net
              </th>
              <th scope="col">Expected arrival</th>
            </tr>
          </thead>
          <tbody>
            {payouts.map((payout) => (
              <tr>
                <td>
                  <Time iso={payout.createdAt} />
                </td>
                <td>
                  <a class="mono" href={`/dashboard/payouts/${payout.id}`}>
                    {payout.id}
                  </a>
                </td>
                <td>
                  <PayoutStatusBadge status={payout.status} />
                </td>
                <td class="num">{formatMoney(payout.grossCents, payout.currency)}</td>
                <td class="num">{formatMoney(payout.feesCents, payout.currency)}</td>
                <td class="num">{formatMoney(payout.netCents, payout.currency)}</td>
                <td>{payout.expectedArrivalDate ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    )}
    {nextCursor ? (
      <p>
        <a href={`/dashboard/payouts?${new URLSearchParams([...(status ? [["status", status]] : []), ["cursor", nextCursor]])}`}>
          Older payouts →
        </a>
      </p>
    ) : null}
  </Layout>
);

export const PayoutPage: FC<{
  session: SignedInSession;
  payout: PayoutRecord;
  items: PayoutItemRecord[];
  nextItemsCursor: string | null;
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
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Type</th>
                <th scope="col">Payment</th>
                <th scope="col">Order</th>
                <th scope="col" class="num">
                  Amount
                </th>
                <th scope="col" class="num">
                  Fee
                </th>
                <th scope="col" class="num">
                  Net
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr>
                  <td>
                    <Time iso={item.processorCreatedAt} />
                  </td>
                  <td>
                    {ITEM_LABELS[item.type]}
                    {item.refundId ? <span class="mono small"> {item.refundId}</span> : null}
                  </td>
                  <td>
                    {item.paymentId ? (
                      <a class="mono" href={`/dashboard/payments/${item.paymentId}`}>
                        {item.paymentId}
                      </a>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td>{item.orderRef ?? "—"}</td>
                  <td class="num">{formatMoney(item.amountCents, payout.currency)}</td>
                  <td class="num">{formatMoney(item.feeCents, payout.currency)}</td>
                  <td class="num">{formatMoney(item.netCents, payout.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {nextItemsCursor ? (
        <p>
          <a href={`/dashboard/payouts/${payout.id}?${new URLSearchParams({ cursor: nextItemsCursor })}`}>More items →</a>
        </p>
      ) : null}
    </section>
  </Layout>
);
