/**
 * A request's body, read only while it stays within `maxBytes`; null as soon as it goes over, and the rest is never
 * read. What arrives is counted: a declared Content-Length over the limit refuses early, but a chunked body declares none.
 */
export async function readBodyWithin(request: Request, maxBytes: number): Promise<Uint8Array | null> {
  if (Number(request.headers.get("Content-Length")) > maxBytes) return null;
  if (!request.body) return new Uint8Array(0);
  const reader = (request.body as ReadableStream<Uint8Array>).getReader(); // a request body is bytes; workers-types says `any`
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      void reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
