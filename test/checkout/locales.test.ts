// Which locales the checkout speaks and how a tag finds its catalogue: locally, along its fallback
// chain, case-insensitively; each translated catalogue loaded once, tried twice, and failing with
// a typed error that says what to do.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authorizationText } from '../../src/checkout/authorization.js';
import {
  catalogueState,
  preloadLocale,
  resetCatalogues,
  retryCatalogue,
} from '../../src/checkout/messages/catalogue-store.js';
import { en } from '../../src/checkout/messages/en.js';
import { LOADERS } from '../../src/checkout/messages/loaders.js';
import {
  CATALOGUES,
  preferredLocale,
  resolveLocale,
  SUPPORTED_LOCALES,
} from '../../src/checkout/messages/locales.js';
import { ConfigError, LocaleLoadError } from '../../src/index.js';
import { root } from '../support/dist.js';

afterEach(() => {
  resetCatalogues();
  vi.restoreAllMocks();
});

const params = {
  payLabel: 'Pagar 19,99 US$',
  merchantName: 'Acme Games',
  merchantContact: 'support@acme.test',
  amount: { cents: 1999, currency: 'USD' },
  bankAccount: { alias: 'Everyday checking', last4: '6789' },
  date: new Date('2025-07-03T12:00:00Z'),
};

describe('SUPPORTED_LOCALES', () => {
  it('lists English, every locale file, the pseudo-locales and the aliases of those, sorted', () => {
    const files = readdirSync(join(root, 'src/checkout/messages/locales')).map((file) =>
      file.replace(/\.ts$/, ''),
    );
    // One loader a file and one a pseudo-locale, no loader without its file.
    expect(Object.keys(LOADERS).sort()).toEqual([...files, 'en-XA', 'ar-XB'].sort());
    expect(CATALOGUES).toEqual(expect.arrayContaining(['en', 'en-XA', 'ar-XB', ...files]));
    expect(SUPPORTED_LOCALES).toEqual(expect.arrayContaining([...CATALOGUES, 'en-US', 'es-ES']));
    expect(SUPPORTED_LOCALES).toEqual([...SUPPORTED_LOCALES].sort());
  });

  it('resolves each of its tags to a catalogue of its own language, not to the English fallback', () => {
    for (const tag of SUPPORTED_LOCALES) {
      const { locale, catalogue } = resolveLocale(tag);
      expect(CATALOGUES, tag).toContain(catalogue);
      expect(locale, tag).toBe(Intl.getCanonicalLocales(tag)[0]);
      // Norwegian's macrolanguage reads Bokmål.
      const language = (tag: string) => new Intl.Locale(tag).language.replace(/^(no|nn)$/, 'nb');
      expect(language(catalogue), tag).toBe(language(tag));
    }
  });

  it('writes Arabic, Hebrew, Persian, Urdu and the right-to-left pseudo-locale right to left', () => {
    for (const catalogue of CATALOGUES) {
      const rightToLeft = ['ar', 'he', 'fa', 'ur'].includes(new Intl.Locale(catalogue).language);
      expect(resolveLocale(catalogue).dir, catalogue).toBe(rightToLeft ? 'rtl' : 'ltr');
    }
    expect(resolveLocale('ar-XB').dir).toBe('rtl');
    expect(resolveLocale('ar').dir).toBe('rtl');
  });
});

describe('resolveLocale', () => {
  it('finds a tag through an alias, whatever its case', () => {
    expect(resolveLocale('ES-es')).toEqual({ locale: 'es-ES', catalogue: 'es', dir: 'ltr' });
    expect(resolveLocale('en-us')).toEqual({ locale: 'en-US', catalogue: 'en', dir: 'ltr' });
    expect(resolveLocale('EN-xa')).toEqual({ locale: 'en-XA', catalogue: 'en-XA', dir: 'ltr' });
  });

  it('walks the fallback chain: script and region dropped, then English', () => {
    expect(resolveLocale('ar-Arab-EG')).toEqual({
      locale: 'ar-Arab-EG',
      catalogue: 'ar',
      dir: 'rtl',
    });
    // The region's own alias on the way: es-ES is Spain's Spanish, es.
    expect(resolveLocale('es-Latn-ES').catalogue).toBe('es');
    // A language the checkout does not speak is English throughout, amounts included.
    expect(resolveLocale('sw-KE')).toEqual({ locale: 'en', catalogue: 'en', dir: 'ltr' });
  });

  it('keeps the tag as asked for amounts and dates, extensions included', () => {
    expect(resolveLocale('ar-EG-u-nu-latn').locale).toBe('ar-EG-u-nu-latn');
  });

  it('refuses what is not a BCP 47 tag', () => {
    expect(() => resolveLocale('not a tag!')).toThrow(RangeError);
  });
});

describe('preferredLocale', () => {
  it("takes the first of the browser's languages the checkout speaks, or English", () => {
    expect(preferredLocale(['sw-KE', 'es-MX', 'en-US'])).toBe('es-MX');
    expect(preferredLocale(['sw-KE'])).toBe('en');
    expect(preferredLocale(['not a tag!', 'ar'])).toBe('ar');
    expect(preferredLocale([])).toBe('en');
  });
});

