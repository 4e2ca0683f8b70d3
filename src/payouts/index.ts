/** The payouts capability's public surface: its routes, what the processor's settlement and funding-transfer webhooks do, its sweep. */
export { default as payoutsRouter } from "./payouts.router";
export { applyFundingTransferEvent, applySettlementEvent, sweepPayouts } from "./payouts.service";
export {
  getPayout,
  listPayoutItems,
  listPayouts,
  payoutItemCounts,
  payoutItemsOfPayment,
  payoutsAtAGlance,
  type PaymentPayoutItem,
} from "./payouts.queries";
export { PAYOUT_STATUSES, type PayoutItemRecord, type PayoutItemType, type PayoutRecord, type PayoutStatus } from "./payouts.schema";
export * as payoutTables from "./payouts.schema";
