// What the terminal tools (`npm run admin`, `npm run receiver`, `npm run sweep`) share: where the service is, the
// operator secret, and one-line failures instead of stack traces.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.join(import.meta.dirname, "..");

/** Where `npm run dev` writes the URL it serves on (beside the local state it persists). */
export const DEV_URL_FILE = "dev-url";
export const DEFAULT_STATE_DIR = path.join(root, ".wrangler", "state");
const DEFAULT_URL = "http://localhost:8787";
/** What wrangler dev answers under `--test-scheduled`: the Worker's `scheduled` handler run at once, as wrangler.toml's cron. */
export const CRON_ROUTE = "/__scheduled?cron=*+*+*+*+*";

/** The failure a person at a terminal reads: one line on stderr, then the exit code (2: the command was misused). */
export class CliFailure extends Error {
  constructor(message, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

/** Runs a command's body; a CliFailure ends the process with its line and code, anything else with its message. */
export async function runCli(main) {
  try {
    await main();
  } catch (error) {
    console.error(error instanceof CliFailure ? error.message : `Failed: ${error?.message ?? error}`);
    process.exit(error instanceof CliFailure ? error.exitCode : 1);
  }
}

/** PAYMENT_CONNECT_URL, else the URL the running `npm run dev` wrote, else the default port. */
export function serviceUrl() {
  if (process.env.PAYMENT_CONNECT_URL) return process.env.PAYMENT_CONNECT_URL.replace(/\/+$/, "");
  const written = path.join(DEFAULT_STATE_DIR, DEV_URL_FILE);
  if (existsSync(written)) return readFileSync(written, "utf8").trim();
  return DEFAULT_URL;
}

/** `KEY=value` lines of a dotenv file. */
export function parseDevVars(text) {
  return Object.fromEntries(
    text
      .split("\n")
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1).trim()]),
  );
}

function adminSecret() {
  if (process.env.ADMIN_SECRET) return process.env.ADMIN_SECRET;
  const devVars = path.join(root, ".dev.vars");
  const secret = existsSync(devVars) ? parseDevVars(readFileSync(devVars, "utf8")).ADMIN_SECRET : undefined;
  if (secret) return secret;
  throw new CliFailure("No admin secret: set ADMIN_SECRET, or run `npm run dev` once to create .dev.vars.");
}

/**
 * A call to the service; `auth` "admin" sends the operator secret. Any failure becomes one line naming what to do.
 *
 * @param {string} method
 * @param {string} route
 * @param {{ body?: unknown; auth?: "admin"; headers?: Record<string, string> }} [options]
 */
export async function callService(method, route, { body, auth, headers = {} } = {}) {
  const base = serviceUrl();
  let response;
  try {
    response = await fetch(base + route, {
      method,
      headers: {
        ...(auth === "admin" ? { Authorization: `Bearer ${adminSecret()}` } : {}),
        ...(body ? { "Content-Type": "application/json" } : {}),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (error) {
    if (error instanceof CliFailure) throw error;
    throw new CliFailure(`No Payment Connect at ${base} — start it with \`npm run dev\` or set PAYMENT_CONNECT_URL.`);
  }
  const text = await response.text();
  const payload = parseJson(text);
  if (response.ok) return payload ?? text;
  if (response.status === 401 && auth === "admin") {
    throw new CliFailure(
      `401 Unauthorized: ${base} refused the admin secret — set ADMIN_SECRET to the server's (locally, the one in .dev.vars).`,
    );
  }
  const reason = payload?.title ? `${payload.title}${payload.detail ? `: ${payload.detail}` : ""}` : response.statusText;
  throw new CliFailure(`${response.status} ${reason} (${method} ${base}${route})`);
}

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
