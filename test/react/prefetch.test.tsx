// A page hydrated with a prefetched customer is payable on its first render and sends no
// customer request, in StrictMode too.
import {
  dehydrate,
  HydrationBoundary,
  QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { Checkout, CheckoutProvider } from '../../src/index.js';
import { customerQueryOptions } from '../../src/query.js';
import { BASE_URL, customerRequests, purchase, setupSandbox } from './helpers.js';

const { sandbox, server, requests } = setupSandbox();

describe('customerQueryOptions in the browser (a route loader)', () => {
  it("retries a failing read only as the HTTP client does, not react-query's retries on top", async () => {
    server.use(
      http.get(`${BASE_URL}/api/customer/v2`, () =>
        HttpResponse.json({ message: 'down', code: 'internal' }, { status: 503 }),
      ),
    );
    const sessionKey = await sandbox.mintSessionKey('alice');
    const client = new QueryClient();
    const read = client.fetchQuery(
      customerQueryOptions({ sessionKey, merchantId: sandbox.merchantId, env: 'local' }),
    );
    await expect(read).rejects.toMatchObject({ status: 503 });
    // One request and the HTTP client's two retries.
    expect(customerRequests(requests)).toHaveLength(3);
  });
});

describe('a checkout hydrated with a prefetched customer', () => {
  for (const strict of [false, true]) {
    it(`is payable on its first render, without a customer request${strict ? ' (StrictMode)' : ''}`, async () => {
      const sessionKey = await sandbox.mintSessionKey('alice');
      const scope = { sessionKey, merchantId: sandbox.merchantId, env: 'local' } as const;
      const serverClient = new QueryClient();
      await serverClient.prefetchQuery(customerQueryOptions(scope));
      const state = JSON.parse(JSON.stringify(dehydrate(serverClient)));
      requests.length = 0;

      const pageClient = new QueryClient();
      const tree = (
        <QueryClientProvider client={pageClient}>
          <HydrationBoundary state={state}>
            <CheckoutProvider {...scope} queryClient={pageClient}>
              <Checkout {...purchase} onSuccess={() => {}} />
            </CheckoutProvider>
          </HydrationBoundary>
        </QueryClientProvider>
      );
      render(strict ? <StrictMode>{tree}</StrictMode> : tree);
      expect(screen.getByRole('button', { name: 'Pay $19.99' })).toBeEnabled();
      // render() has run every effect: a read would be in flight now.
      expect(pageClient.isFetching()).toBe(0);
      await act(async () => {});
      expect(customerRequests(requests)).toHaveLength(0);
    });
  }
});
