// Every relative link in the repository's markdown resolves: the file or folder it names exists, and its `#anchor`
// is a heading of the target file (GitHub's slugs) or an explicit `<a id>`/`name`. Links in code are not links.
import { execFileSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

const root = path.join(import.meta.dirname, "../..");

/** Tracked markdown, plus new files not yet committed (not ignored), so a broken link fails before the commit. */
function markdownFiles() {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z", "--", "*.md"], {
    cwd: root,
    encoding: "utf8",
  });
  return [...new Set(listed.split("\0").filter(Boolean))].filter((file) => statSync(path.join(root, file), { throwIfNoEntry: false }));
}

/** Each line of `text`, or null inside a fenced code block (fences included); line numbers kept. */
function outsideFences(text) {
  /** @type {string | null} */
  let fence = null;
  return text.split("\n").map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== null) {
      if (marker?.startsWith(fence)) fence = null;
      return null;
    }
    if (marker) fence = marker;
    return marker ? null : line;
  });
}

/** The lines outside fenced code blocks, with inline code blanked. */
function proseLines(text) {
  return outsideFences(text).map((line) => (line ?? "").replace(/(`+)(?:(?!\1).)+?\1/g, (code) => " ".repeat(code.length)));
}

/** GitHub's heading anchor: the rendered text lower-cased, punctuation but `-` and `_` dropped, spaces to `-`. */
function slug(heading) {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/[`*]/g, "")
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
}

/** Every anchor a file offers: heading slugs (a repeat gets `-1`, `-2`, …) and explicit ids. */
function anchorsOf(text) {
  const anchors = new Set();
  const seen = new Map();
  for (const line of outsideFences(text)) {
    if (line === null) continue;
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line)?.[1];
    if (heading !== undefined) {
      const base = slug(heading);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const [, id] of line.matchAll(/<a\s[^>]*(?:id|name)="([^"]+)"/g)) anchors.add(id);
  }
  return anchors;
}

/** `[text](target)` and `![alt](target)` links whose target is relative (no scheme, not protocol-relative). */
function relativeLinks(text) {
  const links = [];
  proseLines(text).forEach((line, index) => {
    for (const [, target] of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) continue;
      links.push({ line: index + 1, target });
    }
  });
  return links;
}

const onDisk = {
  read: (file) => readFileSync(path.join(root, file), "utf8"),
  kind: (file) => {
    const stat = statSync(path.join(root, file), { throwIfNoEntry: false });
    return stat?.isFile() ? "file" : stat?.isDirectory() ? "folder" : undefined;
  },
};

/** What is wrong with each relative link of `file`, one line per broken link. */
function brokenLinks(file, { read, kind } = onDisk) {
  const anchorCache = new Map();
  const anchorsIn = (target) => {
    if (!anchorCache.has(target)) anchorCache.set(target, anchorsOf(read(target)));
    return anchorCache.get(target);
  };
  const broken = [];
  for (const { line, target } of relativeLinks(read(file))) {
    const [rawPath, anchor] = target.split("#", 2);
    const linkedPath = decodeURIComponent(rawPath);
    const resolved = linkedPath === "" ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), linkedPath));
    const where = `${file}:${line} → ${target}`;
    const found = resolved.startsWith("..") ? undefined : kind(resolved.replace(/\/$/, ""));
    if (!found) {
      broken.push(`${where}: no such file ${resolved}`);
      continue;
    }
    if (anchor === undefined || anchor === "") continue;
    if (found !== "file" || !resolved.endsWith(".md")) {
      broken.push(`${where}: an anchor into ${resolved}, which is not a markdown file`);
      continue;
    }
    if (!anchorsIn(resolved).has(decodeURIComponent(anchor).toLowerCase())) broken.push(`${where}: no heading #${anchor} in ${resolved}`);
  }
  return broken;
}

describe("relative links in markdown", () => {
  it("resolves every link and anchor in the repository's markdown", () => {
    const files = markdownFiles();
    expect(files).toContain("README.md");
    expect(files.flatMap((file) => brokenLinks(file))).toEqual([]);
  });

  it("slugs headings as GitHub does", () => {
    expect(slug("Callbacks (signed events to the tenant)")).toBe("callbacks-signed-events-to-the-tenant");
    expect(slug("Inviting the first owner (`npm run dev`)")).toBe("inviting-the-first-owner-npm-run-dev");
    expect(slug("Where the sandbox differs from the processor's OpenAPI (2022-02-01)")).toBe(
      "where-the-sandbox-differs-from-the-processors-openapi-2022-02-01",
    );
    expect(slug("API keys & errors — `X-Api-Key`")).toBe("api-keys--errors--x-api-key");
    expect([...anchorsOf("# Tests\n\n## Tests\n\n```sh\n# not a heading\n```\n### Tests\n")]).toEqual(["tests", "tests-1", "tests-2"]);
  });

  it("reports a missing file, a missing heading and an anchor into a non-markdown file, and ignores code and URLs", () => {
    const files = {
      "docs/a.md": [
        "# A",
        "[ok](b.md#the-b-heading) [self](#a) [folder](../src/) [web](https://example.com/x.md#nope) [mail](mailto:x@example.com)",
        "[gone](missing.md) [wrong](b.md#no-such-heading) [not markdown](../package.json#x) [self wrong](#b)",
        "`[in code](nowhere.md)`",
        "```md",
        "[fenced](nowhere.md)",
        "```",
      ].join("\n"),
      "docs/b.md": "## The B heading\n",
      "package.json": "{}",
    };
    const kind = (file) => (file in files ? "file" : file === "src" ? "folder" : undefined);
    expect(brokenLinks("docs/a.md", { read: (file) => files[file], kind })).toEqual([
      "docs/a.md:3 → missing.md: no such file docs/missing.md",
      "docs/a.md:3 → b.md#no-such-heading: no heading #no-such-heading in docs/b.md",
      "docs/a.md:3 → ../package.json#x: an anchor into package.json, which is not a markdown file",
      "docs/a.md:3 → #b: no heading #b in docs/a.md",
    ]);
  });
});
