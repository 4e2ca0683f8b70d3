export * from "../tenants/tenants.schema";
