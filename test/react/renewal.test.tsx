// Renewal that renews: wired as docs/react.md recommends (getSessionKey → the ready-made
// session-key route → a session-key cache → the service), a key the service refuses is
// replaced by a different one, and the same key again is the expired state, never a loop.
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  createMerchantClient,
  createSessionKeyCache,
  createSessionKeyFetchHandler,
  REJECTED_SESSION_KEY_HEADER,
} from '../../src/server/index.js';
import type { SessionKeyRenewal } from '../../src/index.js';
import {
  BASE_URL,
  checkoutRegion,
  checkoutRequests,
  mountCheckout,
  payButton,
  setupSandbox,
} from './helpers.js';

const { sandbox, server, requests } = setupSandbox();

/** The merchant's server: its API key, a cache of keys, and the route the page calls. */
function merchantServer(customerId: string) {
  const merchant = createMerchantClient({
    apiKey: sandbox.apiKey,
    env: 'local',
    dangerouslyAllowBrowser: true,
  });
  const cache = createSessionKeyCache(merchant);
  const route = createSessionKeyFetchHandler({ client: cache, getCustomerId: () => customerId });
  /** What the page passes as getSessionKey: a call to its server's route. */
  const getSessionKey = vi.fn(async (renewal?: SessionKeyRenewal) => {
    const headers = new Headers();
    if (renewal?.rejectedKey) headers.set(REJECTED_SESSION_KEY_HEADER, renewal.rejectedKey);
    const response = await route(
      new Request('http://shop.test/api/session-key', { method: 'POST', headers }),
    );
    return ((await response.json()) as { key: string }).key;
  });
  return { cache, getSessionKey };
}

/** The service refuses one key from now on (revoked, say), whatever its expiry says. */
function refuse(key: string) {
  server.use(
    http.all(`${BASE_URL}/api/*`, ({ request }) =>
      request.headers.get('x-service-auth-session-key') === key
        ? HttpResponse.json({ message: 'key revoked', code: 'unauthorized' }, { status: 401 })
        : undefined,
    ),
  );
}

const sentKeys = () =>
  checkoutRequests(requests).map((request) => request.headers.get('x-service-auth-session-key'));

describe('renewal after the service refuses a key', () => {
  for (const strict of [false, true]) {
    it(`the recommended wiring brings a different key, and Pay goes through once${strict ? ' (StrictMode)' : ''}`, async () => {
      const shop = merchantServer('alice');
      const first = (await shop.cache.getSessionKey('alice')).key;
      const { user, onSuccess } = await mountCheckout(sandbox, 'alice', {
        strict,
        sessionKey: first,
        provider: { getSessionKey: shop.getSessionKey },
      });
      await payButton();
      refuse(first);

      await user.click(await payButton());
      await screen.findByText('Payment submitted');
      expect(shop.getSessionKey).toHaveBeenCalledTimes(1);
      expect(shop.getSessionKey).toHaveBeenCalledWith({ reason: 'rejected', rejectedKey: first });
      const keys = sentKeys();
      expect(keys).toHaveLength(2);
      expect(keys[0]).toBe(first);
      expect(keys[1]).not.toBe(first);
      expect(sandbox.payments).toHaveLength(1);
      expect(onSuccess).toHaveBeenCalledTimes(1);
    });
  }

  it('a renewer that brings the refused key again ends in the expired state, without a loop', async () => {
    const first = await sandbox.mintSessionKey('alice');
    const getSessionKey = vi.fn(() => Promise.resolve(first));
    const { user, onError } = await mountCheckout(sandbox, 'alice', {
      sessionKey: first,
      provider: { getSessionKey },
    });
    await payButton();
    refuse(first);

    await user.click(await payButton());
    expect(await screen.findByText('Your session has expired')).toBeVisible();
    expect(getSessionKey).toHaveBeenCalledTimes(1);
    expect(sentKeys()).toEqual([first]);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ kind: 'session_expired' });
    expect(checkoutRegion()).toHaveAttribute('data-state', 'expired');
  });
});
