// A page hydrated with a prefetched customer is payable on its first render and sends no
// customer request, in StrictMode too.
import {
  dehydrate,
  HydrationBoundary,
  QueryClient,
  QueryClientProvider,
  useQuery,
} from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Checkout, CheckoutProvider } from '../../src/index.js';
import { customerQueryOptions } from '../../src/query.js';
import { BASE_URL, customerRequests, purchase, setupSandbox } from './helpers.js';

const { sandbox, server, requests } = setupSandbox();

describe('customerQueryOptions read by useQuery', () => {
  it("retries a failing read only as the HTTP client does, not react-query's retries on top", async () => {
    server.use(
      http.get(`${BASE_URL}/api/customer/v2`, () =>
        HttpResponse.json({ message: 'down', code: 'internal' }, { status: 503 }),
      ),
    );
    const sessionKey = await sandbox.mintSessionKey('alice');
    const options = customerQueryOptions({
      sessionKey,
      merchantId: sandbox.merchantId,
      env: 'local',
    });
    function Reader() {
      return <p>{useQuery(options).status}</p>;
    }
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      render(
        <QueryClientProvider client={new QueryClient()}>
          <Reader />
        </QueryClientProvider>,
      );
      // Past every retry react-query would make by default (1 s, 2 s, 4 s).
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      expect(await screen.findByText('error')).toBeInTheDocument();
      // One request and the HTTP client's two retries.
      expect(customerRequests(requests)).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
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
