export type Environment = "sandbox" | "live";

/** What the banner says about the environment "Try it out" works in, and how to try the Quickstart's operations in it. */
const BANNER: Record<Environment, string> = {
  sandbox: `<strong>Sandbox</strong> — "Try it out" calls this server, whose processor is a sandbox: no real money moves.
<ol>
<li>Get a sandbox API key: against <code>npm run dev</code>, <code>npm run admin -- sandbox-tenant "Your Shop"</code> prints one, for a tenant whose sandbox merchant may charge (the README's Quickstart).</li>
<li>Press <strong>Authorize</strong>, paste the key under <code>ApiKeyHeader</code> (<code>X-Api-Key</code>), press its <strong>Authorize</strong>, then <strong>Close</strong>.</li>
<li><code>POST /v1/payments</code> → Try it out → Execute: the example's <code>TKsandboxVisa4895Success</code> is the built-in sandbox's test card token, never used up, so the charge succeeds (201). Pressed again, its <code>Idempotency-Key</code> replays the same payment.</li>
<li><code>GET /v1/payments</code> → Try it out → Execute lists it: the list's examples set no dates or filters.</li>
</ol>
An operation with an id in its path needs one of yours: its example id is made up, so it answers 404 until you put in, say, the <code>lcPaymentId</code> the charge answered.`,
  live: `<strong>Live</strong> — "Try it out" calls this server, whose processor moves real money: a charge made here charges a real card with the key you authorize. The sandbox's test token is refused.`,
};

/** The API reference: Swagger UI, served from this origin's static assets (public/assets/docs/), rendering /openapi.json. */
export function renderReferencePage(environment: Environment): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Payment Connect API reference (${environment})</title>
<link rel="icon" href="/assets/favicon.svg">
<link rel="stylesheet" href="/assets/docs/swagger-ui/swagger-ui.css">
<link rel="stylesheet" href="/assets/docs/reference.css">
</head>
<body>
<header id="environment-banner" class="environment-banner" data-environment="${environment}">
${BANNER[environment]}
</header>
<div id="swagger-ui"></div>
<script src="/assets/docs/swagger-ui/swagger-ui-bundle.js"></script>
<script src="/assets/docs/reference.js"></script>
</body>
</html>`;
}

/** Everything the page loads comes from this origin; Swagger UI's stylesheet draws its icons as data: images. */
export const REFERENCE_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");
