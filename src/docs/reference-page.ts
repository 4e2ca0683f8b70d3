/** The API reference: Swagger UI, served from this origin's static assets (public/assets/docs/), rendering /openapi.json. */
export const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Payment Connect API reference</title>
<link rel="icon" href="/assets/favicon.svg">
<link rel="stylesheet" href="/assets/docs/swagger-ui/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/assets/docs/swagger-ui/swagger-ui-bundle.js"></script>
<script src="/assets/docs/reference.js"></script>
</body>
</html>`;

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
