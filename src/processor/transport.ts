import type { z } from "zod";

import { logEvent } from "../lib/log";
import type { ProcessorBudget } from "./budget-lease";
import { noteProcessorCall } from "./call-log";
import {
  connectionLostError,
  errorForStatus,
  ProcessorBusy,
  processorErrorItems,
  processorLogrefs,
  retryAfterMs,
  timeoutError,
  unexpectedAnswerError,
  unreadableAnswerError,
} from "./errors";

/** A `fetch`-compatible function: the global fetch for the real processor, the built-in sandbox's in-process fetch otherwise. */
export type ProcessorFetch = (request: Request) => Promise<Response>;

export type TransportConfig = {
  baseUrl: string;
  username: string;
  password: string;
  apiVersion: string;
  fetch: ProcessorFetch;
  timeoutMs?: number;
  /** The platform's budget for this credential, asked before each call; none: calls go unmetered. */
  budget?: ProcessorBudget;
  /** How long a call that is not a sweep's may wait, in all, for the budget and for the processor's 429s to pass. */
  busyWaitMs?: number;
};

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_BUSY_WAIT_MS = 5_000;
/** A sweep waits this long for a token at most; on the processor's 429 it does not wait: it stops its turn. */
const SWEEP_TOKEN_WAIT_MS = 10_000;

/** When a 429 names no `Retry-After`: 0.5 s, 1 s, 2 s, … with jitter, so callers pushed back together do not return together. */
const backoffMs = (attempt: number) => Math.min(4_000, 500 * 2 ** attempt) * (0.75 + Math.random() / 2);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type PathParams<T extends string> = T extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParams<Rest> : never;

/** A concrete path with the processor's OpenAPI template it came from; only the template is logged. */
export type Route = { template: string; path: string };

/**
 * @example route("/transfers/{transfer_id}/reversals", { transfer_id: "TR1" })
 *   // { template: "/transfers/{transfer_id}/reversals", path: "/transfers/TR1/reversals" }
 */
export function route<T extends string>(
  template: T,
  ...params: [PathParams<T>] extends [never] ? [] : [Record<PathParams<T>, string>]
): Route {
  const values: Record<string, string> = params[0] ?? {};
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name]!));
  return { template, path };
}

export type QueryValue = string | number | boolean | undefined;

export type SendOptions = {
  query?: Record<string, QueryValue>;
  json?: unknown;
  form?: FormData;
  timeoutMs?: number;
  /** Non-2xx statuses the caller reads as an answer rather than an error (a 402 decline). */
  answeredStatuses?: number[];
  /** What a 2xx answer is read as: parsed, never cast; an answer that does not fit is an error whose outcome is unknown. */
  schema?: z.ZodType;
};

export type Answer<T> = { status: number; body: T };

type Method = "GET" | "POST" | "PUT";

export type Send = {
  <S extends z.ZodType>(method: Method, route: Route, options: SendOptions & { schema: S }): Promise<Answer<z.output<S>>>;
  (method: Method, route: Route, options?: SendOptions): Promise<Answer<unknown>>;
};

function buildUrl(baseUrl: string, path: string, query: Record<string, QueryValue>): URL {
  const url = new URL(baseUrl.replace(/\/+$/, "") + path);
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, String(value));
  return url;
}

/** Settles with `work`, or rejects once `signal` aborts — even when the fetch implementation ignores the signal. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
  return Promise.race([work, aborted]).finally(() => signal.removeEventListener("abort", onAbort));
}

function parseJson(text: string): { value: unknown } | null {
  if (text.trim() === "") return { value: null };
  try {
    return { value: JSON.parse(text) };
  } catch {
    return null;
  }
}

/**
 * The one place that speaks HTTP to the processor: Basic auth, `Finix-Version`, a timeout on every call,
 * one log record per call, and every failure mapped to an ApiError that says whether the outcome is unknown.
 */
