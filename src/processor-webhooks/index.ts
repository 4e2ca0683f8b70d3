/** Inbound processor webhooks: verified, de-duplicated, and handed to the capability each event belongs to. */
export { default as processorWebhooksRouter } from "./processor-webhooks.index";
