// A page hydrated with a prefetched customer is payable on its first render and sends no
// customer request, in StrictMode too.
import {
  dehydrate,
  HydrationBoundary,
  QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { Checkout, CheckoutProvider } from '../../src/index.js';
import { customerQueryOptions } from '../../src/query.js';
import { customerRequests, purchase, setupSandbox } from './helpers.js';

const { sandbox, requests } = setupSandbox();

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
