import { type PaymentRecord, toPaymentResponse } from "../payments";
import type { ReaderRecord } from "./terminal.schema";

/** A reader as the service keeps it, with the in-person payment it is taking right now, if any. */
export type ReaderState = ReaderRecord & { salePaymentId: string | null };

export type Connection = "Open" | "Closed";

/** Wire shapes of the terminal capability: one mapper per shape, so internal columns never leak. */
export const toReader = (reader: ReaderState, connection?: Connection) => ({
  lcReaderId: reader.id,
  label: reader.label,
  model: reader.model,
  serialNumber: reader.serialNumber,
  status: reader.status,
  processorDeviceId: reader.processorDeviceId!,
  ...(connection ? { connection } : {}),
  action: reader.salePaymentId ? { type: "sale" as const, status: "in_progress" as const, lcPaymentId: reader.salePaymentId } : null,
  createdAtUtc: reader.createdAt,
  updatedAtUtc: reader.updatedAt,
});

export const toTerminalSale = (payment: PaymentRecord, readerId: string) => ({ ...toPaymentResponse(payment), lcReaderId: readerId });
