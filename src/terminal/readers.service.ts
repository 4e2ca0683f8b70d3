import { and, desc, eq, getTableColumns, isNotNull, type SQL, sql } from "drizzle-orm";

import { newId } from "../lib/ids";
import { afterCursor, cursorScope, pageOf } from "../lib/pagination";
import { ApiError } from "../lib/problem";
import { TENANT_TAG } from "../payments";
import type { RootContext, ShardContext, TenantContext } from "../platform/context";
import { type Device, type DeviceConfiguration, paginate, ProcessorRejected } from "../processor";
import { tenants } from "../tenants";
import { readerSerialNumbers } from "./serial-numbers.schema";
import type { ReaderRecord } from "./terminal.schema";
import { type PaxModel, type ReaderStatus, terminalReaders } from "./terminal.schema";
import type { Connection, ReaderState } from "./terminal.view";

/** Tag that binds a processor device, and each sale on it, to the reader that made it. */
export const READER_TAG = "lc_reader_id";

/**
 * Readers follow the charge gate: a tenant that cannot take charges cannot register a reader or sell on one. The gate
 * is the shard's copy of the tenant row, the one a charge's ledger write reads.
 */
export async function chargeableTenant(ctx: ShardContext, tenantId: string) {
  const tenant = await ctx.db.select().from(tenants).where(eq(tenants.id, tenantId)).get();
  if (!tenant?.chargesEnabled || !tenant.processorMerchantId) {
    throw new ApiError("merchant-not-ready", "Charges are not enabled for this merchant yet; see GET /v1/onboarding/status.");
  }
  return { ...tenant, processorMerchantId: tenant.processorMerchantId };
}

/** The reader's newest sale while its payment is still processing: the sale it is taking now. */
const salePaymentId = sql<string | null>`(
  SELECT sale.payment_id FROM terminal_sales AS sale JOIN payments AS payment ON payment.id = sale.payment_id
  WHERE sale.reader_id = terminal_readers.id AND payment.status = 'processing'
  ORDER BY sale.created_at DESC LIMIT 1)`;

function selectReaders(ctx: ShardContext, where: SQL | undefined) {
  // A registration still waiting for the processor's answer is not a reader yet.
  return ctx.db
    .select({ ...getTableColumns(terminalReaders), salePaymentId })
    .from(terminalReaders)
    .where(and(isNotNull(terminalReaders.processorDeviceId), where));
}

/** Scoped by tenant: another tenant's reader is indistinguishable from a missing one. */
export async function ownedReader(ctx: ShardContext, tenantId: string, readerId: string): Promise<ReaderState> {
  const reader = await selectReaders(ctx, and(eq(terminalReaders.id, readerId), eq(terminalReaders.tenantId, tenantId))).get();
  if (!reader) throw new ApiError("not-found", `No reader ${readerId}.`);
  return reader;
}

export function findReader(ctx: ShardContext, readerId: string): Promise<ReaderState | undefined> {
  return selectReaders(ctx, eq(terminalReaders.id, readerId)).get();
}

/**
 * One physical reader, one registration: the serial number is claimed in the control database (every shard's tenants
 * share it) before the processor is asked, so two registrations of one reader can never both create a device. A claim
 * of this tenant's that never got its device (the processor's answer was lost) is taken up again.
 */
