// Installing this repository's packages without the network: `npm pack` of the client and of the packages it needs, as
// node_modules holds them, for the tests that set up a newcomer's project in an empty folder.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.join(import.meta.dirname, "../..");
export const CLIENT_DIR = path.join(root, "clients", "typescript");

/** Runs a command to its end; its stdout, or a failure with everything it printed. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: "utf8", ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} exited ${result.status}:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/**
 * Set by the node project's global setup (test/support/migrated-state.mjs): a folder where each package is packed once
 * for the whole run, its tarball shared by every test that installs it (the client's pack builds it with tsc).
 */
export const PACK_CACHE_ENV = "PAYMENT_CONNECT_PACK_CACHE";

/** `npm pack` of these folders (relative to the client's) into `destination`: the tarballs' paths. */
const pack = (destination, folders) =>
  JSON.parse(run("npm", ["pack", "--json", "--pack-destination", destination, ...folders], { cwd: CLIENT_DIR })).map((tarball) =>
    path.join(destination, tarball.filename),
  );

/**
 * The tarballs of these folders (relative to the client's), as `npm pack` makes them: packed into `destination`, or,
 * in a test run, taken from the run's pack cache. A folder not packed yet is packed there by the first test to claim
 * it; a test that needs a folder another is packing waits for it.
 */
export function packInto(destination, folders) {
  const cache = process.env[PACK_CACHE_ENV];
  if (!cache) return pack(destination, folders);
  const slot = (folder) => path.join(cache, createHash("sha256").update(path.resolve(CLIENT_DIR, folder)).digest("hex").slice(0, 16));
  const claim = (folder) => {
    try {
      mkdirSync(`${slot(folder)}.packing`);
      return true;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code === "EEXIST") return false;
      throw error;
    }
  };
  const ours = folders.filter((folder) => !existsSync(slot(folder)) && claim(folder));
  try {
    if (ours.length > 0) {
      const packing = mkdtempSync(path.join(cache, "packing-"));
      for (const [n, tarball] of pack(packing, ours).entries()) {
        const packed = mkdtempSync(path.join(cache, "packed-"));
        renameSync(tarball, path.join(packed, path.basename(tarball)));
        renameSync(packed, slot(ours[n]));
      }
      rmSync(packing, { recursive: true, force: true });
    }
  } finally {
    for (const folder of ours) rmSync(`${slot(folder)}.packing`, { recursive: true, force: true });
  }
  return folders.map((folder) => {
    for (const deadline = Date.now() + 10 * 60_000; !existsSync(slot(folder));) {
      // Its packer puts the tarball in place before it gives up its claim.
      if (!existsSync(`${slot(folder)}.packing`) && !existsSync(slot(folder))) throw new Error(`another test failed to pack ${folder}`);
      if (Date.now() > deadline) throw new Error(`another test is still packing ${folder}`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
    const [tarball] = readdirSync(slot(folder));
    return path.join(slot(folder), String(tarball));
  });
}

/**
 * The folders of these packages as installed here and of the dependencies they need on this machine (a platform's
 * binary among their optional ones).
 */
export function installedFolders(names, found = new Set()) {
  for (const name of names) {
    const folder = path.join(root, "node_modules", name);
    if (found.has(folder)) continue;
    found.add(folder);
    const manifest = JSON.parse(readFileSync(path.join(folder, "package.json"), "utf8"));
    installedFolders(Object.keys(manifest.dependencies ?? {}), found);
    const optional = Object.keys(manifest.optionalDependencies ?? {}).filter((name) =>
      readdirSync(path.join(root, "node_modules", path.dirname(name))).includes(path.basename(name)),
    );
    installedFolders(optional, found);
  }
  return [...found];
}
