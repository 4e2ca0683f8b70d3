import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { createContext } from "../../../src/context";
import { tenantMoves } from "../../../src/placement/tenant-moves.schema";
import { sweepMissedProcessorEvents } from "../../../src/processor-webhooks/missed-events.sweep";
import { APPLY_RETRY_AFTER_MS, retryFailedApplications } from "../../../src/processor-webhooks/processor-webhooks.service";
import { processorWatermarks } from "../../../src/processor-webhooks/watermarks.schema";
import { runScheduledSweeps } from "../../../src/scheduled";
import { KEY_CHECK_TTL_MS } from "../../../src/tenants";
import { controlDb } from "../support/db";
import { paymentOf } from "../support/disputes";
import { ADMIN_HEADERS, call } from "../support/http";
import type { Payment } from "../support/payments";
import { eventsFor, holdProcessorWebhooks } from "../support/processor-webhooks";
import { bankToken, charge, chargeableTenant, chargeBody, control } from "../support/sandbox";
import { moveRow } from "../support/seed";

// Every processor webhook in this file goes to a request bin: what the service learns, it learns from the cron's read of
// the processor's change feeds.
beforeAll(async () => {
  await holdProcessorWebhooks("feeds");
});

type Feed = {
  resource: string;
  lagSeconds: number | null;
  readThroughUtc: string | null;
  reading: boolean;
  readStartedAtUtc: string | null;
  advancedAtUtc: string | null;
  deferredChanges: number;
};

const feeds = async () => {
  const response = await call("/admin/processor-feeds", { headers: ADMIN_HEADERS });
  expect(response.status).toBe(200);
  return (await response.json<{ data: Feed[] }>()).data;
};
const feed = async (resource: string) => (await feeds()).find((one) => one.resource === resource)!;
const readiness = async () =>
  (await (await call("/health/ready")).json<{ detail: { processorFeedLagSeconds: number | null; processorFeedsBehind: boolean } }>())
    .detail;

const cronRun = (laterMs = 0) => runScheduledSweeps(env, Date.now() + laterMs);
/**
 * The cron's two turns on the processor's changes, `laterMs` from now: the feeds, then the changes set aside. (A whole
 * cron run would also drive the move standing in for a pause below.)
 */
async function feedsRun(laterMs = 0) {
  const ctx = createContext(env, { nowMs: Date.now() + laterMs, priority: "sweep" });
  await sweepMissedProcessorEvents({ ctx });
  await retryFailedApplications({ ctx });
}

/** An ACH debit the processor settled without the service hearing of it: its webhook went to the bin. */
async function settledQuietly(name: string) {
  const tenant = await chargeableTenant(name);
  const payment = await (await charge(tenant.auth, chargeBody(await bankToken(), { amountCents: 4_200 }))).json<Payment>();
  expect(payment.status).toBe("processing");
  return { ...tenant, payment, settle: () => control("settle-ach", { id: payment.processorTransferId, outcome: "succeed" }, tenant.auth) };
}

const paymentEvents = async (lcPaymentId: string) =>
  (await eventsFor(lcPaymentId)).filter((event) => event.type === "transfer.updated").map((event) => JSON.parse(event.payload).status);

/** The tenant's writes paused as a move's last copy pauses them, until the row is deleted. */
async function pauseForMove(tenantId: string) {
  await controlDb()
    .insert(tenantMoves)
    .values(moveRow({ tenantId, step: "delta", pausedAt: new Date().toISOString() }));
}
/** The transfers feed caught up to `iso`, as if every change before it had been read: this test's changes alone are read. */
const readTransfersFrom = (iso: string) => feedReadThrough("transfer", iso);
const landed = (tenantId: string) => controlDb().delete(tenantMoves).where(eq(tenantMoves.tenantId, tenantId));
/** A feed read through `iso`, as if every change before it had been read. */
function feedReadThrough(resource: "transfer" | "dispute", iso: string) {
  return controlDb()
    .insert(processorWatermarks)
    .values({ resource, updatedSince: iso, afterCursor: null, scanStartedAt: iso, advancedAt: iso, readThrough: iso })
    .onConflictDoUpdate({
      target: processorWatermarks.resource,
      set: { updatedSince: iso, afterCursor: null, scanStartedAt: iso, readThrough: iso },
    });
}

