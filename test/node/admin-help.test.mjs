// `npm run admin -- --help`: the operator CLI's help, without a server — every command it runs, and its options.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

import { describe, expect, it } from "vitest";

const root = path.join(import.meta.dirname, "../..");
const execFileAsync = promisify(execFile);

/** Runs the CLI with no service to reach; resolves with its exit code and output whatever the code. */
async function admin(args) {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, ["scripts/admin.mjs", ...args], {
      cwd: root,
      env: { ...process.env, PAYMENT_CONNECT_URL: "http://127.0.0.1:9" },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    return { code: error.code, stdout: error.stdout, stderr: error.stderr };
  }
}

/** The commands the CLI runs: the keys of its `commands` table, as written in the script. */
const commandNames = [...readFileSync(path.join(root, "scripts/admin.mjs"), "utf8").matchAll(/^ {2}"?([a-z-]+(?: [a-z-]+)?)"?: \{/gm)].map(
  (match) => match[1],
);

describe("npm run admin -- --help", () => {
  it("prints the help on stdout and exits 0, as --help, -h and after a command", async () => {
    expect(commandNames.length).toBeGreaterThan(10);
    for (const args of [["--help"], ["-h"], ["tenant", "create", "--help"], ["sandbox-tenant", "-h"]]) {
      const { code, stdout, stderr } = await admin(args);
      expect({ args, code, stderr }).toEqual({ args, code: 0, stderr: "" });
      expect(stdout).toMatch(/^Usage: npm run admin -- <command>/);
      // Every command the CLI runs, at the start of a line of the listing.
      for (const name of commandNames) expect(stdout, name).toMatch(new RegExp(`^ {2}${name}(?: |$)`, "m"));
      expect(stdout).toMatch(/--receiver-port <port> is the port it listens on \(default 4000; 0: any free one\)/);
    }
  });

  it("still answers an unknown command with the help on stderr and exit code 2", async () => {
    const { code, stdout, stderr } = await admin(["tenant", "explode"]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/^Unknown command: tenant explode\n\nUsage: npm run admin/);
  });
});
