import { createApp } from "./app";
import { handleCallbackBatch } from "./callbacks";
import { runScheduledSweeps } from "./scheduled";

export { IdempotencyStore } from "./idempotency/idempotency.durable-object";
export { SandboxProcessor } from "./sandbox";

const app = createApp();

export default {
  fetch: app.fetch,
  queue: handleCallbackBatch,
  scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduledSweeps(env, controller.scheduledTime));
  },
} satisfies ExportedHandler<Env>;
