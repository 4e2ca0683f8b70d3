/** The payouts capability's public surface: its routes, what the processor's settlement and funding-transfer webhooks do, its sweep. */
export {
  getPayout,
  listPayoutItems,
  listPayouts,
  type PaymentPayoutItem,
  payoutItemCounts,
  payoutItemsOfPayment,
  payoutsAtAGlance,
} from "./payouts.queries";
export { default as payoutsRouter } from "./payouts.router";
export { PAYOUT_STATUSES, type PayoutItemRecord, type PayoutItemType, type PayoutRecord, type PayoutStatus } from "./payouts.schema";
export * as payoutTables from "./payouts.schema";
export { applyFundingTransferEvent, applySettlementEvent, sweepPayouts } from "./payouts.service";
