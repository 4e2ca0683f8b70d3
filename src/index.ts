import { createApp } from "./app";
import { handleCallbackBatch } from "./callbacks";
import { createContext } from "./context";
import { runScheduledSweeps } from "./scheduled";

export { IdempotencyStore } from "./idempotency/idempotency.durable-object";

const app = createApp();

export default {
  fetch: app.fetch,
  queue: (batch, env) => handleCallbackBatch({ ctx: createContext(env), input: batch }),
  scheduled(controller, env, executionCtx) {
    executionCtx.waitUntil(runScheduledSweeps(env, controller.scheduledTime));
  },
} satisfies ExportedHandler<Env>;
