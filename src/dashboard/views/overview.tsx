import type { FC } from "hono/jsx";

import type { DisputeRecord } from "../../disputes";
import type { Readiness } from "../../onboarding";
import { type DayMoney, MONEY_FIGURES, sumOfDays } from "../../payments";
import type { PayoutRecord } from "../../payouts";
import { Badge, EmptyState, RecordLink, type Tone } from "./components/display";
import { PostButton } from "./components/forms";
import { type Column, Table } from "./components/table";
import { timeToRespond } from "./disputes";
import { formatMoney, words } from "./format";
import { MoneyChart, shortDay } from "./overview-chart";
import { bankMovement, isDebit, PayoutStatusBadge } from "./payouts";

const STATUS_TEXT: Record<Readiness["onboardingStatus"], { label: string; tone: Tone }> = {
  not_started: { label: "Not started", tone: "neutral" },
  pending: { label: "Under review", tone: "warn" },
  enabled: { label: "Enabled", tone: "good" },
  restricted: { label: "Restricted", tone: "bad" },
};

const YesNo: FC<{ value: boolean }> = ({ value }) => (value ? <Badge tone="good">Yes</Badge> : <Badge tone="neutral">Not yet</Badge>);

/** A date of an ISO timestamp, as the page shows dates (UTC): "2026-12-10". */
const DateOf: FC<{ iso: string }> = ({ iso }) => <time datetime={iso}>{iso.slice(0, 10)}</time>;

/** Charges that went through, of those that went through or failed, to a tenth of a percent; none yet: "—". */
export function successRate(succeeded: number, failed: number): string {
  const tried = succeeded + failed;
  return tried === 0 ? "—" : `${((succeeded / tried) * 100).toFixed(1)}%`;
}

/** "Net = Gross − Fees − Refunds + Fees returned", from the figures that make it. */
const NET_FORMULA = `Net = ${MONEY_FIGURES.map((figure, n) => `${n === 0 ? "" : figure.adds ? "+ " : "− "}${figure.label}`).join(" ")}`;

/** The card's totals and the table's columns: the same figures under the same names. */
const moneyFigures = [
  ...MONEY_FIGURES.map(({ key, label }) => ({ label, cents: (money: DayMoney) => money[key] })),
  { label: "Net", cents: (money: DayMoney) => money.netCents },
];

const dayColumns = (currency: string): Column<DayMoney>[] => [
  { header: "Day (UTC)", cell: (day) => <time datetime={day.day}>{day.day}</time> },
  ...moneyFigures.map(({ label, cents }): Column<DayMoney> => ({
    header: label,
    class: "num",
    cell: (day) => formatMoney(cents(day), currency),
  })),
  { header: "Succeeded", class: "num", cell: (day) => day.succeeded },
  { header: "Failed", class: "num", cell: (day) => day.failed },
];

const Stat: FC<{ label: string; value: string; id: string }> = ({ label, value, id }) => (
  <div class="ov-stat">
    <dt>{label}</dt>
    <dd id={id}>{value}</dd>
  </div>
);

type OpenHolds = { count: number; amountCents: number };

/** Holds are not sales until captured: their count and what they hold stand apart from the month's figures. */
const OpenHoldsLine: FC<{ holds: OpenHolds; currency: string }> = ({ holds, currency }) =>
  holds.count === 0 ? null : (
    <p id="open-holds">
      <strong>
        {holds.count} open {holds.count === 1 ? "hold" : "holds"}
      </strong>{" "}
      holding <strong>{formatMoney(holds.amountCents, currency)}</strong>: authorized, not charged yet, and not in these figures until
      captured. <a href="/dashboard/payments?status=authorized">Capture or void them →</a>
    </p>
  );

