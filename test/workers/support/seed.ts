// Rows written straight into a database, for tests of reads and guards that must not depend on the processor. Each
// table's defaults live here, once: the columns a valid row needs and no test asserts on (a seeded merchant, USD, the
// time of writing), so a seed names only what its test is about. Rows go in through drizzle's insert on the same
// tables the service writes, one statement per row in batches (D1 binds at most 100 values a statement).
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

import { dashboardAuditLog } from "../../../src/accounts/audit.schema";
import { disputeEvidence, disputes } from "../../../src/disputes/disputes.schema";
import { payments, refunds } from "../../../src/payments/payments.schema";
import { payoutItems, payouts } from "../../../src/payouts/payouts.schema";
import { tenantMoves } from "../../../src/placement/tenant-moves.schema";
import type { RequestLogRecord } from "../../../src/requests";
import { terminalReaders } from "../../../src/terminal/terminal.schema";
import type { ControlDb, ShardDb } from "./db";

/** The processor merchant of seeded rows: no test charges it. */
export const SEEDED_MERCHANT = "MUseeded";

const now = () => new Date().toISOString();
/** The processor's id of a seeded row: its prefix and the row id's letters and digits. */
const processorId = (prefix: string, id: string) => `${prefix}${id.replace(/[^A-Za-z0-9]/g, "")}`;

type Insert<T extends SQLiteTable> = T["$inferInsert"];
/** A row of `T` with the columns in `K` required and every other one optional. */
type Seeded<T extends SQLiteTable, K extends keyof Insert<T>> = Partial<Insert<T>> & Pick<Insert<T>, K>;

/** Inserts rows of one table into one database, in batches of 500 rows. */
export async function insertRows<T extends SQLiteTable>(db: ShardDb | ControlDb, table: T, rows: Insert<T>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) {
    const [first, ...rest] = rows.slice(start, start + 500).map((row) => (db as ShardDb).insert(table).values(row) as BatchItem<"sqlite">);
    await db.batch([first!, ...rest]);
  }
}

/** A charge's ledger row; its instants default to now. */
export const paymentRow = (row: Seeded<typeof payments, "id" | "tenantId" | "status" | "amountCents">): Insert<typeof payments> => ({
  idempotencyKey: `seed-${row.id}`,
  method: "card",
  currency: "USD",
  applicationFeeCents: 10,
  processorMerchantId: SEEDED_MERCHANT,
  createdAt: row.createdAt ?? now(),
  updatedAt: row.createdAt ?? now(),
  ...row,
});

/** A refund of a payment, asking for no fee credit unless told. */
export const refundRow = (
  row: Seeded<typeof refunds, "id" | "tenantId" | "paymentId" | "status" | "amountCents">,
): Insert<typeof refunds> => ({
  refundApplicationFee: false,
  createdAt: row.createdAt ?? now(),
  updatedAt: row.createdAt ?? now(),
  ...row,
});

/** A dispute of a payment, open and awaiting the merchant's response, as the processor's dispute.created leaves it. */
export const disputeRow = (row: Seeded<typeof disputes, "id" | "tenantId" | "paymentId">): Insert<typeof disputes> => ({
  processorDisputeId: `DI${row.id.slice(6)}`,
  processorTransferId: processorId("TR", row.paymentId),
  processorMerchantId: SEEDED_MERCHANT,
  amountCents: 5000,
  currency: "USD",
  reason: "fraud",
  state: "open",
  responseState: "needs_response",
  respondBy: "2099-01-01T00:00:00.000Z",
  processorUpdatedAt: row.createdAt ?? now(),
  changeToken: "seed",
  syncedAt: row.createdAt ?? now(),
  createdAt: row.createdAt ?? now(),
  updatedAt: row.createdAt ?? now(),
  ...row,
});

/** A piece of evidence already sent to the processor: a PDF of 100 bytes. */
export const evidenceRow = (
  row: Seeded<typeof disputeEvidence, "id" | "tenantId" | "disputeId" | "fileName" | "r2Key">,
): Insert<typeof disputeEvidence> => ({
  sha256: row.id,
  uploadName: row.fileName,
  contentType: "application/pdf",
  kind: "pdf",
  sizeBytes: 100,
  state: "succeeded",
  createdAt: row.createdAt ?? now(),
  updatedAt: row.createdAt ?? now(),
  ...row,
});

/** A paid payout of one payment, as a synced settlement leaves it. */
export const payoutRow = (row: Seeded<typeof payouts, "id" | "tenantId">): Insert<typeof payouts> => ({
  processorSettlementId: `ST${row.id.slice(5)}`,
  processorMerchantId: SEEDED_MERCHANT,
  status: "paid",
  processorStatus: "APPROVED",
  grossCents: 5000,
  feesCents: 80,
  netCents: 4920,
  currency: "USD",
  processorUpdatedAt: row.createdAt ?? now(),
  syncedAt: row.createdAt ?? now(),
  createdAt: row.createdAt ?? now(),
  updatedAt: row.createdAt ?? now(),
  ...row,
});

/** A line of a payout; its net is its amount less its fee. */
export const payoutItemRow = (
  row: Seeded<typeof payoutItems, "payoutId" | "processorTransferId" | "tenantId" | "type" | "amountCents" | "feeCents">,
): Insert<typeof payoutItems> => ({
  netCents: row.amountCents - row.feeCents,
  processorCreatedAt: now(),
  ...row,
});

/** A request's row in the request log: a GET of the payments list answered 200 in 12 ms. */
export const requestRow = (row: Pick<RequestLogRecord, "id" | "at" | "traceId"> & Partial<RequestLogRecord>): RequestLogRecord => ({
  method: "GET",
  path: "/v1/payments",
  query: "",
  status: 200,
  durationMs: 12,
  idempotencyKey: null,
  apiKeyId: "key_seededkey000000",
  client: null,
  ...row,
});

/** An entry of the dashboard's audit log, from a test's browser. */
export const auditRow = (
  row: Seeded<typeof dashboardAuditLog, "id" | "tenantId" | "action" | "createdAt">,
): Insert<typeof dashboardAuditLog> => ({
  actorEmail: "seed@example.com",
  ipAddress: "192.0.2.1",
  userAgent: "test",
  ...row,
});

/** A move of the tenant between the default region's two shards, started now at `step`. */
export const moveRow = (row: Seeded<typeof tenantMoves, "tenantId" | "step">): Insert<typeof tenantMoves> => ({
  fromShard: "DB_SHARD_US_1",
  toShard: "DB_SHARD_US_2",
  toRegion: "us",
  tally: {},
  startedAt: now(),
  updatedAt: now(),
  ...row,
});

/** A reader registered at the counter, active. */
export const readerRow = (
  row: Seeded<typeof terminalReaders, "id" | "tenantId" | "serialNumber" | "processorMerchantId">,
): Insert<typeof terminalReaders> => ({
  model: "PAX_A920PRO",
  label: "Counter",
  status: "active",
  processorDeviceId: `DV${row.id.slice(6)}`,
  createdAt: now(),
  updatedAt: now(),
  ...row,
});
