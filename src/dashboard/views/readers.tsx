import type { FC } from "hono/jsx";

import type { PaymentRecord } from "../../payments";
import type { Connection, ReaderState, ReaderStatus } from "../../terminal";
import { Badge, EmptyState, RecordLink, Time, type Tone } from "./components/display";
import { ErrorSummary, Field, PostButton, PostForm } from "./components/forms";
import { NextPageLink } from "./components/list";
import { type Column, Table } from "./components/table";
import { formatMoney } from "./format";
import { StatusBadge } from "./payments";

const STATUS_TONES: Record<ReaderStatus, Tone> = { registered: "warn", active: "good", deactivated: "neutral" };

const ReaderStatusBadge: FC<{ status: ReaderStatus }> = ({ status }) => <Badge tone={STATUS_TONES[status]}>{status}</Badge>;

/** Online or offline as the processor reported it for this page; unknown when it could not be asked. */
const ConnectionBadge: FC<{ connection: Connection | undefined }> = ({ connection }) =>
  connection === "Open" ? (
    <Badge tone="good">online</Badge>
  ) : connection === "Closed" ? (
    <Badge tone="bad">offline</Badge>
  ) : (
    <Badge tone="warn">unknown</Badge>
  );

const readerPath = (reader: ReaderState) => `/dashboard/readers/${reader.id}`;

export type ListedReader = { reader: ReaderState; connection: Connection | undefined };

const READER_COLUMNS: Column<ListedReader>[] = [
  {
    header: "Reader",
    cell: ({ reader }) => (
      <>
        <a href={readerPath(reader)}>{reader.label}</a>
        <br />
        <span class="mono small">{reader.serialNumber}</span>
      </>
    ),
  },
  { header: "Model", cell: ({ reader }) => reader.model },
  { header: "Status", cell: ({ reader }) => <ReaderStatusBadge status={reader.status} /> },
  { header: "Connection", cell: ({ connection }) => <ConnectionBadge connection={connection} /> },
  {
    header: "Sale in progress",
    cell: ({ reader }) => (reader.salePaymentId ? <RecordLink section="payments" id={reader.salePaymentId} /> : "—"),
  },
  { header: "Registered", cell: ({ reader }) => <Time iso={reader.createdAt} /> },
];

export type RegisterFormValues = { serialNumber?: string; model?: string; label?: string };
export type FormState<Values> = { values?: Values; errors?: Record<string, string>; formError?: string | undefined };

export const ReadersPage: FC<
  { models: readonly string[]; readers: ListedReader[]; nextCursor: string } & FormState<RegisterFormValues>
> = ({ models, readers, nextCursor, values = {}, errors = {}, formError }) => (
  <>
    <section class="card" aria-labelledby="register-heading">
      <h2 id="register-heading">Register a reader</h2>
      <PostForm action="/dashboard/readers" class="stack readers-register">
        <ErrorSummary message={formError} />
        <Field
          name="serialNumber"
          label="Serial number"
          value={values.serialNumber}
          error={errors.serialNumber}
          hint="As printed on the back of the reader."
          required
        />
        <div class={errors.model ? "field has-error" : "field"}>
          <label for="model">Model</label>
          {errors.model ? (
            <p class="field-error" id="model-error">
              {errors.model}
            </p>
          ) : null}
          <select id="model" name="model" aria-describedby={errors.model ? "model-error" : undefined}>
            {models.map((model) => (
              <option value={model} selected={values.model === model}>
                {model}
              </option>
            ))}
          </select>
        </div>
        <Field name="label" label="Label (optional)" value={values.label} error={errors.label} hint="E.g. Front counter." />
        <button type="submit" class="button">
          Register reader
        </button>
      </PostForm>
    </section>
    <section aria-labelledby="readers-heading">
      <h2 id="readers-heading">Your readers</h2>
      {readers.length === 0 ? (
        <EmptyState title="No readers yet">Register a reader above, or with POST /v1/terminal/readers.</EmptyState>
      ) : (
        <Table rows={readers} columns={READER_COLUMNS} rowAttributes={({ reader }) => ({ "data-reader": reader.id })} />
      )}
      <NextPageLink path="/dashboard/readers" cursor={nextCursor}>
        More readers →
      </NextPageLink>
    </section>
  </>
);

const SALE_COLUMNS: Column<PaymentRecord>[] = [
  { header: "Started", cell: (payment) => <Time iso={payment.createdAt} /> },
  { header: "Payment", cell: (payment) => <RecordLink section="payments" id={payment.id} /> },
  { header: "Order", cell: (payment) => payment.orderRef ?? "—" },
  { header: "Amount", class: "num", cell: (payment) => formatMoney(payment.amountCents, payment.currency) },
  { header: "Status", cell: (payment) => <StatusBadge status={payment.status} /> },
  { header: "Outcome", cell: (payment) => payment.failureCode ?? "—" },
];

export type SaleFormValues = { amount?: string; orderRef?: string; hold?: boolean };

