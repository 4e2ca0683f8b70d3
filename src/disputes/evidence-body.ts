import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";

import { ApiError } from "../lib/problem";
import type { TenantBindings } from "../platform/types";
import { getDispute } from "./disputes.queries";
import { EVIDENCE_BODY_LIMIT_BYTES } from "./evidence-file";

/**
 * The evidence route's own body guard, in place of the JSON guard of every other /v1 route: the dispute first (another
 * tenant's id is a 404 whatever the body), then `multipart/form-data` only (415), then at most the largest file the
 * processor takes plus its framing (413) — before anything is read into memory or stored.
 */
export const evidenceBody = createMiddleware<TenantBindings>(async (c, next) => {
  await getDispute({ ctx: c.get("ctx"), input: { disputeId: c.req.param("id") ?? "" } });
  const mediaType = (c.req.header("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (mediaType !== "multipart/form-data") {
    throw new ApiError(
      "unsupported-media-type",
      `Send the evidence as \`multipart/form-data\` with the file in part \`file\`; got \`${mediaType || "no Content-Type"}\`.`,
    );
  }
  return bodyLimit({
    maxSize: EVIDENCE_BODY_LIMIT_BYTES,
    onError: () => {
      throw new ApiError(
        "payload-too-large",
        `An evidence upload may be at most ${EVIDENCE_BODY_LIMIT_BYTES} bytes (one file: a photo of at most 20 MB).`,
        {
          extensions: { maxBytes: EVIDENCE_BODY_LIMIT_BYTES },
        },
      );
    },
  })(c, next);
});

/** The one /v1 route whose body is not JSON: the pipeline's JSON guard leaves it to `evidenceBody`. */
export function isEvidenceUpload(method: string, path: string): boolean {
  return method === "POST" && /^\/v1\/disputes\/[^/]+\/evidence$/.test(path);
}
