import { ApiError } from "../lib/problem";
import type { RootContext } from "../platform/context";

export type CallbackUrlPolicy = { allowLocalNetwork: boolean };

const MAX_URL_LENGTH = 2048;
const METADATA_NAMES = new Set(["metadata.google.internal", "metadata"]);
const PRIVATE_NAME_SUFFIXES = [".localhost", ".local", ".internal", ".home.arpa", ".lan"];
/** Wildcard DNS services: any name under them resolves to an address the name spells (hex, dashed IPv6…) or to loopback. */
const ADDRESS_SPELLING_DOMAINS = [
  "nip.io",
  "sslip.io",
  "xip.io",
  "traefik.me",
  "localtest.me",
  "lvh.me",
  "vcap.me",
  "lacolhost.com",
  "local.gd",
];

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

/**
 * The reason a callback URL is refused, or null. The same check runs at registration and before every attempt. Every
 * spelling of an address is judged as the address it stands for: an IPv6 form that embeds an IPv4 address (mapped,
 * translated, NAT64, 6to4, Teredo) and a DNS name that spells one (`10-0-0-1.example.com`) are held to the IPv4 rule.
 */
export function callbackUrlProblem(raw: string, policy: CallbackUrlPolicy): string | null {
  if (raw.length > MAX_URL_LENGTH) return `must be at most ${MAX_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "must be an absolute URL";
  }
  if (url.username || url.password) return "must not carry credentials";
  // The URL parser has already written decimal, octal and hex IPv4 forms (`2130706433`, `0x7f.1`) as dotted quads.
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  const addresses = hostAddresses(host);
  if (addresses === null) return "must be a valid host";
  // Cloud metadata services hand out credentials; no environment has a reason to call them.
  if (METADATA_NAMES.has(host) || addresses.ipv4.some(isMetadataIpv4) || addresses.ipv6.some(isMetadataIpv6)) {
    return "must not address a cloud metadata service";
  }
  if (policy.allowLocalNetwork) {
    return url.protocol === "https:" || url.protocol === "http:" ? null : "must be an http or https URL";
  }
  if (url.protocol !== "https:") return "must be an https URL";
  if (isLoopback(host, addresses)) return "must not address this machine (loopback)";
  if (!addresses.ipv4.every(isPublicIpv4)) return "must not address a private, loopback, link-local, shared or reserved IPv4 address";
  if (!addresses.ipv6.every(isPublicIpv6)) return "must not address a private, loopback, link-local or reserved IPv6 address";
  if (addresses.literal) return null;
  if (ADDRESS_SPELLING_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`))) {
    return "must not be a wildcard DNS name that stands for an IP address";
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

/** An IPv4 address as its 32-bit number; IPv6 addresses as their eight 16-bit groups. */
type Ipv6 = number[];
type HostAddresses = { literal: boolean; ipv4: number[]; ipv6: Ipv6[] };

/**
 * The addresses a host stands for, every disguise taken off: an IPv4 literal; an IPv6 literal with the IPv4 address it
 * embeds (a mapped, translated or NAT64 address is only its IPv4 address); or the IPv4 addresses a DNS name spells in
 * dotted (`127.0.0.1.example.com`) or dashed (`ip-10-0-0-1.example.com`) form. Null for a bracketed host that is no IPv6.
 */
function hostAddresses(host: string): HostAddresses | null {
  const ipv4 = parseIpv4(host);
  if (ipv4 !== null) return { literal: true, ipv4: [ipv4], ipv6: [] };
  if (host.startsWith("[")) {
    const groups = parseIpv6(host.slice(1, -1));
    if (groups === null) return null;
    const wrapped = unwrappedIpv4(groups);
    if (wrapped !== null) return { literal: true, ipv4: [wrapped], ipv6: [] };
    return { literal: true, ipv4: tunnelledIpv4(groups), ipv6: [groups] };
  }
  return { literal: false, ipv4: spelledIpv4(host), ipv6: [] };
}

const ipv4Of = (high: number, low: number) => ((high << 16) | low) >>> 0;

/** The IPv4 address an IPv6 address only wraps: IPv4-mapped `::ffff:0:0/96`, translated `::ffff:0:0:0/96`, NAT64 `64:ff9b::/96`. */
function unwrappedIpv4(groups: Ipv6): number | null {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const zeros = (...values: number[]) => values.every((value) => value === 0);
  if (zeros(g0, g1, g2, g3, g4) && g5 === 0xffff) return ipv4Of(g6, g7);
  if (zeros(g0, g1, g2, g3) && g4 === 0xffff && g5 === 0) return ipv4Of(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && zeros(g2, g3, g4, g5)) return ipv4Of(g6, g7);
  return null;
}

/** The IPv4 addresses a tunnel address carries: 6to4 `2002::/16` its router's; Teredo `2001::/32` its server's and client's. */
function tunnelledIpv4(groups: Ipv6): number[] {
  const [g0, g1, g2, g3, , , g6, g7] = groups as [number, number, number, number, number, number, number, number];
  if (g0 === 0x2002) return [ipv4Of(g1, g2)];
  if (g0 === 0x2001 && g1 === 0) return [ipv4Of(g2, g3), ~ipv4Of(g6, g7) >>> 0];
  return [];
}

/** IPv4 addresses spelled in a DNS name: four address-like labels in a row, or four numbers joined by dashes in a label. */
function spelledIpv4(host: string): number[] {
  const labels = host.split(".");
  const spelled: number[] = [];
  for (let start = 0; start + 4 <= labels.length; start++) {
    const address = parseIpv4(labels.slice(start, start + 4).join("."));
    if (address !== null) spelled.push(address);
  }
  for (const match of host.matchAll(/(?<![\d])(\d{1,3})-(\d{1,3})-(\d{1,3})-(\d{1,3})(?![\d])/g)) {
    const address = parseIpv4(match.slice(1, 5).join("."));
    if (address !== null) spelled.push(address);
  }
  return spelled;
}

/** A dotted quad whose parts are decimal, octal (`0177`) or hex (`0x7f`), as the URL parser reads them. */
function parseIpv4(text: string): number | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let address = 0;
  for (const part of parts) {
    const value = /^0x[0-9a-f]{1,2}$/.test(part)
      ? parseInt(part.slice(2), 16)
      : /^0[0-7]{1,3}$/.test(part)
        ? parseInt(part, 8)
        : /^(0|[1-9]\d{0,2})$/.test(part)
          ? Number(part)
          : NaN;
    if (Number.isNaN(value) || value > 255) return null;
    address = address * 256 + value;
  }
  return address;
}