const MoneySection: FC<{ days: DayMoney[]; holds: OpenHolds; currency: string }> = ({ days, holds, currency }) => {
  const totals = sumOfDays(days);
  const quiet = totals.succeeded === 0 && totals.failed === 0 && totals.refundsCents === 0;
  return (
    <section class="card" aria-labelledby="money-heading">
      <h2 id="money-heading">
        Last {days.length} days{" "}
        <span class="muted small">
          {shortDay(days[0]!.day)} – {shortDay(days.at(-1)!.day)}, UTC
        </span>
      </h2>
      <dl class="ov-stats">
        {moneyFigures.map(({ label, cents }) => (
          <Stat id={`total-${label.toLowerCase().replaceAll(" ", "-")}`} label={label} value={formatMoney(cents(totals), currency)} />
        ))}
        <Stat id="charges-succeeded" label="Succeeded charges" value={String(totals.succeeded)} />
        <Stat id="charges-failed" label="Failed charges" value={String(totals.failed)} />
        <Stat id="success-rate" label="Success rate" value={successRate(totals.succeeded, totals.failed)} />
      </dl>
      <OpenHoldsLine holds={holds} currency={currency} />
      {quiet ? (
        <EmptyState title="No payments in these days">Charges and refunds of the last {days.length} days are charted here.</EmptyState>
      ) : (
        <figure class="ov-figure">
          <MoneyChart days={days} currency={currency} titleId="money-chart-title" descriptionId="money-chart-description" />
          <figcaption class="ov-legend">
            <span class="ov-key ov-key-gross">Gross</span>
            <span class="ov-key ov-key-refunds">Refunds</span>
            <span class="ov-key ov-key-net">Net</span>
          </figcaption>
        </figure>
      )}
      <details class="ov-numbers">
        <summary>The numbers by day</summary>
        <Table rows={days.toReversed()} columns={dayColumns(currency)} />
      </details>
      <p class="hint">
        Gross counts the charges that went through (refunded and disputed ones too, and holds once captured) on the day they were made, fees
        are what the processor charged on them; refunds count on the day they were made, with the fee they returned once credited.{" "}
        {NET_FORMULA}. Chargebacks are not in these figures: they are in the payouts that carry them.
      </p>
    </section>
  );
};

type PayoutsAtAGlance = { open: PayoutRecord[]; last: PayoutRecord | null; accruingArrivesFrom: string };

const PayoutLine: FC<{ payout: PayoutRecord; accruingArrivesFrom: string }> = ({ payout, accruingArrivesFrom }) => {
  const bank = bankMovement(payout);
  return (
    <li class="ov-payout">
      <p class="ov-payout-amount">
        <span class="muted small">
          {payout.status === "accruing" ? (isDebit(payout) ? "Accruing, a debit so far" : "Accruing") : bank.label}
        </span>
        <br />
        <strong>{bank.amount}</strong> <PayoutStatusBadge status={payout.status} netCents={payout.netCents} />
      </p>
      <p class="small">
        {payout.status === "accruing" ? (
          <>
            Gross {formatMoney(payout.grossCents, payout.currency)} less fees {formatMoney(payout.feesCents, payout.currency)} so far.
            Expected at the earliest on{" "}
            <strong>
              <time datetime={accruingArrivesFrom}>{accruingArrivesFrom}</time>
            </strong>
            , if the processor closes and approves it today (it decides when).
          </>
        ) : payout.status === "awaiting_approval" ? (
          <>Closed; waiting for the processor's approval. The expected date is set when it is approved.</>
        ) : (
          <>
            Expected <strong>{payout.expectedArrivalDate ?? "—"}</strong>.
          </>
        )}{" "}
        <RecordLink section="payouts" id={payout.id} />
      </p>
    </li>
  );
};

