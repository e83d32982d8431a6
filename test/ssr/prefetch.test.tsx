// Ready at first paint: the merchant's server mints a session key, prefetches the customer with
// the query options from service-checkout/query against the service (here the sandbox), and
// renders the page: the HTML already holds a payable checkout, and the dehydrated cache
// carries the customer to the browser.
import {
  dehydrate,
  HydrationBoundary,
  QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetCatalogues } from '../../src/checkout/messages/catalogue-store.js';
import { Checkout, CheckoutProvider, preloadLocale } from '../../src/index.js';
import { customerQueryKey, customerQueryOptions } from '../../src/query.js';
import { createSandbox } from '../../src/sandbox/index.js';

const purchase = {
  subtotal: { cents: 1999, currency: 'USD' },
  settlementType: 'USDC',
  webhookInfo: { itemName: 'Gold pack', price: '19.99', quantity: 1 },
  email: 'alice@example.com',
} as const;

afterEach(() => {
  vi.unstubAllGlobals();
  resetCatalogues();
});

describe('prefetching the customer on the server', () => {
  it('renders a payable checkout in the HTML, and the page needs no customer request', async () => {
    const sandbox = createSandbox();
    const seen: string[] = [];
    vi.stubGlobal('fetch', (input: string, init: RequestInit) => {
      seen.push(new URL(input).pathname);
      return sandbox.handle(new Request(input, init));
    });
    const sessionKey = await sandbox.mintSessionKey('alice');
    const scope = { sessionKey, merchantId: sandbox.merchantId, env: 'local' } as const;

    const serverClient = new QueryClient();
    await serverClient.prefetchQuery(customerQueryOptions(scope));
    expect(seen).toEqual(['/api/customer/v2']);
    const state = dehydrate(serverClient);
    // What travels to the browser holds the customer, never the session key.
    expect(JSON.stringify(state)).toContain('"customerId":"alice"');
    expect(JSON.stringify(state)).not.toContain(sessionKey);

    const pageClient = new QueryClient();
    const html = renderToString(
      <QueryClientProvider client={pageClient}>
        <HydrationBoundary state={state}>
          <CheckoutProvider
            {...scope}
            queryClient={pageClient}
            merchantName="Acme Games"
            merchantContact="support@acme.example"
            locale="en"
          >
            <Checkout {...purchase} onSuccess={() => {}} />
          </CheckoutProvider>
        </HydrationBoundary>
      </QueryClientProvider>,
    );
    expect(html).toContain('data-state="ready"');
    expect(html).toMatch(/<button type="submit" class="sc-button sc-pay"[^>]*>Pay \$19\.99</);
    expect(html).not.toMatch(/<button type="submit"[^>]*disabled/);
    // The authorization is in the HTML too, describing Pay.
    const paragraph =
      /<p class="sc-authorization" id="([^"]+)">By selecting Pay \$19\.99, you authorize Acme Games /.exec(
        html,
      );
    expect(paragraph).not.toBeNull();
    expect(html).toContain(`aria-describedby="${paragraph?.[1]}">Pay $19.99</button>`);
    expect(seen).toHaveLength(1);
  });

  it('uses the key the provider reads: the same env, address, merchant and customer', () => {
    const key = customerQueryOptions({
      sessionKey: fakeKey('bob', 'merchant_1'),
      merchantId: 'merchant_1',
      env: 'local',
    }).queryKey;
    expect(key).toEqual(
      customerQueryKey({
        env: 'local',
        baseUrl: 'http://127.0.0.1:4010',
        merchantId: 'merchant_1',
        customerId: 'bob',
      }),
    );
  });

  it('refuses a session key for another merchant, without repeating the key', () => {
    const sessionKey = fakeKey('bob', 'merchant_other');
    expect(() =>
      customerQueryOptions({ sessionKey, merchantId: 'merchant_1', env: 'local' }),
    ).toThrow(/sessionKey was made for another merchant/);
  });
});

describe("a server rendering in the payer's language", () => {
  /** The page the server renders for `locale`, with the customer prefetched from the sandbox. */
  async function serverPage(locale: string) {
    const sandbox = createSandbox();
    vi.stubGlobal('fetch', (input: string, init: RequestInit) =>
      sandbox.handle(new Request(input, init)),
    );
    const sessionKey = await sandbox.mintSessionKey('alice');
    const scope = { sessionKey, merchantId: sandbox.merchantId, env: 'local' } as const;
    const client = new QueryClient();
    await client.prefetchQuery(customerQueryOptions(scope));
    return renderToString(
      <CheckoutProvider
        {...scope}
        queryClient={client}
        merchantName="Acme Games"
        merchantContact="support@acme.example"
        locale={locale}
      >
        <Checkout {...purchase} onSuccess={() => {}} />
      </CheckoutProvider>,
    );
  }

  it('renders it at once once preloadLocale has loaded it, with the English authorization beside', async () => {
    await preloadLocale('es-ES');
    const html = await serverPage('es-ES');
    expect(html).toContain('data-state="ready"');
    expect(html).toMatch(/<section class="sc-checkout"[^>]* lang="es" dir="ltr"/);
    expect(html).toMatch(
      /<button type="submit" class="sc-button sc-pay"[^>]*>Pagar 19,99\u00a0US\$</,
    );
    expect(html).toMatch(/<p class="sc-authorization" id="[^"]+">Al seleccionar Pagar 19,99/);
    expect(html).toMatch(
      /<details class="sc-authorization-english"><summary>La autorización en inglés<\/summary><p class="sc-authorization" lang="en" dir="ltr">By selecting Pagar 19,99\u00a0US\$, you authorize Acme Games to make a one-time debit of \$19\.99 /,
    );
    expect(html).not.toContain('Pay $19.99');
  });

  it('writes a right-to-left language right to left', async () => {
    await preloadLocale('ar');
    const html = await serverPage('ar');
    expect(html).toMatch(/<section class="sc-checkout"[^>]* lang="ar" dir="rtl"/);
    expect(html).toContain('>الدفع</h2>');
  });

  it('renders the loading view, without a word, for a language not loaded yet, and loads it', async () => {
    const html = await serverPage('ar');
    expect(html).toMatch(/<section class="sc-checkout" data-state="loading" lang="ar" dir="rtl"/);
    expect(html.replace(/<[^>]*>/g, '')).toBe('');
    await preloadLocale('ar');
    expect(await serverPage('ar')).toContain('data-state="ready"');
  });
});

function fakeKey(customerId: string, merchantId: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return [part({ alg: 'HS256' }), part({ customerId, merchantId, exp: 4_102_444_800 }), 'sig'].join(
    '.',
  );
}