export function createTransport(config: TransportConfig): Send {
  const headers = {
    Authorization: `Basic ${btoa(`${config.username}:${config.password}`)}`,
    "Finix-Version": config.apiVersion,
    Accept: "application/hal+json",
  };

  /** One exchange with the processor, logged; a timeout or a dropped connection throws (the outcome is unknown). */
  async function exchange(method: Method, route: Route, options: SendOptions) {
    const timeoutMs = options.timeoutMs ?? config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    // A timer cleared when the call ends: a run that makes thousands of calls (the sweep) must not hold a timer for each.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException(`${timeoutMs} ms elapsed`, "TimeoutError")), timeoutMs);
    const { signal } = controller;
    const request = new Request(buildUrl(config.baseUrl, route.path, options.query ?? {}), {
      method,
      // A multipart body sets its own Content-Type with the boundary.
      headers: options.form ? headers : { ...headers, "Content-Type": "application/json" },
      body: options.form ?? (options.json === undefined ? undefined : JSON.stringify(options.json)),
      signal,
    });
    const operation = `${method} ${route.template}`;
    const started = Date.now();
    const logCall = (level: "info" | "warn", fields: Record<string, unknown>) =>
      logEvent(level, "processor call", { method, pathTemplate: route.template, durationMs: Date.now() - started, ...fields });

    let response: Response | undefined;
    let text: string;
    try {
      response = await untilAborted(config.fetch(request), signal);
      text = await untilAborted(response.text(), signal);
    } catch (error) {
      logCall("warn", {
        status: response?.status ?? null,
        failure: signal.aborted ? "timeout" : "connection lost",
        errorName: error instanceof Error ? error.name : typeof error,
        outcomeUnknown: true,
      });
      throw signal.aborted ? timeoutError(operation, timeoutMs) : connectionLostError(operation);
    } finally {
      clearTimeout(timer);
    }

    noteProcessorCall(response.headers.get("x-request-id"), operation);
    const parsed = parseJson(text);
    logCall(response.ok ? "info" : "warn", {
      status: response.status,
      processorRequestId: response.headers.get("x-request-id"),
      // Codes, fields and logrefs only: processor messages may echo request values.
      ...(response.ok
        ? {}
        : {
            processorErrors: processorErrorItems(parsed?.value).map(({ code, field }) => ({ code, field })),
            logrefs: processorLogrefs(parsed?.value),
          }),
    });
    return { response, parsed };
  }

  /**
   * Each call takes a token of the platform's budget first. A 429 applied nothing, so the same request (same
   * `idempotency_id`) is sent again after its `Retry-After` while the caller's wait allows — never for a sweep, which
   * stops its turn instead; then `ProcessorBusy` (503 `processor-busy` with `Retry-After`).
   */
  return async function send(method: Method, route: Route, options: SendOptions = {}): Promise<Answer<unknown>> {
    const operation = `${method} ${route.template}`;
    const { budget } = config;
    const sweep = budget?.priorityOf(method, route.template) === "sweep";
    const deadlineMs = Date.now() + (sweep ? SWEEP_TOKEN_WAIT_MS : (config.busyWaitMs ?? DEFAULT_BUSY_WAIT_MS));
    for (let attempt = 0; ; attempt++) {
      const token = await budget?.take(method, route.template, deadlineMs);
      if (token && !token.granted) throw new ProcessorBusy(operation, token.retryAfterMs);
      const { response, parsed } = await exchange(method, route, options);
      const { status } = response;
      if (status === 429) {
        const askedMs = retryAfterMs(response.headers.get("Retry-After"), Date.now());
        budget?.pushedBack(method, askedMs);
        const waitMs = askedMs ?? backoffMs(attempt);
        if (sweep || Date.now() + waitMs > deadlineMs) throw new ProcessorBusy(operation, waitMs);
        await sleep(waitMs);
        continue;
      }
      const answered = response.ok || (options.answeredStatuses ?? []).includes(status);
      if (!answered) throw errorForStatus(status, parsed?.value, operation);
      if (!parsed) throw unreadableAnswerError(operation, status);
      if (!options.schema || !response.ok) return { status, body: parsed.value };
      const read = options.schema.safeParse(parsed.value);
      if (read.success) return { status, body: read.data };
      const error = unexpectedAnswerError(operation, status, read.error.issues);
      logEvent("error", "processor answer unexpected", { method, pathTemplate: route.template, status, detail: error.message });
      throw error;
    }
  };
}
