// A checkout in the payer's language: the provider's locale (or "auto", the browser's languages),
// overridden by a checkout's own; its chunk loaded when needed and never English shown first; the
// authorization sent in the language shown, with the English one offered beside it; a chunk that
// fails tried once more, then the load-error view in English and onError.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { catalogueState, resetCatalogues } from '../../src/checkout/messages/catalogue-store.js';
import { LOADERS } from '../../src/checkout/messages/loaders.js';
import { LocaleLoadError } from '../../src/index.js';
import {
  checkoutRequests,
  liveRegion,
  mountCheckout,
  setupSandbox,
  textOutsideEnglish,
} from './helpers.js';

const { sandbox, requests } = setupSandbox();

afterEach(() => {
  resetCatalogues();
  vi.restoreAllMocks();
});

/** Words of the English catalogue, which a Spanish or Arabic checkout must never show. */
const ENGLISH = /\b(Checkout|Loading|Pay|Order summary|Receipt|Settles|Processing|By selecting)\b/;

/**
 * What the page shows, after each change React commits, outside what is marked English (the
 * English authorization offered beside a translated one).
 */
function watchPage(): { seen: string[] } {
  const seen: string[] = [];
  const observer = new MutationObserver(() => seen.push(textOutsideEnglish(document.body)));
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  onTestFinished(() => observer.disconnect());
  return { seen };
}

// Spanish writes a no-break space between the amount and its currency.
const PAY_ES = /^Pagar 19,99\u00a0US\$$/;
const region = (name: string | RegExp) => screen.findByRole('region', { name });
const failingImport = () => new TypeError('Failed to fetch dynamically imported module');

describe("a checkout in the payer's language", () => {
  for (const strict of [false, true]) {
    it(`loads the provider's locale and shows it, never English first${strict ? ' (StrictMode)' : ''}`, async () => {
      const load = vi.spyOn(LOADERS, 'es');
      const { seen } = watchPage();
      await mountCheckout(sandbox, 'alice', { provider: { locale: 'es-ES' }, strict });
      const checkout = await region('Pago');
      expect(await within(checkout).findByRole('button', { name: PAY_ES })).toBeEnabled();
      expect(checkout).toHaveAttribute('lang', 'es');
      expect(checkout).toHaveAttribute('dir', 'ltr');
      expect(load).toHaveBeenCalledOnce();
      // Before the Spanish words came, the checkout showed none.
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.filter((text) => ENGLISH.test(text))).toEqual([]);
    });
  }

  it("takes a checkout's own locale over the provider's: right to left for Arabic", async () => {
    await mountCheckout(sandbox, 'alice', {
      provider: { locale: 'es' },
      checkout: { locale: 'ar' },
    });
    const checkout = await region('الدفع');
    expect(checkout).toHaveAttribute('lang', 'ar');
    expect(checkout).toHaveAttribute('dir', 'rtl');
    expect(await within(checkout).findByRole('button', { name: /^ادفع / })).toBeEnabled();
    // The account's digits read left to right inside the right-to-left box.
    expect(checkout.querySelector('.sc-account-last4')).toHaveAttribute('dir', 'ltr');
  });

  it('reads the browser\'s languages for "auto", the default: the first the checkout speaks', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['sw-KE', 'ar-EG', 'en-US']);
    await mountCheckout(sandbox, 'alice');
    const checkout = await region('الدفع');
    expect(checkout).toHaveAttribute('lang', 'ar');
    expect(checkout).toHaveAttribute('dir', 'rtl');
  });

  it('sends the authorization as shown, in its language and with its locale, and offers the English beside it', async () => {
    const { user, onSuccess } = await mountCheckout(sandbox, 'alice', {
      provider: { locale: 'es-ES' },
    });
    const pay = await screen.findByRole('button', { name: PAY_ES });
    const shown = pay.ownerDocument.getElementById(pay.getAttribute('aria-describedby')!);
    expect(shown?.textContent).toMatch(
      /^Al seleccionar Pagar 19,99\u00a0US\$, autoriza a Acme Games/,
    );
    const english = screen.getByText('La autorización en inglés').closest('details')!;
    const englishText = within(english).getByText(/^By selecting/);
    expect(englishText).toHaveAttribute('lang', 'en');
    expect(englishText.textContent).toMatch(
      /^By selecting Pagar 19,99\u00a0US\$, you authorize Acme Games to make a one-time debit of \$19\.99 from Sandbox checking ••6789 on or after \w+ \d+, \d{4}\./,
    );

    await user.click(pay);
    expect(await screen.findByText('Pago enviado')).toBeInTheDocument();
    const sent = JSON.parse(checkoutRequests(requests)[0]!.body).authorization;
    expect(sent).toMatchObject({ text: shown?.textContent, locale: 'es-ES' });
    expect(onSuccess).toHaveBeenCalledWith(
      expect.objectContaining({ authorization: expect.objectContaining({ locale: 'es-ES' }) }),
    );
    // Said in Spanish, marked so.
    await waitFor(() => expect(liveRegion().lastElementChild).toHaveAttribute('lang', 'es'));
    expect(liveRegion().lastElementChild?.textContent).toMatch(/^Pago enviado: 19,99/);
  });

  it("offers no English beside an English authorization, nor beside the app's own wording", async () => {
    await mountCheckout(sandbox, 'alice', { provider: { locale: 'en-US' } });
    await screen.findByRole('button', { name: 'Pay $19.99' });
    expect(document.querySelector('details')).toBeNull();
    await mountCheckout(sandbox, 'alice', {
      provider: {
        locale: 'es',
        messages: {
          authorization: (v) =>
            `${v.merchantName} cargará ${v.amount} en ••${v.last4}; contacto: ${v.merchantContact}.`,
        },
      },
    });
    await screen.findByText(/^Acme Games cargará/);
    expect(document.querySelector('details')).toBeNull();
  });

  it('is the invalid view, in English, for a locale that is not a BCP 47 tag', async () => {
    const { onError } = await mountCheckout(sandbox, 'alice', {
      provider: { locale: 'not a tag!' },
    });
    const checkout = await region('Checkout');
    expect(checkout).toHaveAttribute('data-state', 'invalid');
    expect(within(checkout).getByText('locale')).toBeInTheDocument();
    await waitFor(() => expect(onError).toHaveBeenCalledOnce());
  });
});

