#!/usr/bin/env node
// Copies the API reference renderer (Swagger UI, the swagger-ui-dist devDependency) into public/, where Workers static
// assets serve it to /docs with no CDN. Run after upgrading swagger-ui-dist and commit the result; the OpenAPI test fails
// while the copy differs from the installed package.
import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";

const root = path.join(import.meta.dirname, "..");
export const RENDERER_SOURCE = path.join(root, "node_modules", "swagger-ui-dist");
export const RENDERER_TARGET = path.join(root, "public", "assets", "docs", "swagger-ui");
export const RENDERER_FILES = ["swagger-ui-bundle.js", "swagger-ui-bundle.js.LICENSE.txt", "swagger-ui.css", "LICENSE", "NOTICE"];

if (import.meta.main) {
  mkdirSync(RENDERER_TARGET, { recursive: true });
  for (const file of RENDERER_FILES) copyFileSync(path.join(RENDERER_SOURCE, file), path.join(RENDERER_TARGET, file));
  console.log(`Copied ${RENDERER_FILES.join(", ")} to ${path.relative(root, RENDERER_TARGET)}.`);
}
