// The shop's webhook keys through a roll. After POST /api/merchant/webhook-key/roll the service
// signs every delivery with the old key and the new one for 24 hours of its clock, then with the
// new one only: the shop verifies with both until then, so a delivery signed just before the
// roll still verifies when it arrives after it. Pure rules here; the keys are kept in the shop's
// store (webhook-key-store.ts) and rolled by staff (webhook-key-routes.ts).
import type { WebhookKeyInForce } from 'service-checkout/server';
import type { WebhookKeyStatus } from '../src/api-types.js';

/** How long the key a roll replaced still signs: the service's overlap, on its clock. */
export const WEBHOOK_KEY_OVERLAP_MS = 24 * 3_600_000;

export interface WebhookKeys {
  /**
   * The key the shop was started with (the service's, as configured). A start with another one
   * means the key was changed outside the shop: the kept keys are dropped for it.
   */
  givenKey: string;
  /** The key the service signs with now. */
  key: string;
  /** The key the last roll replaced, while it still signs beside `key`. */
  previous?: { key: string; until: string };
  /** When staff last rolled the key (ISO 8601). */
  rolledAt?: string;
}

/**
 * The keys at a start: the kept ones while the key given is the one they started from or the
 * one they hold now (a restart), else the given key alone.
 */
export function keysAtStart(kept: WebhookKeys | undefined, givenKey: string): WebhookKeys {
  if (kept && (kept.givenKey === givenKey || kept.key === givenKey)) return kept;
  return { givenKey, key: givenKey };
}

/** The keys after a roll at `now` answered `newKey`: the replaced one verifies for the overlap. */
export function keysAfterRoll(keys: WebhookKeys, newKey: string, now: number): WebhookKeys {
  return {
    givenKey: keys.givenKey,
    key: newKey,
    previous: { key: keys.key, until: new Date(now + WEBHOOK_KEY_OVERLAP_MS).toISOString() },
    rolledAt: new Date(now).toISOString(),
  };
}

/**
 * The keys the service says sign deliveries now (`inForce`: the current one first, then the one a
 * roll replaced while it still signs), kept in place of the shop's: a current key other than the
 * kept one is a roll whose answer never reached the shop, rolled when that key was made.
 */
export function keysFromService(
  kept: WebhookKeys,
  inForce: readonly WebhookKeyInForce[],
  now: number,
): WebhookKeys {
  const [current, replaced] = inForce;
  if (!current) return kept;
  const rolledAt =
    current.key === kept.key ? kept.rolledAt : (current.createdAt ?? new Date(now).toISOString());
  return {
    givenKey: kept.givenKey,
    key: current.key,
    ...(replaced?.endsAt && { previous: { key: replaced.key, until: replaced.endsAt } }),
    ...(rolledAt && { rolledAt }),
  };
}

/** The keys a delivery may be signed with at `now`: the new one first. */
export function verifyingKeys(keys: WebhookKeys, now: number): string[] {
  const previous =
    keys.previous && now < Date.parse(keys.previous.until) ? [keys.previous.key] : [];
  return [keys.key, ...previous];
}

/** What staff see of the keys at `now`: when they were rolled, never a key. */
export function keyStatusOf(keys: WebhookKeys, now: number): WebhookKeyStatus {
  const overlapping = keys.previous && now < Date.parse(keys.previous.until);
  return {
    rolledAt: keys.rolledAt ?? null,
    oldKeyAcceptedUntil: overlapping ? keys.previous!.until : null,
  };
}
