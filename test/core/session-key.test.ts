import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  decodeSessionKey,
  EXPIRY_MARGIN_MS,
  expiresAt,
  expiryMargin,
  isExpired,
  lifetime,
} from '../../src/core/index.js';
import { fakeSessionKey } from '../support/jwt.js';

const iat = 1_800_000_000;
const claims = { customerId: 'cüstomer-1', merchantId: 'merchant_1', iat, exp: iat + 86_400 };

describe('decodeSessionKey', () => {
  it('reads the customer, merchant and expiry without verifying', () => {
    expect(decodeSessionKey(fakeSessionKey(claims))).toEqual(claims);
    expect(expiresAt(decodeSessionKey(fakeSessionKey(claims)))).toBe((iat + 86_400) * 1000);
  });

  it('keeps extra claims', () => {
    expect(decodeSessionKey(fakeSessionKey({ ...claims, scope: 'checkout' }))).toMatchObject({
      scope: 'checkout',
    });
  });

  const secretPart = 'SECRETPART';
  it.each([
    ['an empty string', '', /non-empty string/],
    ['a number', 42, /received number/],
    ['two parts', `${secretPart}.abc`, /three dot-separated parts/],
    ['a payload that is not base64url', `a.${secretPart}!!.c`, /not base64url-encoded JSON/],
    [
      'a payload that is not JSON',
      `a.${Buffer.from('{no').toString('base64url')}.${secretPart}`,
      /JSON/,
    ],
    [
      'a payload without exp',
      fakeSessionKey({ customerId: secretPart, merchantId: 'm' }),
      /exp is required/,
    ],
    [
      'a payload with an empty customerId',
      fakeSessionKey({ ...claims, customerId: '' }),
      /customerId must not be empty/,
    ],
  ])('rejects %s with a ConfigError that never quotes the key', (_name, key, reason) => {
    let caught: unknown;
    try {
      decodeSessionKey(key);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const error = caught as ConfigError;
    expect(error.option).toBe('sessionKey');
    expect(error.message).toMatch(reason);
    expect(error.message).not.toContain(secretPart);
    if (typeof key === 'string' && key) expect(error.message).not.toContain(key);
  });
});

describe('isExpired', () => {
  const key = fakeSessionKey(claims);
  const exp = (iat + 86_400) * 1000;

  it('is false well before the expiry', () => {
    expect(isExpired(key, iat * 1000)).toBe(false);
    expect(isExpired(key, exp - EXPIRY_MARGIN_MS - 1)).toBe(false);
  });

  it('is true within the safety margin and after the expiry', () => {
    expect(isExpired(key, exp - EXPIRY_MARGIN_MS)).toBe(true);
    expect(isExpired(key, exp)).toBe(true);
    expect(isExpired(key, exp + 1)).toBe(true);
  });

  it('takes decoded claims and a custom margin', () => {
    expect(isExpired(decodeSessionKey(key), exp - 5_000, 0)).toBe(false);
    expect(isExpired(decodeSessionKey(key), exp - 5_000, 10_000)).toBe(true);
  });

  it('scales the margin down for short-lived keys, so a fresh one is usable at once', () => {
    const shortLived = fakeSessionKey({ ...claims, exp: iat + 8 });
    expect(lifetime(decodeSessionKey(shortLived))).toBe(8_000);
    expect(expiryMargin(decodeSessionKey(shortLived))).toBe(2_000);
    expect(isExpired(shortLived, iat * 1000)).toBe(false);
    expect(isExpired(shortLived, (iat + 6) * 1000 - 1)).toBe(false);
    expect(isExpired(shortLived, (iat + 6) * 1000)).toBe(true);
  });

  it('keeps the full margin when the key does not say when it was issued', () => {
    const { iat: _iat, ...withoutIat } = claims;
    expect(expiryMargin(decodeSessionKey(fakeSessionKey(withoutIat)))).toBe(EXPIRY_MARGIN_MS);
  });

  it('throws for a malformed key rather than calling it fresh', () => {
    expect(() => isExpired('nope')).toThrow(ConfigError);
  });
});
