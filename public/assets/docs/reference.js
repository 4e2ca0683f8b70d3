// Renders /openapi.json with the vendored Swagger UI; "Try it out" calls the server that the document lists first.
"use strict";

window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  displayOperationId: true,
  displayRequestDuration: true,
  defaultModelsExpandDepth: 0,
  docExpansion: "list",
  filter: true,
  showExtensions: true,
  validatorUrl: null,
});
