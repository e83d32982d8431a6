// Secrets are compared in a time that does not depend on where they differ, so a client cannot
// find a key one character at a time. Both sides are hashed first (SHA-256 through Web Crypto,
// as in Node and browsers alike), which makes them the same length; then every byte is compared.

export async function secretsEqual(sent: string, expected: string): Promise<boolean> {
  const [sentDigest, expectedDigest] = await Promise.all([sha256(sent), sha256(expected)]);
  return digestsEqual(sentDigest, expectedDigest);
}

/** Two SHA-256 digests compared byte by byte, with no early exit. */
export function digestsEqual(a: Uint8Array, b: Uint8Array): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

export async function sha256(text: string): Promise<Uint8Array> {
  // Copied into this realm's Uint8Array: under jsdom, TextEncoder returns another realm's.
  const bytes = new Uint8Array(new TextEncoder().encode(text));
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
}
