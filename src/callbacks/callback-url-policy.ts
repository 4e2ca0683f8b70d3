import { ApiError } from "../lib/problem";
import type { RootContext } from "../platform/context";

export type CallbackUrlPolicy = { allowLocalNetwork: boolean };

const MAX_URL_LENGTH = 2048;
const METADATA_HOSTS = new Set(["metadata.google.internal", "metadata", "169.254.169.254", "[fd00:ec2::254]", "100.100.100.200"]);
const PRIVATE_NAME_SUFFIXES = [".localhost", ".local", ".internal", ".home.arpa", ".lan"];

type PolicyContext = Pick<RootContext, "env" | "publicOrigin">;

/**
 * Local receivers (http, localhost, private networks) are allowed only in the sandbox served from this machine: its
 * public origin (BASE_URL, else the origin the request came to, which on a deployment is never local) is loopback.
 */
export function callbackUrlPolicy({ env, publicOrigin }: PolicyContext): CallbackUrlPolicy {
  return { allowLocalNetwork: env.PROCESSOR_ENV === "sandbox" && publicOrigin !== null && isLocalHost(new URL(publicOrigin).hostname) };
}

/** The policy before each attempt, where there is no request to take an origin from. */
export function deliveryUrlPolicy(ctx: PolicyContext): CallbackUrlPolicy {
  // Without BASE_URL, trust the save-time check: no deployment is reached at a loopback origin, so none let a local URL in.
  if (ctx.publicOrigin === null) return { allowLocalNetwork: ctx.env.PROCESSOR_ENV === "sandbox" };
  return callbackUrlPolicy(ctx);
}

/** The reason a callback URL is refused, or null. The same check runs at registration and before every attempt. */
export function callbackUrlProblem(raw: string, policy: CallbackUrlPolicy): string | null {
  if (raw.length > MAX_URL_LENGTH) return `must be at most ${MAX_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "must be an absolute URL";
  }
  if (url.username || url.password) return "must not carry credentials";
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  // Cloud metadata services hand out credentials; no environment has a reason to call them.
  if (METADATA_HOSTS.has(host)) return "must not address a cloud metadata service";
  if (policy.allowLocalNetwork) {
    return url.protocol === "https:" || url.protocol === "http:" ? null : "must be an http or https URL";
  }
  if (url.protocol !== "https:") return "must be an https URL";
  if (isLocalHost(host)) return "must not address this machine (loopback)";
  const ipv4 = parseIpv4(host);
  if (ipv4 !== null) return isPublicIpv4(ipv4) ? null : "must not address a private, loopback, link-local, shared or reserved IPv4 address";
  if (host.startsWith("[")) {
    const ipv6 = parseIpv6(host.slice(1, -1));
    return ipv6 !== null && isPublicIpv6(ipv6) ? null : "must not address a private, loopback, link-local or reserved IPv6 address";
  }
  if (!host.includes(".") || PRIVATE_NAME_SUFFIXES.some((suffix) => host.endsWith(suffix))) return "must be a public DNS name";
  return null;
}

/** Validates and normalizes a callback URL, or throws the `validation-failed` problem naming `url`. */
export function parseCallbackUrl(raw: string, policy: CallbackUrlPolicy): string {
  const problem = callbackUrlProblem(raw, policy);
  if (problem) {
    throw new ApiError("validation-failed", `The callback URL ${problem}.`, {
      extensions: { errors: [{ field: "url", message: problem }] },
    });
  }
  return new URL(raw).href;
}

function isLocalHost(host: string): boolean {
  return host === "localhost" || host.endsWith(".localhost") || host === "[::1]" || parseIpv4(host)?.[0] === 127;
}

function parseIpv4(host: string): number[] | null {
  if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return null;
  const octets = host.split(".").map(Number);
  return octets.every((octet) => octet <= 255) ? octets : null;
}

const IPV4_BLOCKED: [number[], number][] = [
  [[0, 0, 0, 0], 8], // "this" network
  [[10, 0, 0, 0], 8], // private
  [[100, 64, 0, 0], 10], // carrier-grade NAT
  [[127, 0, 0, 0], 8], // loopback
  [[169, 254, 0, 0], 16], // link-local, cloud metadata
  [[172, 16, 0, 0], 12], // private
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 168, 0, 0], 16], // private
  [[198, 18, 0, 0], 15], // benchmarking
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, broadcast
];

function isPublicIpv4(octets: number[]): boolean {
  const address = ipv4Number(octets);
  return !IPV4_BLOCKED.some(([network, prefix]) => address >>> (32 - prefix) === ipv4Number(network) >>> (32 - prefix));
}

const ipv4Number = (octets: number[]) => ((octets[0]! << 24) | (octets[1]! << 16) | (octets[2]! << 8) | octets[3]!) >>> 0;

/** Eight 16-bit groups; the URL parser has already written embedded IPv4 forms in hex. */
function parseIpv6(text: string): number[] | null {
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string | undefined) =>
    part ? part.split(":").map((group) => (/^[0-9a-f]{1,4}$/.test(group) ? parseInt(group, 16) : NaN)) : [];
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  const groups = [...head, ...Array<number>(missing).fill(0), ...tail];
  return groups.some(Number.isNaN) ? null : groups;
}

function isPublicIpv6(groups: number[]): boolean {
  const [first = 0] = groups;
  const embeddedIpv4 = () => [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff];
  const leadingZeros = (count: number) => groups.slice(0, count).every((group) => group === 0);
  if (leadingZeros(6)) return false; // unspecified, loopback, deprecated IPv4-compatible
  if (leadingZeros(5) && groups[5] === 0xffff) return isPublicIpv4(embeddedIpv4()); // IPv4-mapped
  if (first === 0x64 && groups[1] === 0xff9b) return isPublicIpv4(embeddedIpv4()); // NAT64
  if (first === 0x2002) return isPublicIpv4([groups[1]! >> 8, groups[1]! & 0xff, groups[2]! >> 8, groups[2]! & 0xff]); // 6to4
  if ((first & 0xfe00) === 0xfc00) return false; // unique local
  if ((first & 0xffc0) === 0xfe80 || (first & 0xffc0) === 0xfec0) return false; // link-local, site-local
  if ((first & 0xff00) === 0xff00) return false; // multicast
  return true;
}
