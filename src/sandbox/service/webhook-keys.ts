// The webhook validation key and its rotation: a rolled key signs beside the one it replaced for
// WEBHOOK_KEY_OVERLAP_MS on the sandbox's clock, so a merchant can deploy the new key to its
// receivers before the old one stops verifying; regenerating replaces the key at once.
import { randomHex } from './ids.js';

/** How long the key a roll replaced keeps signing beside the new one: 24 hours. */
export const WEBHOOK_KEY_OVERLAP_MS = 86_400_000;

/** The webhook's keys: the current one, and the one a roll replaced while it still signs. */
export interface WebhookKeyring {
  key: string;
  /**
   * When the key was made (ISO 8601 with milliseconds); absent for a key kept by a sandbox that
   * did not record it yet.
   */
  createdAt?: string;
  /** The key before the last roll, and when it stops signing (ISO 8601 with milliseconds). */
  previousKey?: { key: string; createdAt?: string; expiresAt: string };
}

/** A key that signs deliveries, as GET /api/merchant/webhook-key answers it. */
export interface WebhookKeyInForce {
  key: string;
  createdAt: string | null;
  /** When it stops signing: null for the current key. */
  endsAt: string | null;
}

/** A new key that signs from now on; the current one signs beside it for the overlap. */
export function rollKey(keys: WebhookKeyring, nowMs: number): string {
  keys.previousKey = {
    key: keys.key,
    ...(keys.createdAt && { createdAt: keys.createdAt }),
    expiresAt: new Date(nowMs + WEBHOOK_KEY_OVERLAP_MS).toISOString(),
  };
  return newKey(keys, nowMs);
}

/** A new key that alone signs from now on. */
export function regenerateKey(keys: WebhookKeyring, nowMs: number): string {
  delete keys.previousKey;
  return newKey(keys, nowMs);
}

function newKey(keys: WebhookKeyring, nowMs: number): string {
  keys.key = randomHex(32);
  keys.createdAt = new Date(nowMs).toISOString();
  return keys.key;
}

/**
 * The keys that sign a delivery sent at `atMs`, the current one first: what a merchant whose
 * roll answer was lost reads back.
 */
export function keysInForce(keys: WebhookKeyring, atMs: number): WebhookKeyInForce[] {
  const current = { key: keys.key, createdAt: keys.createdAt ?? null, endsAt: null };
  const previous = stillSigning(keys, atMs);
  if (!previous) return [current];
  const { key, createdAt = null, expiresAt } = previous;
  return [current, { key, createdAt, endsAt: expiresAt }];
}

/** The replaced key while it still signs at `atMs`; undefined once its overlap has ended. */
export function previousKeyAt(
  keys: WebhookKeyring,
  atMs: number,
): { key: string; expiresAt: string } | undefined {
  const previous = stillSigning(keys, atMs);
  return previous && { key: previous.key, expiresAt: previous.expiresAt };
}

function stillSigning(keys: WebhookKeyring, atMs: number): WebhookKeyring['previousKey'] {
  const previous = keys.previousKey;
  return previous && atMs < Date.parse(previous.expiresAt) ? previous : undefined;
}

/** The keys a delivery sent at `atMs` is signed with: the replaced one first, while it signs. */
export function signingKeys(keys: WebhookKeyring, atMs: number): string[] {
  const previous = previousKeyAt(keys, atMs);
  return previous ? [previous.key, keys.key] : [keys.key];
}
