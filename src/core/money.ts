/** An amount of money: whole minor units of a currency, never a floating-point price. */
export interface Money {
  /** Integer amount in the currency's minor units (cents for USD, yen for JPY). */
  cents: number;
  /** ISO 4217 code, such as `USD`. */
  currency: string;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string, locale: string | undefined): Intl.NumberFormat {
  const cacheKey = `${locale ?? ''}|${currency}`;
  let cached = formatters.get(cacheKey);
  if (!cached) {
    cached = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(cacheKey, cached);
  }
  return cached;
}

let knownCurrencies: Set<string> | undefined;

/** True for ISO 4217 codes the runtime's Intl knows (USD, EUR, JPY, ...). */
export function isKnownCurrency(code: string): boolean {
  knownCurrencies ??= new Set(Intl.supportedValuesOf('currency'));
  return knownCurrencies.has(code);
}

/** Digits after the decimal point: USD 2, JPY 0, KWD 3. */
export function minorUnits(currency: string): number {
  return formatter(currency, 'en').resolvedOptions().maximumFractionDigits ?? 2;
}

/** `{ cents: 1999, currency: 'USD' }` -> `$19.99` (in the given or default locale). */
export function formatMoney(money: Money, locale?: string): string {
  return formatter(money.currency, locale).format(money.cents / 10 ** minorUnits(money.currency));
}