const PayoutsSection: FC<{ payouts: PayoutsAtAGlance }> = ({ payouts: { open, last, accruingArrivesFrom } }) => (
  <section class="grid-2" aria-label="Payouts">
    <div class="card" id="next-payout">
      <h2>Next payout</h2>
      {open.length === 0 ? (
        <p class="muted">Nothing is accruing: the processor opens a settlement with your next charge.</p>
      ) : (
        <ul class="plain">
          {open.map((payout) => (
            <PayoutLine payout={payout} accruingArrivesFrom={accruingArrivesFrom} />
          ))}
        </ul>
      )}
    </div>
    <div class="card" id="last-payout">
      <h2>Last payout</h2>
      {last ? (
        <>
          <p class="ov-payout-amount">
            <span class="muted small">{bankMovement(last).label}</span>
            <br />
            <strong>{bankMovement(last).amount}</strong> <PayoutStatusBadge status={last.status} netCents={last.netCents} />
          </p>
          <p class="small">
            {last.initiatedAt ? <>Initiated {<DateOf iso={last.initiatedAt} />}. </> : null}
            {last.status === "failed" ? (
              <>The bank refused it{last.failureCode ? ` (${last.failureCode})` : ""}. </>
            ) : last.expectedArrivalDate ? (
              <>Expected at the bank {last.expectedArrivalDate}. </>
            ) : null}
            <RecordLink section="payouts" id={last.id} />
          </p>
        </>
      ) : (
        <p class="muted">No payout has been paid yet.</p>
      )}
      <p>
        <a href="/dashboard/payouts">All payouts →</a>
      </p>
    </div>
  </section>
);

const disputeColumns = (nowMs: number): Column<DisputeRecord>[] => [
  { header: "Dispute", cell: (dispute) => <RecordLink section="disputes" id={dispute.id} /> },
  { header: "Amount", class: "num", cell: (dispute) => formatMoney(dispute.amountCents, dispute.currency) },
  { header: "Reason", cell: (dispute) => dispute.reason ?? "—" },
  {
    header: "Respond by",
    cell: (dispute) => {
      const left = timeToRespond(dispute, nowMs);
      return (
        <>
          {dispute.respondBy ? <DateOf iso={dispute.respondBy} /> : "—"} <Badge tone={left.tone}>{left.label}</Badge>
        </>
      );
    },
  },
];

const DisputesSection: FC<{ disputes: { count: number; disputes: DisputeRecord[] }; nowMs: number }> = ({
  disputes: { count, disputes },
  nowMs,
}) => (
  <section class="card" aria-labelledby="disputes-heading" id="disputes-needing-response">
    <h2 id="disputes-heading">
      Disputes needing a response <Badge tone={count > 0 ? "bad" : "good"}>{count}</Badge>
    </h2>
    {disputes.length === 0 ? (
      <p class="muted">None: no dispute is waiting for your answer.</p>
    ) : (
      <>
        <Table rows={disputes} columns={disputeColumns(nowMs)} />
        <p>
          <a href="/dashboard/disputes">{count > disputes.length ? `All ${count} disputes awaiting a response →` : "All disputes →"}</a>
        </p>
      </>
    )}
  </section>
);

/** The attestation link, with where the sandbox's attestation page returns after signing (the service's own page links back itself). */
const attestationLink = (actionUrl: string, returnUrl: string) => {
  const url = new URL(actionUrl);
  url.searchParams.set("return_url", returnUrl);
  return url.toString();
};

/** PCI as the merchant needs it: when the attestation is due (pending or expired), or until when it holds (valid). */
const PciStatus: FC<{ readiness: Readiness; returnUrl: string }> = ({ readiness, returnUrl }) => {
  const { pci } = readiness;
  const dueAt = readiness.requirements.find((requirement) => requirement.code === "pci_saq_a")?.dueAt ?? null;
  const tone: Tone = pci.status === "valid" ? "good" : pci.status === "expired" ? "bad" : pci.status === "pending" ? "warn" : "neutral";
  return (
    <dd id="pci-status">
      <Badge tone={tone}>{words(pci.status)}</Badge>
      {pci.status === "valid" && pci.validUntil ? (
        <span class="small">
          {" "}
          attest again by <time datetime={pci.validUntil}>{pci.validUntil}</time>
        </span>
      ) : null}
      {pci.status === "expired" && pci.validUntil ? (
        <span class="small">
          {" "}
          expired <time datetime={pci.validUntil}>{pci.validUntil}</time>
        </span>
      ) : null}
      {(pci.status === "pending" || pci.status === "expired") && dueAt ? (
        <span class="small">
          {" "}
          due <DateOf iso={dueAt} />
        </span>
      ) : null}
      {pci.actionUrl ? (
        <>
          {" "}
          <a href={attestationLink(pci.actionUrl, returnUrl)}>Attest PCI compliance</a>
        </>
      ) : null}
    </dd>
  );
};

