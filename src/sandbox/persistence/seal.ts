// The seal of state.json: its last field is the SHA-256 of every byte before it. A file that
// ends with its own seal is one this sandbox wrote and nobody changed since, holding records the
// sandbox checked before it kept them, so a start takes it as it is; a file a person edited or
// a disk damaged no longer matches its seal, and each record is checked again. At 30,000
// payments that check was a quarter of a start (`npm run bench`).
import { createHash } from 'node:crypto';

/** The name of the seal's field in state.json. */
export const SEAL_KEY = 'sha256';
const SEAL_FIELD = `,"${SEAL_KEY}":"`;
const END = '"}\n';
const HEX_DIGITS = 64;

/**
 * The pieces of a JSON object without its closing brace, then its seal and the brace, as the
 * UTF-8 bytes state.json is written from (each piece encoded once, for the hash and the file).
 */
export async function* sealed(pieces: AsyncIterable<string>): AsyncGenerator<Uint8Array> {
  const hash = createHash('sha256');
  for await (const piece of pieces) {
    const bytes = Buffer.from(piece, 'utf8');
    hash.update(bytes);
    yield bytes;
  }
  yield Buffer.from(`${SEAL_FIELD}${hash.digest('hex')}${END}`, 'latin1');
}

/** The seal at the end of a sealed file, in bytes: its field's start, 64 hex digits, the end. */
const SEAL_BYTES = SEAL_FIELD.length + HEX_DIGITS + END.length;

export interface SealCheck {
  /** The file's next bytes, in order; they may be reused once this returns. */
  update(bytes: Uint8Array): void;
  /** Whether the file, given whole, ends with the seal of every byte before it; asked once. */
  sealed(): boolean;
}

/**
 * Checks the seal of a file as it is read, a piece at a time, so the file is never held whole
 * as bytes: the last bytes so far are held back, as they may be the seal, and every byte before
 * them goes into the hash.
 */
export function sealCheck(): SealCheck {
  const hash = createHash('sha256');
  let last = Buffer.alloc(0);
  return {
    update(bytes) {
      // Of `last` then `bytes`, all but the final SEAL_BYTES are before any seal.
      const before = Math.max(0, last.length + bytes.length - SEAL_BYTES);
      const fromLast = Math.min(before, last.length);
      hash.update(last.subarray(0, fromLast));
      hash.update(bytes.subarray(0, before - fromLast));
      last = Buffer.concat([last.subarray(fromLast), bytes.subarray(before - fromLast)]);
    },
    sealed() {
      return last.toString('latin1') === `${SEAL_FIELD}${hash.digest('hex')}${END}`;
    },
  };
}