async function claimSerialNumber(
  ctx: ShardContext,
  tenant: { id: string; processorMerchantId: string },
  input: { serialNumber: string; model: PaxModel; label: string },
): Promise<{ reader: ReaderRecord; resumed: boolean }> {
  const now = ctx.clock.nowIso();
  const [claimed] = await ctx.control
    .insert(readerSerialNumbers)
    .values({ serialNumber: input.serialNumber, tenantId: tenant.id, readerId: newId("lcrdr"), claimedAt: now })
    .onConflictDoNothing()
    .returning();
  const claim =
    claimed ?? (await ctx.control.select().from(readerSerialNumbers).where(eq(readerSerialNumbers.serialNumber, input.serialNumber)).get());
  if (claim?.tenantId !== tenant.id) throw alreadyRegistered(input.serialNumber, null);

  const [inserted] = await ctx.db
    .insert(terminalReaders)
    .values({
      id: claim.readerId,
      tenantId: tenant.id,
      serialNumber: input.serialNumber,
      model: input.model,
      label: input.label,
      status: "registered",
      processorMerchantId: tenant.processorMerchantId,
      processorDeviceId: null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { reader: inserted, resumed: !claimed };

  const existing = await ctx.db.select().from(terminalReaders).where(eq(terminalReaders.id, claim.readerId)).get();
  if (existing && existing.processorDeviceId === null && existing.processorMerchantId === tenant.processorMerchantId) {
    const [reader] = await ctx.db
      .update(terminalReaders)
      .set({ model: input.model, label: input.label, updatedAt: now })
      .where(eq(terminalReaders.id, existing.id))
      .returning();
    return { reader: reader!, resumed: true };
  }
  throw alreadyRegistered(input.serialNumber, existing?.processorDeviceId ? existing.id : null);
}

/** Names the reader only to the tenant that registered it. */
function alreadyRegistered(serialNumber: string, ownReaderId: string | null) {
  return new ApiError("reader-already-registered", `A reader with serial number ${serialNumber} is already registered.`, {
    extensions: ownReaderId ? { lcReaderId: ownReaderId } : {},
  });
}

/** How every reader takes a sale: debit on debit rails, and the device only for the sale itself (the processor's advice). */
const READER_CONFIGURATION: DeviceConfiguration = { allow_debit: true, bypass_device_on_capture: true };

/** The device an earlier attempt made for this reader; a lookup the processor refuses finds nothing, so creation goes ahead. */
async function deviceMadeEarlier(ctx: ShardContext, reader: ReaderRecord): Promise<Device | null> {
  try {
    for await (const device of paginate((after_cursor) =>
      ctx.processor.findDevicesBySerialNumber(reader.processorMerchantId, reader.serialNumber, { after_cursor, limit: 100 }),
    )) {
      if (device.tags?.[READER_TAG] === reader.id) return device;
    }
    return null;
  } catch (error) {
    if (error instanceof ProcessorRejected) return null;
    throw error;
  }
}

/**
 * The tenant a reader is registered to, from the control database's claim on its serial number (kept while the reader
 * is registered, on every shard and from before shards); null for a reader never registered.
 */
export async function readerTenant({
  ctx,
  input: { readerId },
}: {
  ctx: RootContext;
  input: { readerId: string };
}): Promise<string | null> {
  const claim = await ctx.control
    .select({ tenantId: readerSerialNumbers.tenantId })
    .from(readerSerialNumbers)
    .where(eq(readerSerialNumbers.readerId, readerId))
    .get();
  return claim?.tenantId ?? null;
}

/** Creates the reader's device at the processor; a retry after a lost answer finds the device the first attempt made. */
async function ensureDevice(ctx: ShardContext, reader: ReaderRecord, resumed: boolean): Promise<Device> {
  const earlier = resumed ? await deviceMadeEarlier(ctx, reader) : null;
  if (earlier) return earlier;
  try {
    return await ctx.processor.createDevice(reader.processorMerchantId, {
      name: reader.label,
      model: reader.model,
      serial_number: reader.serialNumber,
      configuration: READER_CONFIGURATION,
      tags: { [TENANT_TAG]: reader.tenantId, [READER_TAG]: reader.id },
    });
  } catch (error) {
    // Refused: no device exists, so the serial number is free again. Otherwise the claim stays for the retry.
    if (error instanceof ProcessorRejected) {
      await ctx.db.delete(terminalReaders).where(eq(terminalReaders.id, reader.id));
      await ctx.control.delete(readerSerialNumbers).where(eq(readerSerialNumbers.readerId, reader.id));
    }
    throw error;
  }
}

export async function registerReader({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { serialNumber: string; model: PaxModel; label?: string };
}): Promise<ReaderState> {
  const tenant = await chargeableTenant(ctx, ctx.tenant.id);
  const serialNumber = input.serialNumber.toUpperCase();
  const { reader, resumed } = await claimSerialNumber(ctx, tenant, {
    serialNumber,
    model: input.model,
    label: input.label ?? serialNumber,
  });
  const device = await ensureDevice(ctx, reader, resumed);
  await ctx.db
    .update(terminalReaders)
    .set({ processorDeviceId: device.id, status: device.enabled ? "active" : "registered", updatedAt: ctx.clock.nowIso() })
    .where(eq(terminalReaders.id, reader.id));
  return ownedReader(ctx, tenant.id, reader.id);
}

async function setStatus(ctx: ShardContext, reader: ReaderState, status: ReaderStatus): Promise<ReaderState> {
  const now = ctx.clock.nowIso();
  await ctx.db.update(terminalReaders).set({ status, updatedAt: now }).where(eq(terminalReaders.id, reader.id));
  return { ...reader, status, updatedAt: now };
}

/** The processor's word decides: the reader is active exactly when its device is enabled. */
export async function activateReader({ ctx, input }: { ctx: TenantContext; input: { readerId: string } }) {
  const reader = await ownedReader(ctx, ctx.tenant.id, input.readerId);
  const device = await ctx.processor.setDeviceAction(reader.processorDeviceId!, "ACTIVATE");
  return setStatus(ctx, reader, device.enabled ? "active" : reader.status);
}

/** A reader taking a sale keeps its device until the sale is resolved, so the sale can always be read back and canceled. */
export async function deactivateReader({ ctx, input }: { ctx: TenantContext; input: { readerId: string } }) {
  const reader = await ownedReader(ctx, ctx.tenant.id, input.readerId);
  if (reader.salePaymentId) throw readerBusy(reader.id, reader.salePaymentId);
  const device = await ctx.processor.setDeviceAction(reader.processorDeviceId!, "DEACTIVATE");
  return setStatus(ctx, reader, device.enabled ? reader.status : "deactivated");
}

export function readerBusy(readerId: string, paymentId: string): ApiError {
  return new ApiError("reader-busy", `Reader ${readerId} is taking sale ${paymentId}; wait for its outcome or cancel it.`, {
    extensions: { lcPaymentId: paymentId },
  });
}

/** The connection is the processor's to tell (it sends no device events), so it is read live, never stored. */
export async function getReader({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { readerId: string; connection: boolean };
}): Promise<{ reader: ReaderState; connection?: Connection }> {
  const reader = await ownedReader(ctx, ctx.tenant.id, input.readerId);
  if (!input.connection) return { reader };
  return { reader, connection: await readerConnection(ctx, reader) };
}

/** Whether the reader is online now, as the processor reports its device at this moment. */
export async function readerConnection(ctx: RootContext, reader: ReaderState): Promise<Connection> {
  const device = await ctx.processor.getDevice(reader.processorDeviceId!, { includeConnection: true });
  return device.connection?.toUpperCase() === "OPEN" ? "Open" : "Closed";
}

/** Newest first, keyset-paginated on (createdAt, id); the cursor is signed for the tenant and the filters. */
export async function listReaders({
  ctx,
  input: { query },
}: {
  ctx: TenantContext;
  input: { query: { status?: ReaderStatus; limit: number; cursor?: string } };
}) {
  const tenantId = ctx.tenant.id;
  const scope = cursorScope(ctx, "readers-cursor", { tenantId, filters: [query.status ?? null] });
  const conditions: (SQL | undefined)[] = [eq(terminalReaders.tenantId, tenantId)];
  if (query.status) conditions.push(eq(terminalReaders.status, query.status));
  conditions.push(await afterCursor(terminalReaders, query.cursor, scope));
  const rows = await selectReaders(ctx, and(...conditions))
    .orderBy(desc(terminalReaders.createdAt), desc(terminalReaders.id))
    .limit(query.limit + 1)
    .all();
  return pageOf(rows, query.limit, scope);
}
