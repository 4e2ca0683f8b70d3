import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";

import { REPLAY_HEADER, requestFingerprint, withIdempotency } from "../idempotency/idempotency.service";
import { ApiError } from "../lib/problem";
import type { PaymentRecord, PaymentStatus } from "../payments";
import { afterResponse } from "../platform/after-response";
import type { RootContext } from "../platform/context";
import { ProcessorRejected, ProcessorUnavailable } from "../processor";
import { merchantSandboxControl, sandboxControlsAvailable } from "../sandbox-proxy";
import {
  activateReader,
  cancelSaleOnReader,
  type Connection,
  deactivateReader,
  getReader,
  listReaders,
  listReaderSales,
  PAX_MODELS,
  readerConnection,
  type ReaderState,
  registerReader,
  RegisterReaderRequestSchema,
  startTerminalSale,
  type TerminalSaleInput,
  terminalSalePath,
  TerminalSaleRequestSchema,
  toTerminalSale,
} from "../terminal";
import { auditSignedIn } from "./audit-request";
import { fieldErrors, formFields, minorUnits, newFormKey } from "./forms";
import type { SignedInBindings } from "./types";
import type { Notice } from "./views/components/page-header";
import { formatMoney } from "./views/format";
import { type FormState, ReaderPage, ReadersPage, type RegisterFormValues, type SaleFormValues } from "./views/readers";

type SignedInContext = Context<SignedInBindings>;

const PAGE_SIZE = 25;
const RECENT_SALES = 10;

/** The connection as the processor reports it now; a processor that cannot answer leaves it unknown, not the page broken. */
async function connectionNow(ctx: RootContext, reader: ReaderState): Promise<Connection | undefined> {
  try {
    return await readerConnection(ctx, reader);
  } catch (error) {
    if (error instanceof ProcessorUnavailable || error instanceof ProcessorRejected) return undefined;
    throw error;
  }
}

async function readersPage(c: SignedInContext, form: FormState<RegisterFormValues> = {}) {
  const ctx = c.get("ctx");
  const cursor = c.req.query("cursor");
  const { data, nextCursor } = await listReaders({
    ctx,
    input: { query: { limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) } },
  });
  const readers = await Promise.all(data.map(async (reader) => ({ reader, connection: await connectionNow(ctx, reader) })));
  return c.render(<ReadersPage models={PAX_MODELS} readers={readers} nextCursor={nextCursor} {...form} />, { title: "Readers" });
}

export const showReaders = (c: SignedInContext) => readersPage(c);

/** A registration sent twice lands on the reader the first one made: the service's refusal names the tenant's own reader. */
export async function registerReaderFromForm(c: SignedInContext) {
  const form = await formFields(c);
  const values: RegisterFormValues = { serialNumber: form.serialNumber ?? "", model: form.model ?? "", label: form.label ?? "" };
  const again = (status: ContentfulStatusCode, state: Omit<FormState<RegisterFormValues>, "values">) => {
    c.status(status);
    return readersPage(c, { values, ...state });
  };
  const parsed = RegisterReaderRequestSchema.safeParse({
    serialNumber: values.serialNumber,
    model: values.model,
    ...(values.label?.trim() ? { label: values.label } : {}),
  });
  if (!parsed.success) return again(400, { errors: fieldErrors(parsed.error) });
  let reader: ReaderState;
  try {
    reader = await registerReader({ ctx: c.get("ctx"), input: { ...parsed.data } });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    const ownReaderId = error.extensions.lcReaderId;
    if (typeof ownReaderId === "string") return c.redirect(`/dashboard/readers/${ownReaderId}?notice=reader-known`, 303);
    if (error.slug === "reader-already-registered") return again(error.status, { errors: { serialNumber: error.message } });
    return again(error.status, { formError: error.message });
  }
  await auditSignedIn(c, "reader.registered", `${reader.id} (${reader.serialNumber})`);
  return c.redirect(`/dashboard/readers/${reader.id}?notice=reader-registered`, 303);
}

const ownReader = async (c: SignedInContext) =>
  (
    await getReader({
      ctx: c.get("ctx"),
      input: { readerId: c.req.param("readerId") ?? "", connection: false },
    })
  ).reader;

type ReaderPageState = FormState<SaleFormValues> & { actionError?: string };

async function readerPage(c: SignedInContext, reader: ReaderState, state: ReaderPageState = {}) {
  const ctx = c.get("ctx");
  const [connection, sales] = await Promise.all([
    connectionNow(ctx, reader),
    listReaderSales({ ctx, input: { readerId: reader.id, limit: RECENT_SALES } }),
  ]);
  return c.render(
    <ReaderPage
      reader={reader}
      connection={connection}
      sales={sales}
      currency={ctx.env.CURRENCY}
      saleKey={newFormKey()}
      canSimulateTap={sandboxControlsAvailable(ctx.env)}
      {...state}
    />,
    { title: `Reader ${reader.label}` },
  );
}

export async function showReader(c: SignedInContext) {
  return readerPage(c, await ownReader(c));
}

const toReader = (c: SignedInContext, readerId: string, notice: Notice) =>
  c.redirect(`/dashboard/readers/${readerId}?notice=${notice}`, 303);

/** Activate and deactivate as /v1 does them; a refusal (a sale in progress, the processor's no) is shown on the reader. */
function readerAction(service: typeof activateReader, audited: "reader.activated" | "reader.deactivated", notice: Notice) {
  return async (c: SignedInContext) => {
    const reader = await ownReader(c);
    try {
      await service({ ctx: c.get("ctx"), input: { readerId: reader.id } });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      c.status(error.status);
      return readerPage(c, await ownReader(c), { actionError: error.message });
    }
    await auditSignedIn(c, audited, reader.id);
    return toReader(c, reader.id, notice);
  };
}

