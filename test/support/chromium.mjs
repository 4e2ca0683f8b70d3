// Finds a Chromium for the browser tests: CHROMIUM_PATH, else on PATH Debian's `chromium-headless-shell` (the same
// Chromium built for headless use only: about a third of the CPU of full `chromium --headless` for the same pages),
// else Debian's `chromium` (or another common name).
// The browser tests run whenever one is found; without one they are skipped with a plain message, and with
// REQUIRE_BROWSER_TESTS=1 (as `.ci/run` sets) a missing Chromium fails the run instead of skipping silently.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const CANDIDATES = ["chromium-headless-shell", "chromium", "chromium-browser", "google-chrome-stable", "google-chrome"];

export function findChromium() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return existsSync(configured) ? configured : null;
  for (const name of CANDIDATES) {
    try {
      const found = execFileSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).trim();
      if (found) return found;
    } catch {
      // not on PATH; try the next name
    }
  }
  return null;
}

/** Vitest global setup of the node project: hands the path to the tests, or says plainly why they are skipped. */
export default function setup({ provide }) {
  const chromium = findChromium();
  if (!chromium) {
    const how =
      "install Debian's `chromium-headless-shell` or `chromium` (apt-get install chromium-headless-shell) or set CHROMIUM_PATH to a Chromium binary";
    if (process.env.REQUIRE_BROWSER_TESTS === "1") throw new Error(`Browser tests are required here but no Chromium was found: ${how}.`);
    process.stderr.write(`\n[browser tests] SKIPPED: no Chromium found. To run them, ${how}.\n\n`);
  }
  provide("chromiumPath", chromium ?? "");
}
