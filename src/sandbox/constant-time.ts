// Secrets are compared in a time that does not depend on where they differ, so a client cannot
// find a key one character at a time. Both sides are hashed first (SHA-256 through Web Crypto,
// as in Node and browsers alike), which makes them the same length; then every byte is compared.

export async function secretsEqual(sent: string, expected: string): Promise<boolean> {
  const [sentDigest, expectedDigest] = await Promise.all([digest(sent), digest(expected)]);
  let difference = 0;
  for (let i = 0; i < sentDigest.length; i++) {
    difference |= (sentDigest[i] ?? 0) ^ (expectedDigest[i] ?? 0);
  }
  return difference === 0;
}

async function digest(text: string): Promise<Uint8Array> {
  // Copied into this realm's Uint8Array: under jsdom, TextEncoder returns another realm's.
  const bytes = new Uint8Array(new TextEncoder().encode(text));
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
}
