// The webhook signature: `service-signature: t={unix seconds},v1={hex HMAC-SHA256 of
// "{t}.{raw body}" under the webhook key}`, with one `v1` per key while a key is being rolled
// (the old key's and the new one's, for 24 hours). WebCrypto only, so the sandbox (in Node and
// in browsers through MSW) and the merchant's server (Node or an edge runtime) share it.

/** The header that carries a webhook delivery's signature: `t={unix seconds},v1={hex HMAC}`. */
export const SIGNATURE_HEADER = 'service-signature';

/** One webhook validation key, or several: the old and the new one during a rotation. */
export type WebhookKeys = string | readonly string[];

const keyList = (keys: WebhookKeys): readonly string[] =>
  typeof keys === 'string' ? [keys] : keys;

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
 * The header value for `body` sent at `timestamp` (unix seconds): one `v1` per key, in the
 * order given. Pass at least one key: a header without `v1` verifies nothing.
 */
export async function signatureHeader(keys: WebhookKeys, timestamp: number, body: string) {
  const macs: string[] = [];
  for (const key of keyList(keys)) {
    const mac = await crypto.subtle.sign(
      'HMAC',
      await hmacKey(key, 'sign'),
      signed(timestamp, body),
    );
    macs.push(
      Array.from(new Uint8Array(mac), (byte) => byte.toString(16).padStart(2, '0')).join(''),
    );
  }
  return [`t=${timestamp}`, ...macs.map((mac) => `v1=${mac}`)].join(',');
}

/**
 * True when any of the hex MACs (one, or every `v1` of a header) is the body's signature under
 * any of the keys. WebCrypto compares each in constant time, and every pair is tried, so timing
 * does not tell which one matched.
 */
export async function signatureMatches(
  keys: WebhookKeys,
  timestamp: number,
  body: string,
  hexMacs: string | readonly string[],
): Promise<boolean> {
  const macs = (typeof hexMacs === 'string' ? [hexMacs] : hexMacs)
    .filter((hexMac) => /^[0-9a-f]{64}$/i.test(hexMac))
    .map((hexMac) => Uint8Array.from(hexMac.match(/../g)!, (pair) => parseInt(pair, 16)));
  const message = signed(timestamp, body);
  let matched = false;
  for (const key of keyList(keys)) {
    const cryptoKey = await hmacKey(key, 'verify');
    for (const mac of macs) {
      if (await crypto.subtle.verify('HMAC', cryptoKey, mac, message)) matched = true;
    }
  }
  return matched;
}
