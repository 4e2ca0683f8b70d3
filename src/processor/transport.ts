import type { z } from "zod";
import { logEvent } from "../lib/log";
import { noteProcessorCall } from "./call-log";
import {
  connectionLostError,
  errorForStatus,
  processorErrorItems,
  processorLogrefs,
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
};

export const DEFAULT_TIMEOUT_MS = 30_000;

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

  return async function send(method: Method, route: Route, options: SendOptions = {}): Promise<Answer<unknown>> {
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

    const { status } = response;
    noteProcessorCall(response.headers.get("x-request-id"), operation);
    const parsed = parseJson(text);
    const answered = response.ok || (options.answeredStatuses ?? []).includes(status);
    logCall(response.ok ? "info" : "warn", {
      status,
      processorRequestId: response.headers.get("x-request-id"),
      // Codes, fields and logrefs only: processor messages may echo request values.
      ...(response.ok
        ? {}
        : {
            processorErrors: processorErrorItems(parsed?.value).map(({ code, field }) => ({ code, field })),
            logrefs: processorLogrefs(parsed?.value),
          }),
    });
    if (!answered) throw errorForStatus(status, parsed?.value, operation);
    if (!parsed) throw unreadableAnswerError(operation, status);
    if (!options.schema || !response.ok) return { status, body: parsed.value };
    const read = options.schema.safeParse(parsed.value);
    if (read.success) return { status, body: read.data };
    const error = unexpectedAnswerError(operation, status, read.error.issues);
    logEvent("error", "processor answer unexpected", { method, pathTemplate: route.template, status, detail: error.message });
    throw error;
  };
}
