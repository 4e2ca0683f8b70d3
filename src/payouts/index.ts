/** The payouts capability's public surface: its routes, what the processor's settlement and funding-transfer webhooks do, its sweep. */
export { default as payoutsRouter } from "./payouts.router";
export { applyFundingTransferEvent, applySettlementEvent, sweepPayouts } from "./payouts.service";
export { getPayout, listPayoutItems, listPayouts, type PayoutItemRecord, type PayoutRecord } from "./payouts.queries";
export { PAYOUT_STATUSES, type PayoutItemType, type PayoutStatus } from "./payouts.schema";
