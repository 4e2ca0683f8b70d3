import type { EvidenceKind } from "./disputes.schema";

const KB = 1024;
const MB = 1024 * KB;

/**
 * The processor's limits: JPG and PNG up to 50 KB each, PDF and TIFF up to 1 MB each, at most 8 files per dispute. Its
 * 10 MB per dispute follows from these (8 files of at most 1 MB), so it needs no check of its own.
 */
export const EVIDENCE_LIMITS = {
  maxFiles: 8,
  maxBytes: { jpg: 50 * KB, png: 50 * KB, pdf: MB, tiff: MB } satisfies Record<EvidenceKind, number>,
};

/** The largest photo (JPG or PNG) taken: one over the processor's 50 KB is fitted before it is sent (evidence-fit.ts). */
export const PHOTO_MAX_BYTES = 20 * MB;

/** The largest single upload, plus room for the multipart framing around it. */
export const EVIDENCE_BODY_LIMIT_BYTES = PHOTO_MAX_BYTES + 64 * KB;

/** A photo too large for the processor as it is, and small enough to be fitted. */
export const isPhotoToFit = (kind: EvidenceKind, sizeBytes: number): boolean =>
  (kind === "jpg" || kind === "png") && sizeBytes > EVIDENCE_LIMITS.maxBytes[kind] && sizeBytes <= PHOTO_MAX_BYTES;

export const CONTENT_TYPES: Record<EvidenceKind, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  pdf: "application/pdf",
  tiff: "image/tiff",
};

/** Each type's leading bytes: the file's content says what it is, whatever its name or declared type. */
const SIGNATURES: [EvidenceKind, number[]][] = [
  ["jpg", [0xff, 0xd8, 0xff]],
  ["png", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ["pdf", [0x25, 0x50, 0x44, 0x46, 0x2d]],
  ["tiff", [0x49, 0x49, 0x2a, 0x00]],
  ["tiff", [0x4d, 0x4d, 0x00, 0x2a]],
];

export function evidenceKindOf(bytes: Uint8Array): EvidenceKind | null {
  return SIGNATURES.find(([, signature]) => signature.every((byte, i) => bytes[i] === byte))?.[0] ?? null;
}

/**
 * The name the processor gets: the merchant's name made safe, the content's fingerprint (so an upload whose answer was
 * lost can be recognised among the dispute's files there; `-r2`… when it is sent again after a rejection) and the extension
 * of what the file really is.
 */
export function uploadNameOf(fileName: string, kind: EvidenceKind, sha256: string, generation: number): string {
  const base =
    fileName
      .replace(/\.[^.]*$/, "")
      .replace(/[^A-Za-z0-9_-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "evidence";
  return `${base}-${sha256.slice(0, 12)}${generation > 1 ? `-r${generation}` : ""}.${kind}`;
}

const EXTENSIONS: Record<EvidenceKind, string[]> = { jpg: ["jpg", "jpeg"], png: ["png"], pdf: ["pdf"], tiff: ["tif", "tiff"] };

// Control characters, the bidirectional overrides that can disguise an extension, and what file systems or the header
// itself treat specially: each becomes "_".
// eslint-disable-next-line no-control-regex -- control characters are what this strips
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"\\/:*?<>|;]/g;

/**
 * The name a downloaded evidence file is saved under: the name it was uploaded with, made safe (no control or
 * direction characters, no path, at most 150 characters), with the extension of what its content really is — a
 * `receipt.html` whose bytes are a PDF downloads as `receipt.html.pdf`.
 */
export function downloadNameOf(fileName: string, kind: EvidenceKind): string {
  const cleaned = fileName
    .normalize("NFC")
    .replace(UNSAFE_IN_NAME, "_")
    .replace(/\s+/g, " ")
    .replace(/^[\s.]+|[\s.]+$/g, "");
  const graphemes = Array.from(new Intl.Segmenter("en", { granularity: "grapheme" }).segment(cleaned), (part) => part.segment);
  const base = graphemes.slice(0, 150).join("") || "evidence";
  const extension = base.includes(".") ? base.slice(base.lastIndexOf(".") + 1).toLowerCase() : "";
  return EXTENSIONS[kind].includes(extension) ? base : `${base}.${kind}`;
}

/**
 * `Content-Disposition` for an evidence file: always an attachment (never shown in the dashboard's origin), with an
 * ASCII `filename` for old clients and the exact name in `filename*` (RFC 6266, RFC 8187).
 */
export function evidenceDisposition(fileName: string, kind: EvidenceKind): string {
  const name = downloadNameOf(fileName, kind);
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/[%]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
