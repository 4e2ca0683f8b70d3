#!/usr/bin/env node
// `npm run listen -- --forward-to <url>`: the client package's `payment-connect listen`, built from this checkout (no
// publish needed) and pointed at the service the other terminal tools use.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { serviceUrl } from "./local-service.mjs";

const client = path.join(import.meta.dirname, "..", "clients", "typescript");

const build = spawnSync("npm", ["run", "--silent", "build"], { cwd: client, stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);
// PAYMENT_CONNECT_URL, else where `npm run dev` serves, as for `npm run admin`; `--url` still wins.
process.env.PAYMENT_CONNECT_URL = serviceUrl();
const { main } = await import(pathToFileURL(path.join(client, "dist", "cli.js")).href);
process.exitCode = await main(["listen", ...process.argv.slice(2)]);
