// The webhook signature: `service-signature: t={unix seconds},v1={hex HMAC-SHA256 of
// "{t}.{raw body}" under the webhook key}`. WebCrypto only, so the sandbox (in Node and in
// browsers through MSW) and the merchant's server (Node or an edge runtime) share it.

export const SIGNATURE_HEADER = 'service-signature';

function hmacKey(key: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    [usage],
  );
}

const signed = (timestamp: number, body: string) =>
  new TextEncoder().encode(`${timestamp}.${body}`);

/**
 * The header value for `body` sent at `timestamp` (unix seconds): one `v1` per key, in the order
 * given. Several keys sign while a key is being rotated, old first, so that a receiver holding
 * either verifies it.
 */
export async function signatureHeader(
  keys: string | readonly string[],
  timestamp: number,
  body: string,
) {
  const macs: string[] = [];
  for (const key of typeof keys === 'string' ? [keys] : keys) {
    const mac = await crypto.subtle.sign(
      'HMAC',
      await hmacKey(key, 'sign'),
      signed(timestamp, body),
    );
    const hex = Array.from(new Uint8Array(mac), (byte) => byte.toString(16).padStart(2, '0'));
    macs.push(`v1=${hex.join('')}`);
  }
  return [`t=${timestamp}`, ...macs].join(',');
}

/** True when `hexMac` is the body's signature; WebCrypto compares in constant time. */
export async function signatureMatches(
  key: string,
  timestamp: number,
  body: string,
  hexMac: string,
): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/i.test(hexMac)) return false;
  const mac = Uint8Array.from(hexMac.match(/../g)!, (pair) => parseInt(pair, 16));
  return crypto.subtle.verify('HMAC', await hmacKey(key, 'verify'), mac, signed(timestamp, body));
}
