/**
 * What no log line may carry, whoever writes it: the Worker's own lines (`log.ts`) and everything `npm run dev` prints,
 * wrangler's access lines included (`scripts/dev.mjs` runs this file under Node, so it imports nothing).
 */

/** Secrets by their shapes, percent-encoded too (`lc%5Flive%5F…`): tenant keys, callback signing secrets, Stripe-style keys. */
const SECRET_SHAPES: [RegExp, string][] = [
  [/lc(?:_|%5f)live(?:_|%5f)[A-Za-z0-9_%-]+/gi, "lc_live_[REDACTED]"],
  [/whsec(?:_|%5f)[A-Za-z0-9_%-]+/gi, "whsec_[REDACTED]"],
  [/\b([sr]k)(?:_|%5f)(test|live)(?:_|%5f)[A-Za-z0-9_%-]+/gi, "$1_$2_[REDACTED]"],
];

// Links whose last segment is the credential: a dashboard invitation or password reset, an onboarding return or expiry,
// a PCI attestation.
const CAPABILITY_LINK =
  /(\/(?:dashboard\/invite|dashboard\/reset|onboarding\/return|onboarding\/expired|onboarding\/pci\/[^/?#\s"']+)\/)[^/?#\s"']+/g;

// An Authorization header's credentials, wherever they appear in text.
const AUTHORIZATION = /\b(Bearer|Basic)(?:\s|%20|\+)+[A-Za-z0-9._~+/=%-]+/gi;

// `user:password@` in a URL.
const URL_CREDENTIALS = /(\/\/[^\s/:@]+:)[^\s/@]+@/g;

const QUERY_PARAMETER = /([?&;])([^=&#\s"']+)=([^&#\s"']*)/g;
const SECRET_NAME = /secret|token|key|passw(?:or)?d|pwd|signature|credential|auth/i;

function decoded(name: string): string {
  try {
    return decodeURIComponent(name.replaceAll("+", " "));
  } catch {
    return name;
  }
}

/** The text with every query parameter named like a secret emptied, and every secret of a known shape replaced. */
export function redactSecrets(text: string): string {
  const byName = text.replace(QUERY_PARAMETER, (parameter, separator: string, name: string, value: string) =>
    value !== "" && SECRET_NAME.test(decoded(name)) ? `${separator}${name}=[REDACTED]` : parameter,
  );
  return SECRET_SHAPES.reduce((scrubbed, [pattern, replacement]) => scrubbed.replace(pattern, replacement), byName)
    .replace(CAPABILITY_LINK, "$1[REDACTED]")
    .replace(AUTHORIZATION, "$1 [REDACTED]")
    .replace(URL_CREDENTIALS, "$1[REDACTED]@");
}