describe('a locale chunk that fails to load', () => {
  it('is tried once more: the payer sees their language, and no error', async () => {
    const original = LOADERS.es!;
    const load = vi
      .spyOn(LOADERS, 'es')
      .mockRejectedValueOnce(failingImport())
      .mockImplementation(original);
    const { onError } = await mountCheckout(sandbox, 'alice', { provider: { locale: 'es' } });
    expect(await screen.findByRole('button', { name: PAY_ES })).toBeEnabled();
    expect(load).toHaveBeenCalledTimes(2);
    expect(onError).not.toHaveBeenCalled();
  });

  for (const strict of [false, true]) {
    it(`failing twice, shows the load-error view in English and calls onError once; Try again loads it${strict ? ' (StrictMode)' : ''}`, async () => {
      const original = LOADERS.es!;
      const load = vi.spyOn(LOADERS, 'es').mockRejectedValue(failingImport());
      const { seen } = watchPage();
      const { onError, user } = await mountCheckout(sandbox, 'alice', {
        provider: { locale: 'es' },
        strict,
      });
      const checkout = await region('Checkout');
      expect(checkout).toHaveAttribute('data-state', 'load-error');
      expect(checkout).toHaveAttribute('lang', 'en');
      expect(within(checkout).getByText("We couldn't load your payment details")).toBeVisible();
      await waitFor(() => expect(onError).toHaveBeenCalledOnce());
      const [error] = onError.mock.calls[0]!;
      expect(error).toBeInstanceOf(LocaleLoadError);
      expect(error).toMatchObject({ kind: 'locale_load', locale: 'es' });
      expect(load).toHaveBeenCalledTimes(2);
      expect(liveRegion()).toHaveTextContent("We couldn't load your payment details.");
      // No form came before the failure, in any language.
      expect(seen.filter((text) => /Pagar|Pay \$/.test(text))).toEqual([]);

      load.mockImplementation(original);
      await user.click(within(checkout).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('button', { name: PAY_ES })).toBeEnabled();
      expect(catalogueState('es').status).toBe('ready');
      expect(onError).toHaveBeenCalledOnce();
    });
  }
});
