import { createRoute, z } from "@hono/zod-openapi";

import * as openapi from "../platform/openapi";
import { PAYOUT_ITEM_TYPES, PAYOUT_STATUSES } from "./payouts.schema";

const MAX_ITEMS_PAGE_SIZE = 200;
const DEFAULT_ITEMS_PAGE_SIZE = 100;
const PAYOUT_ID = "lcpo_7Hq2Lm9Xc4Vb8Nz1Kd3Rt5";

const PayoutStatusSchema = z.enum(PAYOUT_STATUSES).openapi("PayoutStatus", {
  description:
    "`accruing`: the settlement is still collecting (totals change until it closes); `awaiting_approval`: closed, not yet approved; " +
    "`approved`: the funding transfer to the bank is under way; `paid`: it succeeded (money in the account on `expectedArrivalDate`); " +
    "`failed`: the bank transfer failed (`failureCode`).",
});

const PayoutIdParams = openapi.idPathParams(openapi.resourceId("lcpo", "lcPayoutId"), PAYOUT_ID);

const Cents = z.number().int();

const payoutExample = {
  lcPayoutId: PAYOUT_ID,
  status: "paid",
  grossCents: 14000,
  feesCents: 500,
  netCents: 13500,
  currency: "USD",
  paymentCount: 2,
  initiatedAtUtc: "2026-11-06T18:30:00.000Z",
  expectedArrivalDate: "2026-11-09",
  failureCode: null,
  failureMessage: null,
  processorSettlementId: "STvUfBLbCUsun2KFoTuxR2j1",
  processorSettlementStatus: "APPROVED",
  processorFundingTransferId: "TRm1Kd8ZpQ4rXw7Yc2Vb9Nn3",
  processorFundingTransferState: "SUCCEEDED",
  createdAtUtc: "2026-11-05T09:12:00.000Z",
  updatedAtUtc: "2026-11-06T18:31:02.000Z",
};

export const PayoutSchema = z
  .object({
    lcPayoutId: z.string(),
    status: PayoutStatusSchema,
    grossCents: Cents.openapi({ description: "The settlement's total: sales less refunds and chargebacks, plus credits." }),
    feesCents: Cents.openapi({ description: "Fees deducted from the gross." }),
    netCents: Cents.openapi({ description: "What reaches the bank account: always grossCents − feesCents." }),
    currency: z.string(),
    paymentCount: Cents.nullable().openapi({ description: "How many payments the payout covers; null while accruing." }),
    initiatedAtUtc: z
      .string()
      .nullable()
      .openapi({ description: "When the money started moving to the bank (the funding transfer was created); null until approved." }),
    expectedArrivalDate: z.string().nullable().openapi({
      description:
        "YYYY-MM-DD: one business day after the approval day; approvals after 4 PM Pacific time or on a weekend count from the next business day. Bank holidays are not counted. Null until approved, and for a failed payout.",
    }),
    failureCode: z.string().nullable().openapi({ description: "The bank's return code when the payout failed, e.g. BANK_ACCOUNT_CLOSED." }),
    failureMessage: z.string().nullable(),
    processorSettlementId: z.string(),
    processorSettlementStatus: z.string().openapi({ description: "PENDING, AWAITING_APPROVAL or APPROVED at the processor." }),
    processorFundingTransferId: z.string().nullable(),
    processorFundingTransferState: z.string().nullable(),
    createdAtUtc: z.string(),
    updatedAtUtc: z.string(),
  })
  .openapi("Payout", { example: payoutExample });

const paymentItemExample = {
  type: "payment",
  lcPaymentId: "lcpay_4gH2kLmN8pQrStUvWxYz1a",
  lcRefundId: null,
  orderRef: "order-10042",
  amountCents: 10000,
  feeCents: 300,
  netCents: 9700,
  processorTransferId: "TRv3Qm8xZ1LwK2",
  createdAtUtc: "2026-11-05T09:12:00.000Z",
};

export const PayoutItemSchema = z
  .object({
    type: z.enum(PAYOUT_ITEM_TYPES).openapi({
      description:
        "`payment`: a sale (adds its amount, less its fee); `refund`: a refund (negative); `fee_refund`: an application fee returned with a refund; " +
        "`dispute`: a chargeback (negative) or its return when the dispute is won; `adjustment`: any other credit or debit.",
    }),
    lcPaymentId: z.string().nullable().openapi({ description: "The payment the item belongs to; null when it is none of this tenant's." }),
    lcRefundId: z.string().nullable(),
    orderRef: z.string().nullable(),
    amountCents: Cents.openapi({ description: "Signed: what the item adds to the payout's gross." }),
    feeCents: Cents.openapi({ description: "The fee on a payment (the application fee); 0 for other items." }),
    netCents: Cents.openapi({ description: "amountCents − feeCents." }),
    processorTransferId: z.string(),
    createdAtUtc: z.string(),
  })
  .openapi("PayoutItem", { example: paymentItemExample });

