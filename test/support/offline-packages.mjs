// Installing this repository's packages without the network: `npm pack` of the client and of the packages it needs, as
// node_modules holds them, for the tests that set up a newcomer's project in an empty folder.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.join(import.meta.dirname, "../..");
export const CLIENT_DIR = path.join(root, "clients", "typescript");

/** Runs a command to its end; its stdout, or a failure with everything it printed. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: "utf8", ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} exited ${result.status}:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** `npm pack` of these folders into `destination`: the tarballs' paths. */
export const packInto = (destination, folders) =>
  JSON.parse(run("npm", ["pack", "--json", "--pack-destination", destination, ...folders], { cwd: CLIENT_DIR })).map((tarball) =>
    path.join(destination, tarball.filename),
  );

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
