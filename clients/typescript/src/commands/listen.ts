/** `payment-connect listen`: `listen()` at a terminal — one line per delivery attempt, Ctrl-C to stop. */
import { parseArgs } from "node:util";

import type { Command } from "../cli.js";
import { type ForwardAttempt, listen, type ListenOptions, POLL_INTERVAL_MS, RETRY_DELAYS_MS } from "../listen.js";

const DEFAULT_URL = "http://localhost:8787";

const USAGE = `Usage: payment-connect listen --forward-to <url> [options]
       (in the Payment Connect repository: npm run listen -- --forward-to <url> [options])

Polls the events API with a tenant key and POSTs each new event to <url> as a callback: the same body and LC-* headers,
LC-Signature signed with the secret printed at start, so the receiver's verifier accepts it unchanged. Deliveries
answered with a 5xx or 429, or not answered, are retried (after ${RETRY_DELAYS_MS.map((ms) => ms / 1000).join(", ")} s). Ctrl-C stops.

Options:
  --forward-to <url>     where to POST each event, e.g. http://localhost:3000/hooks (required)
  --events <types>       only these event types, separated by commas: transfer.updated,dispute.created
  --since <when>         also forward the events created since then: an ISO 8601 instant, or 30s, 10m, 2h, 1d ago
                         (default: only events created after listen starts)
  --url <url>            the deployment (default: PAYMENT_CONNECT_URL, else ${DEFAULT_URL})
  --secret <whsec_…>     sign with this secret (default: one derived from the key, the same every run)
  --api-key <key>        the tenant's key (default: PAYMENT_CONNECT_API_KEY; prefer it, a key in a command line
                         stays in the shell's history)`;

const UNITS_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

export const listenCommand: Command = {
  summary: "forward the tenant's events to a local URL, signed, without a public URL",
  async run(args) {
    let options: Omit<ListenOptions, "signal">;
    try {
      const parsed = parseOptions(args);
      if (!parsed) {
        console.log(USAGE);
        return 0;
      }
      options = parsed;
    } catch (error) {
      console.error(`${(error as Error).message}\n\n${USAGE}`);
      return 2;
    }

    const stop = new AbortController();
    const onSignal = () => stop.abort();
    process.once("SIGINT", onSignal);
    process.once("SIGTERM", onSignal);
    try {
      await listen({
        ...options,
        signal: stop.signal,
        onReady: ({ secret, since }) =>
          console.log(
            `Ready. Forwarding the events of ${options.baseUrl} created since ${since.toISOString()} to ${options.forwardTo}.\n` +
              `Signing secret: ${secret}  (the receiver verifies LC-Signature with it)\n` +
              `Polling every ${POLL_INTERVAL_MS / 1000} s. Ctrl-C stops.\n`,
          ),
        onAttempt: (attempt) => console.log(describeAttempt(attempt)),
        onPollFailure: ({ reason, retryInMs }) =>
          console.error(`${clock()}  the events API could not be read (${reason}); reading it again in ${retryInMs / 1000} s`),
      });
    } catch (error) {
      console.error(`Failed: ${(error as Error).message}`);
      return 1;
    } finally {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    }
    console.log("Stopped.");
    return 0;
  },
};

/** The options, or undefined for --help; what it throws is a misuse, printed above the usage. */
function parseOptions(args: string[]): Omit<ListenOptions, "signal"> | undefined {
  const { values } = parseArgs({
    args,
    options: {
      "forward-to": { type: "string" },
      events: { type: "string" },
      since: { type: "string" },
      url: { type: "string" },
      secret: { type: "string" },
      "api-key": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return undefined;
  const forwardTo = values["forward-to"];
  if (!forwardTo || !URL.canParse(forwardTo)) throw new Error("--forward-to needs a URL, e.g. http://localhost:3000/hooks.");
  const apiKey = values["api-key"] ?? process.env.PAYMENT_CONNECT_API_KEY;
  if (!apiKey) throw new Error("No API key: set PAYMENT_CONNECT_API_KEY to the tenant's lc_live_… key (or pass --api-key).");
  const baseUrl = (values.url ?? process.env.PAYMENT_CONNECT_URL ?? DEFAULT_URL).replace(/\/+$/, "");
  if (!URL.canParse(baseUrl)) throw new Error(`--url needs the deployment's URL, e.g. ${DEFAULT_URL}.`);
  return {
    baseUrl,
    apiKey,
    forwardTo,
    ...(values.secret ? { secret: values.secret } : {}),
    // The events API checks each type against its catalogue and answers 400 naming them.
    ...(values.events ? { events: values.events.split(",").map((type) => type.trim()) as ListenOptions["events"] } : {}),
    ...(values.since ? { since: parseSince(values.since) } : {}),
  };
}

function parseSince(value: string): Date {
  const ago = /^(\d+)([smhd])$/.exec(value);
  if (ago) return new Date(Date.now() - Number(ago[1]) * UNITS_MS[ago[2]!]!);
  const instant = Date.parse(value);
  if (Number.isNaN(instant) || !/^\d{4}-\d{2}-\d{2}/.test(value))
    throw new Error(`--since needs an ISO 8601 instant or 30s, 10m, 2h, 1d; not "${value}".`);
  return new Date(instant);
}

function describeAttempt({ event, attempt, status, error, retryInMs, gaveUp }: ForwardAttempt): string {
  const outcome = status === null ? `no answer (${error ?? "unknown"})` : String(status);
  const next = retryInMs !== null ? `, again in ${retryInMs / 1000} s` : gaveUp ? `, gave up after ${attempt} attempts` : "";
  return `${clock()}  ${event.type.padEnd(24)} ${event.id}  → ${outcome}${next}`;
}

/** The local time of day, HH:MM:SS. */
function clock(): string {
  return new Date().toTimeString().slice(0, 8);
}
