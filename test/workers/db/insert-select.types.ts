import { sql } from "drizzle-orm";

import { insertSelectFields } from "../../../src/db/insert-select";
import { events } from "../../../src/outbox/events.schema";
import { refunds } from "../../../src/payments/payments.schema";

// Type-level checks, compiled by `npx tsc -p .` and never run: the sources of an INSERT … SELECT are the table's columns.
const event = { id: "event_1", tenantId: "ten_1", type: "transfer.updated", subjectId: "lcpay_1", payload: "{}", createdAt: "now" };
const refund = {
  id: "r",
  tenantId: "t",
  paymentId: "p",
  status: "pending",
  amountCents: 5,
  refundApplicationFee: false,
  createdAt: "n",
  updatedAt: "n",
} as const;

const { payload: _payload, ...eventWithoutPayload } = event;

export const insertSelectChecks = [
  insertSelectFields(events, event),
  insertSelectFields(events, { ...event, tenantId: refunds.tenantId, payload: sql`json_object()`, enqueueAttempts: 2 }),
  insertSelectFields(refunds, refund),
  // @ts-expect-error A key the table does not have (a misspelt column) is refused.
  insertSelectFields(events, { ...event, enqueueAttempt: 0 }),
  // @ts-expect-error A NOT NULL column without a default must be given.
  insertSelectFields(events, eventWithoutPayload),
  // @ts-expect-error A value must be of the column's type.
  insertSelectFields(refunds, { ...refund, amountCents: "5" }),
  // @ts-expect-error An enum column takes only its values.
  insertSelectFields(refunds, { ...refund, status: "paid" }),
];
