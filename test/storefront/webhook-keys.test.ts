// The shop's webhook keys through a roll: which keys verify a delivery when, what a restart
// keeps, and what staff are shown (never a key).
import { describe, expect, it } from 'vitest';
import {
  keysAfterRoll,
  keysAtStart,
  keysFromService,
  keyStatusOf,
  verifyingKeys,
  WEBHOOK_KEY_OVERLAP_MS,
} from '../../examples/storefront/server/webhook-keys.js';

const ROLLED_AT = Date.parse('2026-11-24T10:00:00.000Z');
const started = keysAtStart(undefined, 'key_given');
const rolled = keysAfterRoll(started, 'key_new', ROLLED_AT);

describe('webhook keys through a roll', () => {
  it('verifies with the given key alone before any roll', () => {
    expect(verifyingKeys(started, ROLLED_AT)).toEqual(['key_given']);
    expect(keyStatusOf(started, ROLLED_AT)).toEqual({ rolledAt: null, oldKeyAcceptedUntil: null });
  });

  it.each([
    ['just after the roll', 0, ['key_new', 'key_given']],
    ['a millisecond before the overlap ends', WEBHOOK_KEY_OVERLAP_MS - 1, ['key_new', 'key_given']],
    ['when the overlap ends', WEBHOOK_KEY_OVERLAP_MS, ['key_new']],
    ['days later', 10 * WEBHOOK_KEY_OVERLAP_MS, ['key_new']],
  ])('verifies %s with %j', (_, afterMs, keys) => {
    expect(verifyingKeys(rolled, ROLLED_AT + afterMs)).toEqual(keys);
  });

  it('tells staff when the roll happened and when the old key stops, and no key', () => {
    const during = keyStatusOf(rolled, ROLLED_AT + 1);
    expect(during).toEqual({
      rolledAt: '2026-11-24T10:00:00.000Z',
      oldKeyAcceptedUntil: '2026-11-25T10:00:00.000Z',
    });
    expect(keyStatusOf(rolled, ROLLED_AT + WEBHOOK_KEY_OVERLAP_MS)).toEqual({
      rolledAt: '2026-11-24T10:00:00.000Z',
      oldKeyAcceptedUntil: null,
    });
    expect(JSON.stringify(during)).not.toMatch(/key_/);
  });

  it('a second roll within the overlap replaces the old key with the one it rolls', () => {
    const again = keysAfterRoll(rolled, 'key_third', ROLLED_AT + 3_600_000);
    expect(verifyingKeys(again, ROLLED_AT + 3_600_000)).toEqual(['key_third', 'key_new']);
  });

  it('a restart keeps the rolled keys, whether it is given the first key or the current one', () => {
    expect(keysAtStart(rolled, 'key_given')).toEqual(rolled);
    expect(keysAtStart(rolled, 'key_new')).toEqual(rolled);
  });

  it('a start with a key changed outside the shop drops the kept ones for it', () => {
    expect(keysAtStart(rolled, 'key_replaced')).toEqual({
      givenKey: 'key_replaced',
      key: 'key_replaced',
    });
  });

  it('takes the keys the service reads back after a roll whose answer was lost', () => {
    const lost = keysFromService(
      started,
      [
        { key: 'key_new', createdAt: '2026-11-24T10:00:00.000Z', endsAt: null },
        { key: 'key_given', createdAt: null, endsAt: '2026-11-25T10:00:00.000Z' },
      ],
      ROLLED_AT + 3_600_000,
    );
    expect(lost).toEqual(rolled);
    expect(verifyingKeys(lost, ROLLED_AT + WEBHOOK_KEY_OVERLAP_MS)).toEqual(['key_new']);
    // Past the overlap only the new key is in force; a key made when no one recorded it is rolled
    // when the shop learns of it.
    const later = ROLLED_AT + 2 * WEBHOOK_KEY_OVERLAP_MS;
    expect(
      keysFromService(started, [{ key: 'key_new', createdAt: null, endsAt: null }], later),
    ).toEqual({ givenKey: 'key_given', key: 'key_new', rolledAt: new Date(later).toISOString() });
  });

  it('keeps when the key was rolled when the service reads back the key the shop holds', () => {
    const same = [{ key: 'key_new', createdAt: '2026-11-24T10:00:00.000Z', endsAt: null }];
    expect(keysFromService(rolled, same, ROLLED_AT + WEBHOOK_KEY_OVERLAP_MS)).toEqual({
      givenKey: 'key_given',
      key: 'key_new',
      rolledAt: '2026-11-24T10:00:00.000Z',
    });
  });
});
