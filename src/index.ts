import { createApp } from "./app";

export { IdempotencyStore } from "./idempotency/idempotency.durable-object";

const app = createApp();

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
