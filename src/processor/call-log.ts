import { AsyncLocalStorage } from "node:async_hooks";

/** One processor call as support finds it at the processor: the client operation, when it was answered, its `x-request-id`. */
export type ProcessorCall = { operation: string; atMs: number; requestId: string };

const units = new AsyncLocalStorage<ProcessorCall[]>();
const operations = new AsyncLocalStorage<string>();

/**
 * Runs one unit of work — a request, one row of a sweep, a reader's alarm — collecting the processor calls it makes, so
 * the batch that records their outcome can record their request ids too, with no id passed through the services.
 */
export function recordingProcessorCalls<T>(work: () => T): T {
  return units.run([], work);
}

/** The calls this unit made that no batch has taken yet; each call is taken (and written) once. */
export function takeProcessorCalls(): ProcessorCall[] {
  return units.getStore()?.splice(0) ?? [];
}

/** Every client method runs under its own name, which the transport's calls during it are recorded as. */
export function namedOperations<T extends Record<string, unknown>>(client: T): T {
  return Object.fromEntries(
    Object.entries(client).map(([name, member]) => [
      name,
      typeof member === "function"
        ? (...args: unknown[]) => operations.run(name, () => (member as (...args: unknown[]) => unknown)(...args))
        : member,
    ]),
  ) as T;
}

/** The transport reports each answer the processor gave (errors included: their request id is what support asks for). */
export function noteProcessorCall(requestId: string | null, fallbackOperation: string): void {
  const unit = units.getStore();
  if (unit && requestId) unit.push({ operation: operations.getStore() ?? fallbackOperation, atMs: Date.now(), requestId });
}
