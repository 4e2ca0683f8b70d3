import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { payments } from "../../../src/payments/payments.schema";
import { runScheduledSweeps } from "../../../src/scheduled";
import { ownerOf } from "../support/dashboard";
import { rowsOnEveryShard } from "../support/db";
import { ADMIN_HEADERS, call, expectProblem } from "../support/http";
import { type Payment, refund } from "../support/payments";
import { cardToken, charge, chargeableTenant, chargeBody } from "../support/sandbox";
import { activeReader, buyer, finalPayment, type Sale, saleBody, startSale, waitingOnReader } from "../support/terminal";

// Support at the processor is one lookup: every processor call's log line carries the processor's x-request-id beside
// the traceId of the work that made it, and a payment shows the request ids of its own calls with what each was.

type LogLine = { level: string; message: string; traceId?: string; path?: string; details?: LogLine[] } & Record<string, unknown>;
type ProcessorCall = { operation: string; atUtc: string; processorRequestId: string };
type OperatorPayment = Payment & { tenantId: string; processorCalls: ProcessorCall[] };

let lines: LogLine[] = [];
beforeEach(() => {
  lines = [];
  for (const level of ["log", "warn", "error"] as const) {
    vi.spyOn(console, level).mockImplementation((line: unknown) => {
      if (typeof line === "string" && line.startsWith("{")) lines.push(JSON.parse(line) as LogLine);
    });
  }
});
afterEach(() => void vi.restoreAllMocks());

/** The processor calls logged on one request's line, in order: the request ids the processor (the sandbox) sent. */
function loggedCalls(method: string, path: string) {
  const request = lines.find((line) => line.message === "request" && line.method === method && line.path === path);
  expect(request?.traceId).toMatch(/^[0-9a-f]{32}$/);
  return (request!.details ?? [])
    .filter((detail) => detail.message === "processor call")
    .map((detail) => ({ template: `${detail.method} ${detail.pathTemplate}`, processorRequestId: detail.processorRequestId as string }));
}

const operatorPayment = async (tenantId: string, paymentId: string) => {
  const response = await call(`/admin/tenants/${tenantId}/payments/${paymentId}`, { headers: ADMIN_HEADERS });
  expect(response.status).toBe(200);
  return response.json<OperatorPayment>();
};

describe("the processor request ids of a payment's calls", () => {
  it("are the ids the processor sent for the charge, the refund and the cron's fee read, on the operator's view and the dashboard's page", async () => {
    const { auth, tenantId } = await chargeableTenant();
    const payment = await (await charge(auth, chargeBody(await cardToken(), { amountCents: 10_000 }))).json<Payment>();
    expect(payment.status).toBe("succeeded");
    const charged = loggedCalls("POST", "/v1/payments");
    expect(charged.map((logged) => logged.template)).toEqual(["POST /identities", "POST /payment_instruments", "POST /transfers"]);

    const refunded = `/v1/payments/${payment.lcPaymentId}/refund`;
    expect((await refund(auth, payment.lcPaymentId, { amountCents: 4000, refundApplicationFee: true })).status).toBe(200);
    const refundCalls = loggedCalls("POST", refunded);
    expect(refundCalls.map((logged) => logged.template)).toEqual(["POST /transfers/{transfer_id}/reversals", "POST /transfers"]);

    // The cron's fee read is no request: its line is its own, under the cron run's trace id.
    await runScheduledSweeps(env, Date.now() + 1000);
    const feeReads = lines.filter((line) => line.message === "processor call" && line.pathTemplate === "/fees");
    expect(feeReads).toHaveLength(1);
    expect(feeReads[0]).toMatchObject({ traceId: expect.stringMatching(/^[0-9a-f]{32}$/), processorRequestId: expect.any(String) });

    const viewed = await operatorPayment(tenantId, payment.lcPaymentId);
    expect(viewed).toMatchObject({ lcPaymentId: payment.lcPaymentId, tenantId, amountRefundedCents: 4000 });
    expect(viewed.processorCalls.map(({ operation, processorRequestId }) => [operation, processorRequestId])).toEqual([
      ["createIdentity", charged[0]!.processorRequestId],
      ["createPaymentInstrument", charged[1]!.processorRequestId],
      ["createTransfer", charged[2]!.processorRequestId],
      ["createReversal", refundCalls[0]!.processorRequestId],
      ["createMerchantCreditAdjustment", refundCalls[1]!.processorRequestId],
      ["listTransferFees", feeReads[0]!.processorRequestId],
    ]);
    for (const { atUtc } of viewed.processorCalls) expect(Math.abs(Date.parse(atUtc) - Date.now())).toBeLessThan(10 * 60_000);

    const { browser } = await ownerOf(tenantId);
    const { html } = await browser.open(`/dashboard/payments/${payment.lcPaymentId}`);
    const section = html.slice(html.indexOf('id="processor-calls-heading"'));
    for (const [label, { processorRequestId }] of [
      ["Buyer identity", viewed.processorCalls[0]!],
      ["Payment instrument", viewed.processorCalls[1]!],
      ["Sale", viewed.processorCalls[2]!],
      ["Refund (reversal)", viewed.processorCalls[3]!],
      ["Fee credit", viewed.processorCalls[4]!],
      ["Fee read", viewed.processorCalls[5]!],
    ] as const) {
      expect(section).toMatch(new RegExp(`data-processor-request="${processorRequestId}"[^]*?${label.replace(/[()]/g, "\\$&")}`));
    }

    const [stored] = await rowsOnEveryShard((db) =>
      db
        .select({ bytes: sql<number>`length(${payments.processorCalls})` })
        .from(payments)
        .where(eq(payments.id, payment.lcPaymentId)),
    );
    // Lean for the payment row: six calls (a charge, a refund with its fee credit, the fee read) in about 300 bytes.
    expect(stored!.bytes).toBeLessThanOrEqual(320);
  }, 30_000);

  it("include a reader sale's, made on its reader's alarm under a trace id of its own", async () => {
    const { auth, tenantId } = await chargeableTenant("Counter Roasters");
    const reader = await activeReader(auth);
    const sale = await (await startSale(auth, saleBody(reader.lcReaderId, { amountCents: 1250 }))).json<Sale>();
    await waitingOnReader(reader.processorDeviceId);
    await buyer(reader.processorDeviceId, "approve");
    expect((await finalPayment(auth, sale.lcPaymentId)).status).toBe("succeeded");

    const calls = (await operatorPayment(tenantId, sale.lcPaymentId)).processorCalls;
    const readerSale = calls.find((recorded) => recorded.operation === "createCardPresentTransfer");
    expect(readerSale?.processorRequestId).toMatch(/^[0-9a-f-]{36}$/);
    const logged = lines.find((line) => line.message === "processor call" && line.processorRequestId === readerSale!.processorRequestId);
    expect(logged).toMatchObject({ pathTemplate: "/transfers", traceId: expect.stringMatching(/^[0-9a-f]{32}$/) });
  }, 30_000);

  it("are another tenant's to no one: the operator's view answers 404 for a payment under the wrong tenant", async () => {
    const owner = await chargeableTenant();
    const other = await chargeableTenant("Other Roasters");
    const payment = await (await charge(owner.auth, chargeBody(await cardToken()))).json<Payment>();
    expect((await operatorPayment(owner.tenantId, payment.lcPaymentId)).processorCalls).toHaveLength(3);
    await expectProblem(
      await call(`/admin/tenants/${other.tenantId}/payments/${payment.lcPaymentId}`, { headers: ADMIN_HEADERS }),
      404,
      "not-found",
    );
  });
});
