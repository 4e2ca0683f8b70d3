export * from "../tenants/tenants.schema";
export * from "../payments/payments.schema";
export * from "../events/events.schema";
export * from "../processor-webhooks/processor-webhooks.schema";
export * from "../onboarding/onboarding.schema";
export * from "../events/callback-endpoints.schema";
export * from "../events/deliveries.schema";