describe('the pseudo-locales', () => {
  it('en-XA accents every letter of a message, about 40 % longer, and leaves its values alone', async () => {
    await preloadLocale('en-XA');
    const accented = catalogueState('en-XA');
    if (accented.status !== 'ready') throw new Error('en-XA did not load');
    const { messages } = accented;
    expect(messages.payFrom).toMatch(/^\[Þåý ƒŕöɱ [^A-Za-z\]]+\]$/);
    const pay = messages.pay({ amount: '$19.99' });
    expect(pay).toMatch(/^\[Þåý \$19\.99 [^A-Za-z]+\]$/);
    const authorization = messages.authorization({
      payLabel: pay,
      merchantName: 'Acme Games',
      amount: '$19.99',
      alias: 'Everyday checking',
      last4: '6789',
      date: 'July 3, 2025',
      merchantContact: 'support@acme.test',
    });
    for (const value of ['Acme Games', 'Everyday checking', 'July 3, 2025', 'support@acme.test']) {
      expect(authorization).toContain(value);
    }
    const words = authorization.replace(
      /Acme Games|Everyday checking|July|support@acme\.test/g,
      '',
    );
    expect(words).not.toMatch(/[A-Za-z]/);
    const english = en.authorization({
      payLabel: 'Pay $19.99',
      merchantName: 'Acme Games',
      amount: '$19.99',
      alias: 'Everyday checking',
      last4: '6789',
      date: 'July 3, 2025',
      merchantContact: 'support@acme.test',
    });
    expect(authorization.length).toBeGreaterThanOrEqual(english.length * 1.35);
    // A count still chooses its plural.
    expect(messages.invalidBody({ count: 1 })).toContain('1 þŕöƀļéɱ ƒöŕ');
    expect(messages.invalidBody({ count: 2 })).toContain('2 þŕöƀļéɱš ƒöŕ');
  });

  it('ar-XB writes each word right to left, and leaves its values alone', async () => {
    await preloadLocale('ar-XB');
    const rightToLeft = catalogueState('ar-XB');
    if (rightToLeft.status !== 'ready') throw new Error('ar-XB did not load');
    const word = (text: string) => `\u200F\u202E${text}\u202C\u200F`;
    expect(rightToLeft.messages.payFrom).toBe(`${word('Pay')} ${word('from')}`);
    expect(rightToLeft.messages.pay({ amount: '$19.99' })).toBe(`${word('Pay')} $19.99`);
  });
});

describe('loading a catalogue', () => {
  it('loads each once however often it is asked for, and words the authorization in it', async () => {
    const load = vi.spyOn(LOADERS, 'es');
    expect(() => authorizationText(params, 'es')).toThrow(
      'The "es" messages are not loaded yet: await preloadLocale("es") first.',
    );
    await Promise.all([preloadLocale('es-ES'), preloadLocale('es')]);
    await preloadLocale('ES');
    expect(load).toHaveBeenCalledOnce();
    expect(authorizationText(params, 'es-ES')).toBe(
      'Al seleccionar Pagar 19,99 US$, autoriza a Acme Games a realizar un único cargo de 19,99\u00a0US$ ' +
        'en Everyday checking ••6789 a partir del 3 de julio de 2025. Puede revocar esta ' +
        'autorización poniéndose en contacto con support@acme.test antes de que el cargo se envíe ' +
        'a su banco.',
    );
  });

  it('isolates each value of a right-to-left message, so it keeps its own direction', async () => {
    await preloadLocale('ar');
    const text = authorizationText(params, 'ar');
    expect(text).toContain('\u2068support@acme.test\u2069');
    expect(text).toContain('••\u20686789\u2069');
    expect(text).toMatch(/^باختيارك /);
  });

  it('tries a chunk that fails once more, and then succeeds', async () => {
    const original = LOADERS.es!;
    const load = vi
      .spyOn(LOADERS, 'es')
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockImplementation(original);
    await preloadLocale('es');
    expect(load).toHaveBeenCalledTimes(2);
    expect(catalogueState('es').status).toBe('ready');
  });

  it('fails with a LocaleLoadError after two failures, and loads again when asked again', async () => {
    const original = LOADERS.ar!;
    const load = vi
      .spyOn(LOADERS, 'ar')
      .mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    const failure = await preloadLocale('ar-EG').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LocaleLoadError);
    expect(failure).toMatchObject({ kind: 'locale_load', locale: 'ar' });
    expect((failure as Error).message).toMatch(
      /"ar" messages did not load, twice \(TypeError: Failed to fetch dynamically imported module\).*Try again.*preloadLocale\("ar"\)/,
    );
    expect(load).toHaveBeenCalledTimes(2);
    // It stays failed (no loop of requests) until someone asks again.
    expect(catalogueState('ar').status).toBe('failed');
    expect(load).toHaveBeenCalledTimes(2);
    load.mockImplementation(original);
    retryCatalogue('ar');
    await preloadLocale('ar');
    expect(catalogueState('ar').status).toBe('ready');
  });

  it('refuses a tag that is not BCP 47, saying what a locale may be', async () => {
    await expect(preloadLocale('not a tag!')).rejects.toThrow(ConfigError);
    await expect(preloadLocale('not a tag!')).rejects.toThrow(/"auto"/);
  });

  it('needs nothing loaded for English or "auto" on a server', async () => {
    const loads = Object.keys(LOADERS).map((tag) => vi.spyOn(LOADERS, tag));
    await preloadLocale('en-US');
    await preloadLocale('auto');
    for (const load of loads) expect(load).not.toHaveBeenCalled();
  });
});
