// The client README's first program, as a newcomer runs it: its shell steps in an empty folder (`npm init -y`,
// `npm pkg set type=module`, the installs it names, `tsc --init` of today's TypeScript), its program written as shown,
// compiled with those defaults and run. Offline: the packages the README installs by name come packed from this
// repository's node_modules, the client packed from clients/typescript.
import { execFile, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { CLIENT_DIR as clientDir, installedFolders, packInto, run } from "../support/offline-packages.mjs";

const readme = readFileSync(path.join(clientDir, "README.md"), "utf8");

let work;
beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), "payment-connect-readme-"));
});
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The README's section under this heading, its code blocks in order, each `{ lang, code }`. */
function blocksOf(heading) {
  const start = readme.indexOf(`\n## ${heading}\n`);
  expect(start, `the README has a "## ${heading}" section`).toBeGreaterThan(-1);
  const end = readme.indexOf("\n## ", start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map(([, lang = "", code = ""]) => ({ lang, code }));
}

describe("the client README's first program", () => {
  it("compiles as written in a project made as the README says, and runs", async () => {
    const [steps, program, runIt] = blocksOf("A first program, from an empty folder");
    if (!steps || !program || !runIt) throw new Error("the section has its steps, its program and how to run it: three code blocks");
    expect(steps.lang).toBe("sh");
    expect(program.lang).toBe("ts");
    expect(runIt.code).toMatch(/^npx tsc && PAYMENT_CONNECT_API_KEY=lc_live_… node list-payments\.js\n$/);
    const fileName = /`([\w-]+\.ts)`:\n\n```ts/.exec(readme)?.[1];
    expect(fileName).toBe("list-payments.ts");

    const [client] = packInto(work, ["."]);
    const clientDependencies = Object.keys(JSON.parse(readFileSync(path.join(clientDir, "package.json"), "utf8")).dependencies);
    const registry = new Map();
    /** What `npm install` fetches by name, packed from here instead. */
    const offline = (names) => {
      const folders = installedFolders(names).filter((folder) => !registry.has(folder));
      for (const [n, tarball] of packInto(work, folders).entries()) registry.set(folders[n], tarball);
      return names.flatMap((name) => installedFolders([name]).map((folder) => registry.get(folder)));
    };

    // Each line of the README's steps, as it says, in the folder the first two make.
    const app = path.join(work, "my-shop");
    for (const line of steps.code
      .split("\n")
      .map((text) => text.replace(/\s+#.*$/, "").trim())
      .filter(Boolean)) {
      const [command, ...args] = line.split(/\s+/);
      if (line === "mkdir my-shop && cd my-shop") mkdirSync(app);
      else if (command === "npm" && args[0] === "install" && args[1] === "--save-dev")
        run("npm", ["install", "--offline", "--no-audit", "--no-fund", "--save-dev", ...offline(args.slice(2))], { cwd: app });
      else if (command === "npm" && args[0] === "install") {
        expect(args).toEqual(["install", "/path/to/payment-connect-client-1.0.0.tgz"]);
        expect(path.basename(client)).toBe("payment-connect-client-1.0.0.tgz");
        run("npm", ["install", "--offline", "--no-audit", "--no-fund", client, ...offline(clientDependencies)], { cwd: app });
      } else if (command === "npx") run(path.join(app, "node_modules", ".bin", String(args[0])), args.slice(1), { cwd: app });
      else if (command === "npm") run("npm", args, { cwd: app });
      else throw new Error(`a step the test does not know: ${line}`);
    }
    const tsconfig = readFileSync(path.join(app, "tsconfig.json"), "utf8");
    // Today's defaults, which the program must live with as they are.
    for (const setting of ['"module": "nodenext"', '"types": []', '"verbatimModuleSyntax": true', '"exactOptionalPropertyTypes": true'])
      expect(tsconfig).toContain(setting);

    writeFileSync(path.join(app, String(fileName)), program.code);
    run(path.join(app, "node_modules", ".bin", "tsc"), [], { cwd: app });

    // Without a key it says what is missing; with one it lists the payments a service answers.
    const missing = spawnSync(process.execPath, ["list-payments.js"], { cwd: app, encoding: "utf8", env: { PATH: process.env.PATH } });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain("Set PAYMENT_CONNECT_API_KEY to the tenant's lc_live_… key.");
    const service = createServer((request, response) => {
      const authorized = request.headers.authorization === "Bearer lc_live_readme" && request.url === "/v1/payments?limit=5";
      response.writeHead(authorized ? 200 : 401, { "Content-Type": "application/json" });
      response.end(
        JSON.stringify(
          authorized
            ? { data: [{ lcPaymentId: "lcpay_readme0001", status: "succeeded", amountCents: 2500 }], hasMore: false, nextCursor: "" }
            : { type: "unauthorized", detail: `${request.url}` },
        ),
      );
    });
    await new Promise((resolve) => service.listen(0, "127.0.0.1", () => resolve(undefined)));
    try {
      const env = {
        PATH: process.env.PATH,
        PAYMENT_CONNECT_API_KEY: "lc_live_readme",
        PAYMENT_CONNECT_URL: `http://127.0.0.1:${/** @type {import("node:net").AddressInfo} */ (service.address()).port}`,
      };
      // Run without blocking this process, which answers for the service meanwhile.
      const { stdout, stderr } = await promisify(execFile)(process.execPath, ["list-payments.js"], { cwd: app, env });
      expect({ stdout, stderr }).toEqual({ stdout: "lcpay_readme0001 succeeded 2500\n", stderr: "" });
    } finally {
      service.close();
    }
  });
});
