import { createApp } from "./app";

export { IdempotencyStore } from "./idempotency/idempotency.durable-object";
export { SandboxProcessor } from "./sandbox";

const app = createApp();

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