/** Eight 16-bit groups; the URL parser has already written embedded IPv4 forms in hex. */
function parseIpv6(text: string): Ipv6 | null {
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

const inIpv4Block = (address: number, [network, prefix]: [number, number]) => address >>> (32 - prefix) === network >>> (32 - prefix);
const ipv4 = (a: number, b: number, c: number, d: number) => ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;

const IPV4_BLOCKED: [number, number][] = [
  [ipv4(0, 0, 0, 0), 8], // "this" network
  [ipv4(10, 0, 0, 0), 8], // private
  [ipv4(100, 64, 0, 0), 10], // carrier-grade NAT
  [ipv4(127, 0, 0, 0), 8], // loopback
  [ipv4(169, 254, 0, 0), 16], // link-local, cloud metadata
  [ipv4(172, 16, 0, 0), 12], // private
  [ipv4(192, 0, 0, 0), 24], // IETF protocol assignments
  [ipv4(192, 0, 2, 0), 24], // documentation
  [ipv4(192, 88, 99, 0), 24], // 6to4 relay anycast
  [ipv4(192, 168, 0, 0), 16], // private
  [ipv4(198, 18, 0, 0), 15], // benchmarking
  [ipv4(198, 51, 100, 0), 24], // documentation
  [ipv4(203, 0, 113, 0), 24], // documentation
  [ipv4(224, 0, 0, 0), 4], // multicast
  [ipv4(240, 0, 0, 0), 4], // reserved, broadcast
];

const isPublicIpv4 = (address: number) => !IPV4_BLOCKED.some((block) => inIpv4Block(address, block));

/** Link-local `169.254/16` (AWS, GCP, Azure, OpenStack, ECS task metadata) and Alibaba Cloud's `100.100.100.200`. */
const isMetadataIpv4 = (address: number) => inIpv4Block(address, [ipv4(169, 254, 0, 0), 16]) || address === ipv4(100, 100, 100, 200);

/** AWS's IPv6 metadata endpoint `fd00:ec2::254`. */
const isMetadataIpv6 = (groups: Ipv6) => groups.join(":") === [0xfd00, 0xec2, 0, 0, 0, 0, 0, 0x254].join(":");

/**
 * Only global unicast `2000::/3` is public, less its special blocks: IETF protocol assignments `2001::/23` (Teredo
 * `2001::/32` is judged by the IPv4 addresses it carries) and documentation `2001:db8::/32` and `3fff::/20`.
 */
function isPublicIpv6(groups: Ipv6): boolean {
  const [g0 = 0, g1 = 0] = groups;
  if ((g0 & 0xe000) !== 0x2000) return false; // unspecified, loopback, unique local, link-local, multicast, reserved
  if (g0 === 0x2001 && g1 < 0x200 && g1 !== 0) return false; // IETF protocol assignments
  if (g0 === 0x2001 && g1 === 0xdb8) return false; // documentation
  if ((g0 & 0xfff0) === 0x3ff0) return false; // documentation
  return true;
}

function isLoopback(host: string, addresses: HostAddresses): boolean {
  const loopbackIpv4 = (address: number) => inIpv4Block(address, [ipv4(127, 0, 0, 0), 8]);
  const loopbackIpv6 = (groups: Ipv6) => groups.slice(0, 7).every((group) => group === 0) && groups[7] === 1;
  return host === "localhost" || host.endsWith(".localhost") || addresses.ipv4.some(loopbackIpv4) || addresses.ipv6.some(loopbackIpv6);
}

/** An origin is local only by its literal host: a name that merely spells a loopback address does not make a deployment local. */
function isLocalHost(host: string): boolean {
  const addresses = hostAddresses(host);
  if (addresses === null) return false;
  return isLoopback(host, addresses.literal ? addresses : { ...addresses, ipv4: [] });
}
