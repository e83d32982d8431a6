import { QueryClient, useQueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSandbox } from '../../src/sandbox/index.js';
import {
  Checkout,
  CheckoutProvider,
  ConfigError,
  ServiceError,
  useCustomer,
  type CheckoutProviderProps,
} from '../../src/index.js';
import { fakeSessionKey } from '../support/jwt.js';
import { BASE_URL, customerRequests, merchant, purchase, setupSandbox } from './helpers.js';

const { sandbox, server, requests } = setupSandbox();

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function CustomerView() {
  const state = useCustomer();
  if (state.status === 'loading') return <p>loading</p>;
  if (state.status === 'error') {
    return (
      <p>
        error {state.error.kind} {state.error instanceof ServiceError ? state.error.status : ''}
        <button onClick={state.refetch}>refetch</button>
      </p>
    );
  }
  return (
    <p>
      customer {state.customer.customerId}
      <button onClick={state.refetch}>refetch</button>
    </p>
  );
}

function renderProvider(props: Partial<CheckoutProviderProps> & { sessionKey: string }) {
  return render(
    <CheckoutProvider merchantId={sandbox.merchantId} env="local" {...merchant} {...props}>
      <CustomerView />
    </CheckoutProvider>,
  );
}

function configErrorOf(props: Partial<CheckoutProviderProps>): ConfigError {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    render(
      <CheckoutProvider
        sessionKey={fakeSessionKey({ customerId: 'a', merchantId: 'm1', exp: 4102444800 })}
        merchantId="m1"
        env="local"
        {...props}
      />,
    );
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('CheckoutProvider props', () => {
  it('throws a ConfigError naming the bad prop', () => {
    expect(configErrorOf({ env: 'staging' as 'local' }).option).toBe('env');
    expect(configErrorOf({ env: 'sandbox' }).option).toBe('baseUrl');
    expect(configErrorOf({ baseUrl: 'not a url' }).option).toBe('baseUrl');
    expect(configErrorOf({ sessionKey: 'garbage' }).option).toBe('sessionKey');
    expect(configErrorOf({ merchantId: '' }).option).toBe('merchantId');
    const otherMerchant = configErrorOf({
      sessionKey: fakeSessionKey({ customerId: 'a', merchantId: 'm2', exp: 4102444800 }),
    });
    expect(otherMerchant.option).toBe('sessionKey');
    expect(otherMerchant.message).toContain('another merchant');
    expect(
      configErrorOf({ wallet: { blockchain: 'dogecoin' as 'eth', address: '0xabc' } }).option,
    ).toBe('wallet.blockchain');
    // fetch would otherwise throw a TypeError on the header at the first read.
    expect(configErrorOf({ wallet: { blockchain: 'eth', address: '0x01\nx' } }).option).toBe(
      'wallet.address',
    );
    expect(configErrorOf({ getSessionKey: 'nope' as never }).option).toBe('getSessionKey');
  });

  it('never puts the session key in an error message', () => {
    const sessionKey = fakeSessionKey({ customerId: 'a', merchantId: 'm2', exp: 4102444800 });
    expect(configErrorOf({ sessionKey }).message).not.toContain(sessionKey);
  });

  it('hooks and components outside the provider throw an error naming it', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<CustomerView />)).toThrow(
      /Could not find CheckoutProvider context; wrap the part of your app that calls useCustomer\(\) in a <CheckoutProvider>/,
    );
    expect(() => render(<Checkout {...purchase} onSuccess={() => {}} />)).toThrow(
      /CheckoutProvider/,
    );
  });

  it('warns once, naming the fix, when env or merchantId change after mount', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const sessionKey = await sandbox.mintSessionKey('alice');
    const { rerender } = renderProvider({ sessionKey });
    const again = (merchantId: string) =>
      rerender(
        <CheckoutProvider sessionKey={sessionKey} merchantId={merchantId} env="local" {...merchant}>
          <CustomerView />
        </CheckoutProvider>,
      );
    again('merchant_other');
    again('merchant_third');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/merchantId changed after mount.*remount.*key/);
    // The change is ignored: the customer still loads from the merchant the provider began with.
    expect(await screen.findByText(/customer alice/)).toBeInTheDocument();
  });
});

describe('CheckoutProvider and react-query', () => {
  it('does not wrap the app in a QueryClientProvider of its own', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const sessionKey = await sandbox.mintSessionKey('alice');
    function UsesAppClient() {
      useQueryClient();
      return null;
    }
    expect(() =>
      render(
        <CheckoutProvider sessionKey={sessionKey} merchantId={sandbox.merchantId} env="local">
          <UsesAppClient />
        </CheckoutProvider>,
      ),
    ).toThrow(/No QueryClient set/);
  });

  it("uses the app's QueryClient when given, with env, merchant and customer in the key", async () => {
    const queryClient = new QueryClient();
    const sessionKey = await sandbox.mintSessionKey('alice');
    renderProvider({ sessionKey, queryClient });
    await screen.findByText(/customer alice/);
    const keys = queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey);
    expect(keys).toEqual([
      [
        'service-checkout',
        'customer',
        expect.objectContaining({
          env: 'local',
          merchantId: sandbox.merchantId,
          customerId: 'alice',
        }),
      ],
    ]);
  });

  it("a session key for another customer never shows the previous customer's record", async () => {
    const queryClient = new QueryClient();
    const alice = await sandbox.mintSessionKey('alice');
    const bob = await sandbox.mintSessionKey('bob');
    const seen: string[] = [];
    function Recorder() {
      const state = useCustomer();
      seen.push(state.status === 'success' ? state.customer.customerId : state.status);
      return null;
    }
    const tree = (sessionKey: string) => (
      <CheckoutProvider
        sessionKey={sessionKey}
        merchantId={sandbox.merchantId}
        env="local"
        queryClient={queryClient}
      >
        <Recorder />
        <CustomerView />
      </CheckoutProvider>
    );
    const { rerender } = render(tree(alice));
    await screen.findByText(/customer alice/);
    seen.length = 0;
    rerender(tree(bob));
    await screen.findByText(/customer bob/);
    expect(seen).not.toContain('alice');
    expect(seen[0]).toBe('loading');
  });
});

