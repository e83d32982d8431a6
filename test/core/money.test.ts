import { describe, expect, it } from 'vitest';
import { formatMoney, isKnownCurrency, minorUnits } from '../../src/core/index.js';

// Intl separates amount and symbol with a no-break space; compare with plain spaces.
const format = (...args: Parameters<typeof formatMoney>) =>
  formatMoney(...args).replace(/\s/g, ' ');

describe('money', () => {
  it('knows each currency’s minor units', () => {
    expect(minorUnits('USD')).toBe(2);
    expect(minorUnits('EUR')).toBe(2);
    expect(minorUnits('JPY')).toBe(0);
    expect(minorUnits('KWD')).toBe(3);
  });

  it('formats cents as the currency’s major amount', () => {
    expect(format({ cents: 1999, currency: 'USD' }, 'en-US')).toBe('$19.99');
    expect(format({ cents: 5, currency: 'USD' }, 'en-US')).toBe('$0.05');
    expect(format({ cents: 123456, currency: 'USD' }, 'en-US')).toBe('$1,234.56');
    expect(format({ cents: 500, currency: 'JPY' }, 'en-US')).toBe('¥500');
    expect(format({ cents: 1234, currency: 'KWD' }, 'en-US')).toBe('KWD 1.234');
  });

  it('follows the locale', () => {
    expect(format({ cents: 1999, currency: 'EUR' }, 'de-DE')).toBe('19,99 €');
  });

  it('accepts only ISO 4217 codes the runtime knows', () => {
    expect(isKnownCurrency('USD')).toBe(true);
    expect(isKnownCurrency('JPY')).toBe(true);
    expect(isKnownCurrency('usd')).toBe(false);
    expect(isKnownCurrency('XYZ')).toBe(false);
    expect(isKnownCurrency('DOLLARS')).toBe(false);
  });
});
