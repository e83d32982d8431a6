// A page a server rendered in the payer's language, hydrated in a browser that has not loaded that
// language's chunk yet: the server's markup stays as it is (no English, no spinner in its place)
// until the chunk is in, and then the same elements become the live checkout. With "auto", the
// server's wordless loading view becomes the browser's language.
import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetCatalogues } from '../../src/checkout/messages/catalogue-store.js';
import { LOADERS } from '../../src/checkout/messages/loaders.js';
import { Checkout, CheckoutProvider, preloadLocale } from '../../src/index.js';
import { customerQueryOptions } from '../../src/query.js';
import { merchant, purchase, setupSandbox, textOutsideEnglish } from './helpers.js';

const { sandbox } = setupSandbox();

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  resetCatalogues();
  vi.restoreAllMocks();
});

/** The merchant's page: a provider in `locale` with a checkout, reading `client`. */
function page(client: QueryClient, sessionKey: string, locale: string, strict: boolean) {
  const tree = (
    <CheckoutProvider
      sessionKey={sessionKey}
      merchantId={sandbox.merchantId}
      env="local"
      queryClient={client}
      locale={locale}
      {...merchant}
    >
      <Checkout {...purchase} onSuccess={() => {}} />
    </CheckoutProvider>
  );
  return strict ? <StrictMode>{tree}</StrictMode> : tree;
}

/**
 * Renders the page on the "server" (this process, the customer prefetched from the sandbox), then
 * forgets every loaded catalogue, as a fresh browser has none: returns the HTML and the state to
 * hydrate, and a gate that holds the browser's import of `catalogue` until opened.
 */
async function serverRender(locale: string, catalogue: string, strict: boolean) {
  const sessionKey = await sandbox.mintSessionKey('alice');
  const serverClient = new QueryClient();
  await serverClient.prefetchQuery(
    customerQueryOptions({ sessionKey, merchantId: sandbox.merchantId, env: 'local' }),
  );
  if (locale !== 'auto') await preloadLocale(locale);
  const html = renderToString(page(serverClient, sessionKey, locale, strict));
  resetCatalogues();
  const original = LOADERS[catalogue]!;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const load = vi.spyOn(LOADERS, catalogue).mockImplementation(() => opened.then(original));
  return { html, sessionKey, state: dehydrate(serverClient), open, load };
}

/** Hydrates the server's HTML; every text the page shows after each change is recorded. */
async function hydrateInBrowser(
  server: Awaited<ReturnType<typeof serverRender>>,
  locale: string,
  strict: boolean,
) {
  const container = document.createElement('div');
  container.innerHTML = server.html;
  document.body.append(container);
  const shown: string[] = [];
  const observer = new MutationObserver(() => shown.push(textOutsideEnglish(container)));
  observer.observe(container, { subtree: true, childList: true, characterData: true });
  const client = new QueryClient();
  hydrate(client, server.state);
  const recoverableErrors: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container, page(client, server.sessionKey, locale, strict), {
      onRecoverableError: (error) => void recoverableErrors.push(error),
    });
  });
  return { container, shown, recoverableErrors, stop: () => observer.disconnect() };
}

describe('hydrating a checkout whose language is not loaded yet', () => {
  for (const strict of [false, true]) {
    it(`keeps the server's markup until the chunk is in, then hydrates it in place${strict ? ' (StrictMode)' : ''}`, async () => {
      const server = await serverRender('es', 'es', strict);
      expect(server.html).toMatch(/data-state="ready"[^>]* lang="es"/);
      const browser = await hydrateInBrowser(server, 'es', strict);
      const serverPay = browser.container.querySelector('button.sc-pay');
      expect(serverPay?.textContent).toBe('Pagar 19,99\u00a0US$');

      // The chunk is asked for, and until it is in nothing changes: not a character.
      expect(server.load).toHaveBeenCalled();
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      const asServed = document.createElement('div');
      asServed.innerHTML = server.html;
      expect(browser.container.innerHTML).toBe(asServed.innerHTML);

      await act(async () => server.open());
      // The same button, now the live one: hydrated, not replaced.
      const pay = await screen.findByRole('button', { name: /^Pagar 19,99\sUS\$$/ });
      expect(pay).toBe(serverPay);
      expect(browser.recoverableErrors).toEqual([]);
      expect(browser.shown.filter((text) => /Pay \$|Checkout|Loading/.test(text))).toEqual([]);

      await userEvent.setup().click(pay);
      expect(await screen.findByText('Pago enviado')).toBeInTheDocument();
      browser.stop();
    });
  }

  it('with "auto", turns the server\'s wordless loading view into the browser\'s language', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ar-EG', 'en-US']);
    const server = await serverRender('auto', 'ar', false);
    expect(server.html).toContain('data-state="loading"');
    const browser = await hydrateInBrowser(server, 'auto', false);
    expect(browser.recoverableErrors).toEqual([]);
    await act(async () => server.open());
    const checkout = await screen.findByRole('region', { name: 'الدفع' });
    expect(checkout).toHaveAttribute('dir', 'rtl');
    expect(await screen.findByRole('button', { name: /^ادفع / })).toBeEnabled();
    // Between the server's view and the Arabic one, no word of any other language: the
    // purchase's and the payer's own data aside.
    const data = /Gold pack|Sandbox \w+|alice@example\.com|USDC|Acme Games|support@acme\.test/g;
    const words = browser.shown.map((text) => text.replace(data, ''));
    expect(words.filter((text) => /[A-Za-z]{3,}/.test(text))).toEqual([]);
    expect(words.length).toBeGreaterThan(0);
    browser.stop();
  });
});
