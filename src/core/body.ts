// Request bodies read up to a limit, from fetch-style streams only, so the same reader serves
// the sandbox and the server's routes on Node, Deno, Bun, Workers and Vercel Edge alike.

/** Every endpoint's body limit (the service's, and the ready-made routes' default): 1 MiB. */
export const MAX_BODY_BYTES = 1_048_576;

/** A body over the limit: by its declared length, or by what arrived. */
export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
  constructor(readonly maxBytes: number) {
    super(`The request body is larger than ${maxBytes} bytes.`);
  }
}

/**
 * The body as UTF-8 text, read until `maxBytes`; past it the stream is cancelled and a
 * BodyTooLargeError thrown. A `content-length` above the limit fails before reading.
 */
export async function readBoundedText(request: Request, maxBytes: number): Promise<string> {
  if (Number(request.headers.get('content-length')) > maxBytes) {
    throw new BodyTooLargeError(maxBytes);
  }
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // Not awaited: some transports (MSW) settle a cancel only once the answer is out.
      reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  return decodeUtf8(chunks, size);
}

/** The text of byte chunks of `size` bytes in all. */
export function decodeUtf8(chunks: readonly Uint8Array[], size: number): string {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}
