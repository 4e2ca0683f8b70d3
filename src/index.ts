import { createApp } from "./app";
import { handleCallbackBatch } from "./events";
import { runScheduledSweeps } from "./scheduled";

export { IdempotencyStore } from "./idempotency/idempotency.durable-object";

const app = createApp();

export default {
  fetch: app.fetch,
  queue: handleCallbackBatch,
  scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduledSweeps(env, controller.scheduledTime));
  },
} satisfies ExportedHandler<Env>;
