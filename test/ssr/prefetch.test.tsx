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
import { Checkout, CheckoutProvider } from '../../src/index.js';
import { customerQueryKey, customerQueryOptions } from '../../src/query.js';
import { createSandbox } from '../../src/sandbox/index.js';

const purchase = {
  subtotal: { cents: 1999, currency: 'USD' },
  settlementType: 'USDC',
  webhookInfo: { itemName: 'Gold pack', price: '19.99', quantity: 1 },
  email: 'alice@example.com',
} as const;

afterEach(() => vi.unstubAllGlobals());

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

function fakeKey(customerId: string, merchantId: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return [part({ alg: 'HS256' }), part({ customerId, merchantId, exp: 4_102_444_800 }), 'sig'].join(
    '.',
  );
}
