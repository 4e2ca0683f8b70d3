import { ApiError } from "../lib/problem";
import { EVIDENCE_LIMITS } from "./evidence-file";

/** What a photo over the processor's limit is sent as: a one-page PDF holding it as a JPEG, and that JPEG's size. */
export type FittedPhoto = { pdf: Uint8Array; widthPx: number; heightPx: number };

/**
 * Long side and JPEG quality, tried in order until the PDF is within the processor's 1 MB. A PDF, not a JPEG of 50 KB:
 * a receipt or a signature must stay legible to the issuer, which 50 KB of JPEG no longer is at a phone photo's size.
 */
const STEPS: { longSidePx: number; quality: number }[] = [
  { longSidePx: 2000, quality: 80 },
  { longSidePx: 1600, quality: 75 },
  { longSidePx: 1280, quality: 70 },
  { longSidePx: 1024, quality: 65 },
  { longSidePx: 800, quality: 60 },
];

/** Room left in the PDF for its objects around the image (a few hundred bytes). */
const PDF_OVERHEAD_BYTES = 2048;

/** Fits a JPG or PNG photo to the processor's PDF limit with the Images binding (downscaled, re-encoded, never enlarged). */
export async function fitPhoto(images: ImagesBinding, photo: Uint8Array): Promise<FittedPhoto> {
  const room = EVIDENCE_LIMITS.maxBytes.pdf - PDF_OVERHEAD_BYTES;
  for (const step of STEPS) {
    const jpeg = await reencode(images, photo, step);
    if (jpeg.byteLength > room) continue;
    const { widthPx, heightPx, components } = jpegFrame(jpeg);
    return { pdf: pdfOfJpeg(jpeg, widthPx, heightPx, components), widthPx, heightPx };
  }
  throw new ApiError("evidence-too-large", "This photo stays over 1 MB even at 800 pixels: send a smaller or simpler photo.", {
    extensions: { maxBytes: EVIDENCE_LIMITS.maxBytes.pdf },
  });
}

async function reencode(images: ImagesBinding, photo: Uint8Array, { longSidePx, quality }: (typeof STEPS)[number]): Promise<Uint8Array> {
  try {
    const output = await images
      .input(new Blob([photo]).stream() as ReadableStream<Uint8Array>)
      .transform({ width: longSidePx, height: longSidePx, fit: "scale-down" })
      .output({ format: "image/jpeg", quality });
    return new Uint8Array(await new Response(output.image()).arrayBuffer());
  } catch (error) {
    throw new ApiError("evidence-unreadable", "This image could not be read: it may be damaged or cut short. Send the photo again.", {
      cause: error,
    });
  }
}

/** The size and colour components of a JPEG, from its start-of-frame segment. */
export function jpegFrame(jpeg: Uint8Array): { widthPx: number; heightPx: number; components: number } {
  const view = new DataView(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
  let at = 2;
  while (at + 9 < jpeg.byteLength && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1]!;
    const length = view.getUint16(at + 2);
    // SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { heightPx: view.getUint16(at + 5), widthPx: view.getUint16(at + 7), components: jpeg[at + 9]! };
    }
    at += 2 + length;
  }
  throw new ApiError("evidence-unreadable", "This image could not be read: it has no frame. Send the photo again.");
}

/** A one-page PDF showing `jpeg` whole (DCTDecode: the JPEG's bytes as they are), its long side 11 inches. */
export function pdfOfJpeg(jpeg: Uint8Array, widthPx: number, heightPx: number, components: number): Uint8Array {
  const scale = 792 / Math.max(widthPx, heightPx);
  const [pageWidth, pageHeight] = [Math.round(widthPx * scale), Math.round(heightPx * scale)];
  const colourSpace = components === 1 ? "/DeviceGray" : components === 4 ? "/DeviceCMYK" : "/DeviceRGB";
  const drawing = `q ${pageWidth} 0 0 ${pageHeight} 0 0 cm /Photo Do Q`;
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const write = (part: string | Uint8Array) => {
    const bytes = typeof part === "string" ? encoder.encode(part) : part;
    parts.push(bytes);
    length += bytes.byteLength;
  };
  const object = (body: string) => {
    offsets.push(length);
    write(`${offsets.length} 0 obj\n${body}\nendobj\n`);
  };
  write("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n");
  object("<< /Type /Catalog /Pages 2 0 R >>");
  object("<< /Type /Pages /Kids [3 0 R] /Count 1 >>");
  object(
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pageWidth} ${pageHeight}] /Resources << /XObject << /Photo 4 0 R >> >> /Contents 5 0 R >>`,
  );
  offsets.push(length);
  write(
    `4 0 obj\n<< /Type /XObject /Subtype /Image /Width ${widthPx} /Height ${heightPx} /ColorSpace ${colourSpace} /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.byteLength} >>\nstream\n`,
  );
  write(jpeg);
  write("\nendstream\nendobj\n");
  object(`<< /Length ${drawing.length} >>\nstream\n${drawing}\nendstream`);
  const xref = length;
  write(
    `xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${offsets.map((at) => `${String(at).padStart(10, "0")} 00000 n \n`).join("")}`,
  );
  write(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  const pdf = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    pdf.set(part, at);
    at += part.byteLength;
  }
  return pdf;
}
