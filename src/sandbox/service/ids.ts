// Deterministic identifiers: the same merchant and customer always get the same record ids
// and bank tokens, so screenshots and snapshots stay stable across runs.

/** `length` hex digits derived from `input` (FNV-1a, one 32-bit word per seed). */
export function hashHex(input: string, length: number): string {
  let out = '';
  for (let seed = 0; out.length < length; seed++) {
    let hash = (0x811c9dc5 ^ Math.imul(seed + 1, 0x9e3779b1)) >>> 0;
    for (let i = 0; i < input.length; i++) {
      hash ^= input.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    // A final avalanche so that neighbouring inputs differ in every digit.
    hash ^= hash >>> 16;
    hash = Math.imul(hash, 0x85ebca6b) >>> 0;
    hash ^= hash >>> 13;
    hash = Math.imul(hash, 0xc2b2ae35) >>> 0;
    hash ^= hash >>> 16;
    out += (hash >>> 0).toString(16).padStart(8, '0');
  }
  return out.slice(0, length);
}

/** A well-formed version-4 UUID whose bits come from `input`. */
export function uuidFrom(input: string): string {
  const h = hashHex(input, 32);
  const variant = '89ab'[parseInt(h[16] ?? '0', 16) & 3];
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** `bytes` random bytes as hex, for secrets (webhook keys). */
export function randomHex(bytes: number): string {
  return hexOf(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** Bytes as lowercase hex, as the sandbox's saved state holds digests and secrets. */
export function hexOf(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The bytes of an even-length hex string (checked by whoever read it). */
export function bytesOfHex(hex: string): Uint8Array {
  return new Uint8Array(hex.match(/../g)?.map((pair) => parseInt(pair, 16)) ?? []);
}