describe("a change feed behind by 1,000 changes (a tenth of a deployment's run, with a tenth of its budget)", () => {
  it("catches up within three cron runs, each held to its subrequest budget, its lag back to minutes", async () => {
    // The oldest change in the feed is an ACH settlement whose webhook was lost; 1,000 newer sales come before it.
    const { auth, payment, settle, merchantId } = await settledQuietly("Busy Minute Co");
    await settle();
    await control("quiet-sales", { merchant: merchantId, count: 1_000 });

    let runs = 0;
    while ((await paymentOf(auth, payment.lcPaymentId)).status === "processing" && runs < 3) {
      await cronRun();
      runs++;
    }

    expect((await paymentOf(auth, payment.lcPaymentId)).status).toBe("succeeded");
    expect(await paymentEvents(payment.lcPaymentId)).toEqual(["succeeded"]);
    const transfers = await feed("transfer");
    expect(transfers).toMatchObject({ reading: false, deferredChanges: 0 });
    // Read through the start of its last read: within the minutes these runs took, not the 30 days of a first read.
    expect(transfers.lagSeconds).toBeLessThan(10 * 60);
    expect((await readiness()).processorFeedsBehind).toBe(false);
  }, 600_000);
});

describe("a change of a tenant paused by a move", () => {
  it("is set aside while the feed goes on past it, and applied once, after the tenant lands", async () => {
    await readTransfersFrom(new Date().toISOString());
    // Created first, so the processor lists it after the paused tenant's (newest first): a blocked feed never reaches it.
    const other = await settledQuietly("Goes On Co");
    const moving = await settledQuietly("Moving Along Co");
    await other.settle();
    await moving.settle();
    await pauseForMove(moving.tenantId);

    // Past the time an isolate trusts a merchant's tenant it has looked up: the pause is seen.
    await feedsRun(KEY_CHECK_TTL_MS);
    await feedsRun(KEY_CHECK_TTL_MS);

    expect((await paymentOf(other.auth, other.payment.lcPaymentId)).status).toBe("succeeded");
    expect(await paymentEvents(other.payment.lcPaymentId)).toEqual(["succeeded"]);
    expect(await feed("transfer")).toMatchObject({ reading: false, deferredChanges: 1 });
    expect(await paymentEvents(moving.payment.lcPaymentId)).toEqual([]);

    // Still moving at the retry a minute on: kept, untouched.
    await feedsRun(APPLY_RETRY_AFTER_MS + 1_000);
    expect(await feed("transfer")).toMatchObject({ deferredChanges: 1 });
    expect(await paymentEvents(moving.payment.lcPaymentId)).toEqual([]);

    await landed(moving.tenantId);
    await feedsRun(2 * APPLY_RETRY_AFTER_MS + 2_000);
    await feedsRun(3 * APPLY_RETRY_AFTER_MS + 3_000);

    expect((await paymentOf(moving.auth, moving.payment.lcPaymentId)).status).toBe("succeeded");
    expect(await paymentEvents(moving.payment.lcPaymentId)).toEqual(["succeeded"]);
    expect(await paymentEvents(other.payment.lcPaymentId)).toEqual(["succeeded"]);
    expect(await feed("transfer")).toMatchObject({ deferredChanges: 0 });
  }, 120_000);
});

describe("each feed's lag", () => {
  it("is listed for the operator and warned of by /health/ready past 15 minutes, until the feed catches up", async () => {
    const anHourAgo = new Date(Date.now() - 60 * 60_000).toISOString();
    await feedReadThrough("dispute", anHourAgo);

    expect((await feeds()).map((one) => one.resource)).toEqual(["dispute", "transfer", "merchant"]);
    const behind = await feed("dispute");
    expect(behind).toMatchObject({ readThroughUtc: anHourAgo, reading: false });
    expect(behind.lagSeconds).toBeGreaterThanOrEqual(60 * 60);
    const warned = await readiness();
    expect(warned.processorFeedsBehind).toBe(true);
    expect(warned.processorFeedLagSeconds).toBeGreaterThanOrEqual(60 * 60);

    await cronRun();

    const caughtUp = await feed("dispute");
    expect(caughtUp.lagSeconds).toBeLessThan(15 * 60);
    expect(Date.parse(caughtUp.readThroughUtc!)).toBeGreaterThan(Date.parse(anHourAgo));
    expect((await readiness()).processorFeedsBehind).toBe(false);
  }, 120_000);
});
