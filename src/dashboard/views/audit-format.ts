/**
 * The audit log in people's words: a browser as "Chrome 131 on macOS" rather than its whole User-Agent, and a duration
 * as "24 hours" rather than "86400 s".
 */

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, "Edge"],
  [/\bOPR\/(\d+)/, "Opera"],
  [/\bSamsungBrowser\/(\d+)/, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, "Firefox"],
  [/\bHeadlessChrome\/(\d+)/, "Headless Chrome"],
  [/\b(?:Chrome|CriOS)\/(\d+)/, "Chrome"],
  [/\bVersion\/(\d+)(?:\.\d+)*(?: Mobile\/\S+)? Safari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/** Programs that call the operator API or post forms themselves: their first token, e.g. "curl/8.5.0" → "curl 8.5.0". */
const PROGRAM = /^([A-Za-z][\w.-]{0,30})\/([\w.-]{1,20})/;

/**
 * A User-Agent as a person names it: "Chrome 131 on macOS", "Safari 18 on iOS", "Firefox 132 on Windows", "curl 8.5.0",
 * "Node.js". What it cannot read is shortened to its first 40 characters.
 */
export function shortUserAgent(userAgent: string | null | undefined): string {
  const agent = (userAgent ?? "").trim();
  if (!agent || agent === "unknown") return "unknown browser";
  if (agent === "Payment Connect") return agent;
  for (const [pattern, name] of BROWSERS) {
    const version = pattern.exec(agent)?.[1];
    if (version === undefined) continue;
    const system = SYSTEMS.find(([systemPattern]) => systemPattern.test(agent))?.[1];
    return system ? `${name} ${version} on ${system}` : `${name} ${version}`;
  }
  if (agent === "node" || /^(?:node|undici)\b/i.test(agent)) return "Node.js";
  const program = PROGRAM.exec(agent);
  if (program && !program[1]!.startsWith("Mozilla")) return `${program[1]} ${program[2]}`;
  return agent.length > 40 ? `${agent.slice(0, 39)}…` : agent;
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;

/** Seconds as people say them: 86400 → "24 hours", 3600 → "1 hour", 604800 → "7 days", 90 → "90 seconds". */
export function durationWords(seconds: number): string {
  if (seconds >= 2 * 86_400 && seconds % 86_400 === 0) return plural(seconds / 86_400, "day");
  if (seconds >= 3_600 && seconds % 3_600 === 0) return plural(seconds / 3_600, "hour");
  if (seconds >= 60 && seconds % 60 === 0) return plural(seconds / 60, "minute");
  return plural(seconds, "second");
}

/** What a secret rotation did to the old secret, for the audit log: "old secret signs 24 hours more", or stopped at once. */
export function overlapWords(seconds: number): string {
  return seconds === 0 ? "old secret stopped at once" : `old secret signs ${durationWords(seconds)} more`;
}

/**
 * An audit entry's details as shown: durations recorded as seconds (entries from before the log said them in words,
 * e.g. "old secret signs 86400 s more") read as words.
 */
export function auditDetails(target: string | null): string {
  if (!target) return "";
  return target
    .replace(/old secret signs (\d+) s more/g, (_, seconds: string) => overlapWords(Number(seconds)))
    .replace(/\b(\d+) s\b/g, (_, seconds: string) => durationWords(Number(seconds)));
}
