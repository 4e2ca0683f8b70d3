export * from "../tenants/tenants.schema";
export * from "../payments/payments.schema";
export * from "../events/events.schema";