export const activate = readerAction(activateReader, "reader.activated", "reader-activated");
export const deactivate = readerAction(deactivateReader, "reader.deactivated", "reader-deactivated");

const SaleForm = z.object({
  saleKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  amount: z.string().trim(),
  orderRef: z.string(),
  hold: z.literal("true").optional(),
});

/**
 * The form's sale is `POST /v1/payments/terminal` under an Idempotency-Key made from the form's one-time key, through the
 * same store and fingerprint as the API: a double-submitted form is one sale, and its repeat gets the first answer.
 */
async function startSaleOnce(c: SignedInContext, saleKey: string, request: TerminalSaleInput): Promise<Response> {
  const tenantId = c.get("session").tenantId;
  const idempotency = { key: `dashboard_${saleKey}`, fingerprint: await requestFingerprint("POST", terminalSalePath, request) };
  return withIdempotency({
    env: c.env,
    tenantId,
    ...idempotency,
    traceId: c.get("traceId"),
    execute: async () => {
      const { payment, readerId } = await startTerminalSale({ ctx: c.get("ctx"), input: { idempotency, request } });
      return Response.json(toTerminalSale(payment, readerId), { status: 202 });
    },
    afterResponse: (work) => afterResponse(c, work()),
  });
}

export async function startSale(c: SignedInContext) {
  const reader = await ownReader(c);
  const form = await formFields(c);
  const values: SaleFormValues = { amount: form.amount ?? "", orderRef: form.orderRef ?? "", hold: form.hold === "true" };
  const again = async (status: ContentfulStatusCode, state: Omit<ReaderPageState, "values">) => {
    c.status(status);
    return readerPage(c, await ownReader(c), { values, ...state });
  };
  const parsed = SaleForm.safeParse(form);
  if (!parsed.success) return again(400, { formError: "This form is out of date; fill it in again." });
  const amountCents = minorUnits(parsed.data.amount);
  if (amountCents === null) return again(400, { errors: { amount: "Enter the amount as a number, e.g. 12.50." } });
  const checked = TerminalSaleRequestSchema.safeParse({
    readerId: reader.id,
    amountCents,
    currency: c.env.CURRENCY,
    orderRef: parsed.data.orderRef,
    ...(parsed.data.hold ? { capture: false } : {}),
  });
  if (!checked.success) {
    const { amountCents: amount, ...errors } = fieldErrors(checked.error);
    return again(400, { errors: { ...errors, ...(amount ? { amount } : {}) } });
  }

  let answer: Response;
  try {
    answer = await startSaleOnce(c, parsed.data.saleKey, checked.data);
  } catch (error) {
    // The same form sent again while the first is still being recorded: show the reader, not a form to sell twice.
    if (error instanceof ApiError && error.slug === "idempotency-key-in-flight") return toReader(c, reader.id, "sale-already-sent");
    if (error instanceof ApiError && error.slug === "idempotency-key-reused") {
      return again(409, {
        formError: "This form was already sent with other details; check the reader's sales and submit this one instead.",
      });
    }
    throw error;
  }
  if (!answer.ok) {
    const problem: { detail: string } = await answer.json();
    return again(answer.status as ContentfulStatusCode, { formError: problem.detail });
  }
  if (answer.headers.get(REPLAY_HEADER) === "true") return toReader(c, reader.id, "sale-already-sent");
  const sale: { lcPaymentId: string } = await answer.json();
  const held = checked.data.capture === false ? ", authorize only" : "";
  await auditSignedIn(
    c,
    "terminal_sale.started",
    `${sale.lcPaymentId} (${formatMoney(checked.data.amountCents, checked.data.currency)}${held})`,
  );
  return toReader(c, reader.id, "sale-started");
}

const CANCEL_NOTICES: Partial<Record<PaymentStatus, Notice>> = {
  canceled: "sale-canceled",
  succeeded: "sale-tapped-before-cancel",
  authorized: "hold-tapped-before-cancel",
  processing: "sale-cancel-pending",
};

/** The reader is told to stop; the notice says what the processor then reported — a tap that beat the cancel stands. */
export async function cancelSale(c: SignedInContext) {
  const reader = await ownReader(c);
  let payment: PaymentRecord;
  try {
    payment = await cancelSaleOnReader({ ctx: c.get("ctx"), input: { readerId: reader.id } });
  } catch (error) {
    if (error instanceof ApiError && error.slug === "no-sale-in-progress") return toReader(c, reader.id, "sale-over");
    throw error;
  }
  await auditSignedIn(c, "terminal_sale.canceled", payment.id);
  return toReader(c, reader.id, CANCEL_NOTICES[payment.status] ?? "sale-over");
}

/**
 * Sandbox only: the buyer presents an approved card at the reader, through the sandbox's own `card-present` control in
 * the tenant's merchant's scope. Only while a sale waits on the reader: with none, the control would arm the next sale.
 */
export async function simulateTap(c: SignedInContext) {
  const reader = await ownReader(c);
  if (!sandboxControlsAvailable(c.env)) throw new ApiError("not-found", "There are no sandbox controls in this environment.");
  if (!reader.salePaymentId) return toReader(c, reader.id, "sale-over");
  await merchantSandboxControl(c.get("ctx"), {
    processorMerchantId: reader.processorMerchantId,
    action: "card-present",
    body: { device: reader.processorDeviceId, outcome: "approve" },
  });
  return toReader(c, reader.id, "tap-simulated");
}
