import { createApp } from "./app";
import { handleCallbackBatch } from "./callbacks";
import { createContext } from "./context";
import { runScheduledSweeps } from "./scheduled";
import { ReaderObject } from "./terminal";

export { IdempotencyStore } from "./idempotency/idempotency.durable-object";

/** A reader's Durable Object, given the composition root's context (a capability may not import it). */
export class TerminalReader extends ReaderObject {
  protected context() {
    return createContext(this.env);
  }
}

const app = createApp();

export default {
  fetch: app.fetch,
  queue: (batch, env) => handleCallbackBatch({ ctx: createContext(env), input: batch }),
  scheduled(controller, env, executionCtx) {
    executionCtx.waitUntil(runScheduledSweeps(env, controller.scheduledTime));
  },
} satisfies ExportedHandler<Env>;