export const PayoutDetailSchema = PayoutSchema.extend({
  otherFeesCents: Cents.nullable().openapi({
    description:
      "The part of feesCents no item carries (fees the processor charges beyond the application fee); null while accruing. The items' feeCents plus this equal feesCents.",
  }),
  items: z
    .object({
      data: z.array(PayoutItemSchema),
      hasMore: z.boolean(),
      nextCursor: z
        .string()
        .openapi({ description: "Pass back as `cursor` for the next items while hasMore is true; an empty string on the last page." }),
    })
    .openapi({
      description:
        "What the payout is made of, oldest first: its items' amountCents add up to grossCents and their netCents, less otherFeesCents, to netCents. Empty while accruing.",
    }),
}).openapi("PayoutDetail", {
  example: {
    ...payoutExample,
    otherFeesCents: 0,
    items: {
      data: [
        paymentItemExample,
        {
          ...paymentItemExample,
          lcPaymentId: "lcpay_9Jk3Ls7Pq2Wr5Tx8Zv1Bn4",
          orderRef: "order-10043",
          amountCents: 5000,
          feeCents: 200,
          netCents: 4800,
          processorTransferId: "TRa8Nc3Vx6Bz1Qm4",
          createdAtUtc: "2026-11-05T10:40:00.000Z",
        },
        {
          ...paymentItemExample,
          type: "refund",
          lcRefundId: "lcref_2Xc5Vb8Nm1Lk4Jh7",
          amountCents: -1000,
          feeCents: 0,
          netCents: -1000,
          processorTransferId: "TRr7Tw2Ey5Ui8Op1",
          createdAtUtc: "2026-11-05T11:02:00.000Z",
        },
      ],
      hasMore: false,
      nextCursor: "",
    },
  },
});

const PayoutItemsQuerySchema = z.object(openapi.pageQuery({ defaultSize: DEFAULT_ITEMS_PAGE_SIZE, maxSize: MAX_ITEMS_PAGE_SIZE })).strict();

export const listPayouts = openapi.listRoute(
  {
    path: "/v1/payouts",
    ...openapi.tenantRoute("Payouts", "payouts:read"),
    operationId: "listPayouts",
    summary: "List payouts to the merchant's bank, newest first",
    description:
      "Each payout is one processor settlement and its funding transfer: gross, fees and net, its status, when the money started moving " +
      "and when it is expected in the bank. Served from the service's ledger (kept by the processor's settlement and funding-transfer " +
      "webhooks, and re-read by a sweep); the same keyset pagination, signed cursors and `from`/`to` as every list.",
  },
  {
    filters: { ...openapi.createdRange(), status: PayoutStatusSchema.optional() },
    item: PayoutSchema,
    name: "PayoutList",
    items: "payouts",
    example: openapi.onePage(payoutExample),
    replica: true,
    queryProblems: [openapi.invalidField("status", "Invalid option")],
    problems: openapi.AUTHENTICATED_PROBLEMS,
  },
);

export const getPayout = createRoute({
  method: "get",
  path: "/v1/payouts/{id}",
  ...openapi.tenantRoute("Payouts", "payouts:read"),
  operationId: "getPayout",
  summary: "One payout with the payments and refunds it contains",
  description:
    "The payout and its items — each payment with its fee and net, each refund, fee refund and chargeback — so a bank line can be matched " +
    "to orders. The items' `amountCents` add up to `grossCents`; their `netCents`, less `otherFeesCents`, to `netCents`. Items are read " +
    "from the processor once the settlement closes; while `accruing` the list is empty. `limit` and `cursor` page through the items.",
  request: { params: PayoutIdParams, query: PayoutItemsQuerySchema },
  responses: {
    200: openapi.jsonContent(PayoutDetailSchema, "The payout and (a page of) its items."),
    ...openapi.problemResponses({
      400: {
        description: "Malformed id or query, or `invalid-cursor`.",
        examples: [openapi.INVALID_CURSOR_EXAMPLE, openapi.invalidField("id", "must be an lcPayoutId (lcpo_…)")],
      },
      404: {
        description: "No such payout for this tenant.",
        examples: [{ slug: "not-found", detail: `No payout ${PAYOUT_ID}.` }],
      },
      ...openapi.AUTHENTICATED_PROBLEMS,
    }),
  },
});
