/** Inbound processor webhooks: verified, de-duplicated, and handed to the capability each event belongs to; and the sweep of those lost. */
export { sweepMissedProcessorEvents } from "./missed-events.sweep";
export { default as processorWebhooksRouter } from "./processor-webhooks.router";
export * as processorWebhookTables from "./processor-webhooks.schema";
export { retryFailedApplications } from "./processor-webhooks.service";