const ReadinessSection: FC<{ readiness: Readiness; attestationReturnUrl: string }> = ({ readiness, attestationReturnUrl }) => {
  const status = STATUS_TEXT[readiness.onboardingStatus];
  const canStart = readiness.onboardingStatus === "not_started" && !readiness.onboardingUrl;
  return (
    <section class="card" aria-labelledby="readiness-heading">
      <h2 id="readiness-heading">Readiness to take payments</h2>
      <dl class="facts">
        <dt>Onboarding</dt>
        <dd>
          <Badge tone={status.tone}>{status.label}</Badge>
        </dd>
        <dt>Charges enabled</dt>
        <dd>
          <YesNo value={readiness.chargesEnabled} />
        </dd>
        <dt>Payouts enabled</dt>
        <dd>
          <YesNo value={readiness.payoutsEnabled} />
        </dd>
        <dt>PCI (SAQ-A)</dt>
        <PciStatus readiness={readiness} returnUrl={attestationReturnUrl} />
        {readiness.processorMerchantId ? (
          <>
            <dt>Processor merchant</dt>
            <dd class="mono">{readiness.processorMerchantId}</dd>
          </>
        ) : null}
      </dl>
      {readiness.reasons.length > 0 ? (
        <ul class="reasons">
          {readiness.reasons.map((reason) => (
            <li>{reason.message}</li>
          ))}
        </ul>
      ) : null}
      <div class="actions">
        {readiness.onboardingUrl ? (
          <a class="button" href={readiness.onboardingUrl}>
            Continue onboarding
          </a>
        ) : null}
        {canStart ? (
          <PostButton action="/dashboard/onboarding" class="button">
            Start onboarding
          </PostButton>
        ) : null}
        <a class="button secondary" href="/dashboard?refresh=true">
          Check with the processor again
        </a>
      </div>
    </section>
  );
};

export const OverviewPage: FC<{
  tenantName: string;
  currency: string;
  readiness: Readiness;
  attestationReturnUrl: string;
  days: DayMoney[];
  holds: OpenHolds;
  payouts: PayoutsAtAGlance;
  disputes: { count: number; disputes: DisputeRecord[] };
  nowMs: number;
}> = ({ tenantName, currency, readiness, attestationReturnUrl, days, holds, payouts, disputes, nowMs }) => (
  <>
    <p class="lead">{tenantName}</p>
    <MoneySection days={days} holds={holds} currency={currency} />
    <PayoutsSection payouts={payouts} />
    <DisputesSection disputes={disputes} nowMs={nowMs} />
    <ReadinessSection readiness={readiness} attestationReturnUrl={attestationReturnUrl} />
    <section class="grid-2">
      <div class="card">
        <h2>Integrate</h2>
        <p>
          Create an API key for your server, then charge with <code>POST /v1/payments</code>.
        </p>
        <a href="/dashboard/keys">Manage API keys</a>
      </div>
      <div class="card">
        <h2>Hear about changes</h2>
        <p>Register a callback URL to receive signed events when payments settle, disputes open or your readiness changes.</p>
        <a href="/dashboard/callbacks">Set up callbacks</a>
      </div>
    </section>
  </>
);