describe('CheckoutProvider session renewal', () => {
  it('renews an expired key before reading, and never sends the expired one', async () => {
    const expired = await sandbox.mintSessionKey('alice', { expiresInSeconds: -60 });
    const fresh = await sandbox.mintSessionKey('alice');
    const getSessionKey = vi.fn(() => Promise.resolve(fresh));
    renderProvider({ sessionKey: expired, getSessionKey });
    expect(await screen.findByText(/customer alice/)).toBeInTheDocument();
    expect(getSessionKey).toHaveBeenCalledTimes(1);
    const sent = customerRequests(requests).map((r) => r.headers.get('x-service-auth-session-key'));
    expect(sent).toEqual([fresh]);
  });

  it('renews shortly before expiry, and later reads use the new key', async () => {
    // 45 s left: inside the renewal window (60 s) but still usable.
    const expiring = await sandbox.mintSessionKey('alice', { expiresInSeconds: 45 });
    const fresh = await sandbox.mintSessionKey('alice');
    const getSessionKey = vi.fn(() => Promise.resolve(fresh));
    renderProvider({ sessionKey: expiring, getSessionKey });
    await screen.findByText(/customer alice/);
    await waitFor(() => expect(getSessionKey).toHaveBeenCalledTimes(1));
    await userEvent.setup().click(screen.getByRole('button', { name: 'refetch' }));
    await waitFor(() => expect(customerRequests(requests)).toHaveLength(2));
    expect(customerRequests(requests)[1]?.headers.get('x-service-auth-session-key')).toBe(fresh);
  });

  it('uses a short-lived key at once and renews it at half its life, not in a loop', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const shortLived = createSandbox({ sessionKeyTtlSeconds: 8 });
    server.use(http.all(`${BASE_URL}/*`, ({ request }) => shortLived.handle(request)));
    const getSessionKey = vi.fn(() => shortLived.mintSessionKey('alice'));
    renderProvider({ sessionKey: await shortLived.mintSessionKey('alice'), getSessionKey });
    expect(await screen.findByText(/customer alice/)).toBeInTheDocument();
    expect(getSessionKey).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(4_100));
    expect(getSessionKey).toHaveBeenCalledTimes(1);
    // The renewed key also lives 8 s: its own renewal is seconds away, not immediate.
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(getSessionKey).toHaveBeenCalledTimes(1);
  });

  it('after a 401, renews and retries the read once', async () => {
    // Same merchant and customer, signed by another sandbox's secret: the service answers 401.
    const rejected = await createSandbox().mintSessionKey('alice');
    const fresh = await sandbox.mintSessionKey('alice');
    const getSessionKey = vi.fn(() => Promise.resolve(fresh));
    renderProvider({ sessionKey: rejected, getSessionKey });
    expect(await screen.findByText(/customer alice/)).toBeInTheDocument();
    const sent = customerRequests(requests).map((r) => r.headers.get('x-service-auth-session-key'));
    expect(sent).toEqual([rejected, fresh]);
    expect(getSessionKey).toHaveBeenCalledTimes(1);
  });

  it('retries only once when the renewed key is refused too', async () => {
    server.use(
      http.get(`${BASE_URL}/api/customer/v2`, () =>
        HttpResponse.json({ message: 'no', code: 'unauthorized' }, { status: 401 }),
      ),
    );
    const getSessionKey = vi.fn(() => sandbox.mintSessionKey('alice'));
    renderProvider({ sessionKey: await sandbox.mintSessionKey('alice'), getSessionKey });
    expect(await screen.findByText('error service 401')).toBeInTheDocument();
    expect(customerRequests(requests)).toHaveLength(2);
    expect(getSessionKey).toHaveBeenCalledTimes(1);
  });

  it('a failing renewer ends in the session_expired error', async () => {
    const expired = await sandbox.mintSessionKey('alice', { expiresInSeconds: -60 });
    const getSessionKey = vi.fn(() => Promise.reject(new Error('server down')));
    renderProvider({ sessionKey: expired, getSessionKey });
    expect(await screen.findByText(/error session_expired/)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('without a renewer, a key that expires while mounted becomes the expired state', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // 33 s left and a 30 s safety margin: the key counts as expired 3 s from now.
    const sessionKey = await sandbox.mintSessionKey('alice', { expiresInSeconds: 33 });
    renderProvider({ sessionKey });
    await screen.findByText(/customer alice/);
    await act(() => vi.advanceTimersByTimeAsync(3_100));
    expect(await screen.findByText(/error session_expired/)).toBeInTheDocument();
    expect(customerRequests(requests)).toHaveLength(1);
  });
});
