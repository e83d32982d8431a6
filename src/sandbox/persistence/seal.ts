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

/** Whether `bytes` end with the seal of every byte before it. */
export function isSealed(bytes: Buffer): boolean {
  const at = bytes.lastIndexOf(SEAL_FIELD);
  if (at === -1) return false;
  const seal = bytes.subarray(at + SEAL_FIELD.length);
  if (seal.length !== HEX_DIGITS + END.length) return false;
  const digest = createHash('sha256').update(bytes.subarray(0, at)).digest('hex');
  return seal.toString('latin1') === `${digest}${END}`;
}