export const ReaderPage: FC<
  {
    reader: ReaderState;
    connection: Connection | undefined;
    sales: PaymentRecord[];
    currency: string;
    saleKey: string;
    canSimulateTap: boolean;
    actionError?: string | undefined;
  } & FormState<SaleFormValues>
> = ({ reader, connection, sales, currency, saleKey, canSimulateTap, actionError, values = {}, errors = {}, formError }) => {
  const inProgress = reader.salePaymentId ? sales.find((sale) => sale.id === reader.salePaymentId) : undefined;
  return (
    <>
      <p>
        <a href="/dashboard/readers">← All readers</a>
      </p>
      {/* While a sale waits on the reader, the script refreshes all of this until the sale's outcome is known. */}
      <div id="reader-state" data-refresh={reader.salePaymentId ? "2000" : undefined}>
        <section class="card">
          <ErrorSummary message={actionError} />
          <dl class="facts">
            <dt>Status</dt>
            <dd>
              <ReaderStatusBadge status={reader.status} />
            </dd>
            <dt>Connection</dt>
            <dd>
              <ConnectionBadge connection={connection} />
            </dd>
            <dt>Label</dt>
            <dd>{reader.label}</dd>
            <dt>Serial number</dt>
            <dd class="mono">{reader.serialNumber}</dd>
            <dt>Model</dt>
            <dd>{reader.model}</dd>
            <dt>Reader id</dt>
            <dd class="mono">{reader.id}</dd>
            <dt>Processor device</dt>
            <dd class="mono">{reader.processorDeviceId}</dd>
            <dt>Registered</dt>
            <dd>
              <Time iso={reader.createdAt} />
            </dd>
          </dl>
          <div class="actions">
            {reader.status === "active" ? (
              reader.salePaymentId ? null : (
                <PostButton
                  action={`${readerPath(reader)}/deactivate`}
                  confirm="Deactivate this reader? It takes no sales until activated again."
                >
                  Deactivate
                </PostButton>
              )
            ) : (
              <PostButton action={`${readerPath(reader)}/activate`} class="button">
                Activate
              </PostButton>
            )}
          </div>
        </section>
        <section class="card" aria-labelledby="sale-heading">
          <h2 id="sale-heading">{reader.salePaymentId ? "Sale in progress" : "Sell on this reader"}</h2>
          <ErrorSummary message={formError} />
          {reader.salePaymentId ? (
            <>
              <p>
                Waiting for the buyer's card:{" "}
                {inProgress ? <strong>{formatMoney(inProgress.amountCents, inProgress.currency)}</strong> : null} — payment{" "}
                <RecordLink section="payments" id={reader.salePaymentId} />
                {inProgress?.orderRef ? `, order ${inProgress.orderRef}` : ""}.
              </p>
              <div class="actions">
                {canSimulateTap ? (
                  <PostButton action={`${readerPath(reader)}/simulate-tap`} class="button">
                    Simulate tap
                  </PostButton>
                ) : null}
                <PostButton
                  action={`${readerPath(reader)}/cancel`}
                  class="button danger"
                  confirm="Cancel this sale? If the buyer has already tapped, the sale stands."
                >
                  Cancel sale
                </PostButton>
              </div>
              {canSimulateTap ? <p class="hint">Sandbox: "Simulate tap" is the buyer presenting an approved card.</p> : null}
            </>
          ) : reader.status === "active" ? (
            <PostForm action={`${readerPath(reader)}/sales`} class="stack" labelledBy="sale-heading">
              <input type="hidden" name="saleKey" value={saleKey} />
              <Field
                name="amount"
                label={`Amount (${currency})`}
                inputmode="decimal"
                value={values.amount}
                error={errors.amount}
                hint="E.g. 12.50."
                required
              />
              <Field
                name="orderRef"
                label="Order reference"
                value={values.orderRef}
                error={errors.orderRef}
                hint="Your order's id; it comes back on the payment and its callback."
                required
              />
              <div class="field checkbox">
                <input id="hold" name="hold" type="checkbox" value="true" checked={values.hold} aria-describedby="hold-hint" />
                <label for="hold">Authorize only, capture later (add a tip)</label>
              </div>
              <p class="hint" id="hold-hint">
                The card is held, not charged: capture it from the payment's page, with a tip up to the amount held, or void it.
              </p>
              <button type="submit" class="button">
                Start sale
              </button>
            </PostForm>
          ) : (
            <p class="muted">Activate the reader to sell on it.</p>
          )}
        </section>
        <section aria-labelledby="sales-heading">
          <h2 id="sales-heading">Recent sales on this reader</h2>
          {sales.length === 0 ? (
            <EmptyState title="No sales yet">Sales started here or with POST /v1/payments/terminal appear here.</EmptyState>
          ) : (
            <Table rows={sales} columns={SALE_COLUMNS} />
          )}
        </section>
      </div>
    </>
  );
};
