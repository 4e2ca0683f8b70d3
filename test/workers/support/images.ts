import { env } from "cloudflare:workers";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

const crc32 = (bytes: Uint8Array) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.byteLength);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.byteLength);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.byteLength, crc32(out.subarray(4, 8 + data.byteLength)));
  return out;
}

/**
 * A PNG of random RGB pixels, as a phone photo is to a compressor: it cannot shrink, so a 1200 × 900 one is ~3.2 MB.
 * Encoded here (zlib through CompressionStream) so that no image file is kept in the repository.
 */
export async function noisyPng(width: number, height: number): Promise<Uint8Array> {
  const rows = new Uint8Array((width * 3 + 1) * height);
  for (let at = 0; at < rows.byteLength; at += 65_536) crypto.getRandomValues(rows.subarray(at, Math.min(at + 65_536, rows.byteLength)));
  for (let y = 0; y < height; y++) rows[y * (width * 3 + 1)] = 0;
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8);
  const compressed = new Uint8Array(
    await new Response(new Blob([rows]).stream().pipeThrough(new CompressionStream("deflate"))).arrayBuffer(),
  );
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", compressed),
    chunk("IEND", new Uint8Array(0)),
  ];
  return new Uint8Array(await new Blob(parts).arrayBuffer());
}

/** The same noise as a JPEG of high quality (the Images binding encodes it): still megabytes. */
export async function noisyJpeg(width: number, height: number): Promise<Uint8Array> {
  const output = await env.IMAGES.input(new Blob([await noisyPng(width, height)]).stream()).output({ format: "image/jpeg", quality: 95 });
  return new Uint8Array(await new Response(output.image()).arrayBuffer());
}
