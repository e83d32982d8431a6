// The webhook validation key and its rotation: a rolled key signs beside the one it replaced for
// WEBHOOK_KEY_OVERLAP_MS on the sandbox's clock, so a merchant can deploy the new key to its
// receivers before the old one stops verifying; regenerating replaces the key at once.
import { randomHex } from './ids.js';

/** How long the key a roll replaced keeps signing beside the new one: 24 hours. */
export const WEBHOOK_KEY_OVERLAP_MS = 86_400_000;

/** The webhook's keys: the current one, and the one a roll replaced while it still signs. */
export interface WebhookKeyring {
  key: string;
  /** The key before the last roll, and when it stops signing (ISO 8601 with milliseconds). */
  previousKey?: { key: string; expiresAt: string };
}

/** A new key that signs from now on; the current one signs beside it for the overlap. */
export function rollKey(keys: WebhookKeyring, nowMs: number): string {
  keys.previousKey = {
    key: keys.key,
    expiresAt: new Date(nowMs + WEBHOOK_KEY_OVERLAP_MS).toISOString(),
  };
  keys.key = randomHex(32);
  return keys.key;
}

/** A new key that alone signs from now on. */
export function regenerateKey(keys: WebhookKeyring): string {
  delete keys.previousKey;
  keys.key = randomHex(32);
  return keys.key;
}

/** The replaced key while it still signs at `atMs`; undefined once its overlap has ended. */
export function previousKeyAt(
  keys: WebhookKeyring,
  atMs: number,
): WebhookKeyring['previousKey'] | undefined {
  const previous = keys.previousKey;
  return previous && atMs < Date.parse(previous.expiresAt) ? { ...previous } : undefined;
}

/** The keys a delivery sent at `atMs` is signed with: the replaced one first, while it signs. */
export function signingKeys(keys: WebhookKeyring, atMs: number): string[] {
  const previous = previousKeyAt(keys, atMs);
  return previous ? [previous.key, keys.key] : [keys.key];
}
