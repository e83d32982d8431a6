// The page's calls to its own server. Session keys arrive here in JSON and stay in memory.
import { useQuery } from '@tanstack/react-query';
import type { SessionKeyRenewal } from 'service-checkout';
import type { Withdrawal } from 'service-checkout/server';
import type { CartLine } from './catalog.js';
import type {
  Goods,
  Order,
  OrderCheckout,
  PayerEventRecord,
  PublicConfig,
  RefusedWebhooks,
  SignedInCustomer,
  TimeTravelResult,
  UnmatchedPayment,
  UnusableBankAccount,
  WebhookKeyStatus,
  WebhookRecord,
} from './api-types.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: {
        ...(body === undefined
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json' }),
        ...extraHeaders,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'The shop could not be reached. Check your connection and try again.');
  }
  const payload = (await response.json().catch(() => null)) as { message?: string } | null;
  if (!response.ok) {
    throw new ApiError(
      response.status,
      payload?.message ?? `The shop answered ${response.status}.`,
    );
  }
  return payload as T;
}

export const api = {
  config: () => request<PublicConfig>('GET', '/api/config'),
  me: () => request<{ customer: SignedInCustomer | null }>('GET', '/api/me'),
  signIn: (input: { customerId: string; password: string; email?: string }) =>
    request<{ customer: SignedInCustomer; event: PayerEventRecord | null }>(
      'POST',
      '/api/sign-in',
      input,
    ),
  signOut: () => request<{ customer: null }>('POST', '/api/sign-out', {}),
  /** Ends every session of the signed-in customer, on every device. */
  signOutEverywhere: () =>
    request<{ customer: null; sessionsEnded: number }>('POST', '/api/sign-out-everywhere', {}),
  /**
   * The signed-in customer's session key; `<CheckoutProvider getSessionKey>` calls it again to
   * renew. A key the service refused goes back in its own header, so the server mints another.
   */
  sessionKey: async (renewal?: SessionKeyRenewal) => {
    const headers: Record<string, string> = renewal?.rejectedKey
      ? { 'x-service-auth-session-key': renewal.rejectedKey }
      : {};
    return (
      await request<{ key: string; expiresAt: number }>('POST', '/api/session-key', {}, headers)
    ).key;
  },
  orders: () => request<{ orders: Order[] }>('GET', '/api/orders'),
  /** What the signed-in customer's account holds: what paid orders delivered, less reversals. */
  inventory: () => request<{ inventory: Goods }>('GET', '/api/inventory'),
  order: (orderId: string) =>
    request<{ order: Order }>('GET', `/api/orders/${encodeURIComponent(orderId)}`),
  /**
   * Product ids and quantities only: the server prices the order and says what to charge. The
   * same cart again, while its order can still be paid, answers that order (200), not another.
   */
  createOrder: (lines: CartLine[]) =>
    request<{ order: Order; checkout: OrderCheckout }>('POST', '/api/orders', { lines }),
  /** The signed-in customer's bank accounts their bank said cannot take debits: not to pay from. */
  unusableBankAccounts: () =>
    request<{ unusableBankAccounts: UnusableBankAccount[] }>('GET', '/api/bank-accounts/unusable'),
  /** Test mode only: a sandbox bank account for the signed-in customer. */
  linkTestBankAccount: () =>
    request<{ bankAccount: { alias: string; last4: string } }>(
      'POST',
      '/api/test-bank-accounts',
      {},
    ),
  withdrawals: () => request<{ withdrawals: Withdrawal[] }>('GET', '/api/merchant/withdrawals'),
  activity: () =>
    request<{
      orders: Order[];
      reversedOrders: Order[];
      events: PayerEventRecord[];
      webhooks: WebhookRecord[];
      unmatchedPayments: UnmatchedPayment[];
      refusedWebhooks: RefusedWebhooks;
    }>('GET', '/api/merchant/activity'),
  /** When the webhook key was rolled, and until when the old one is accepted; never a key. */
  webhookKey: () => request<{ webhookKey: WebhookKeyStatus }>('GET', '/api/merchant/webhook-key'),
  /** Staff: a new webhook key, kept by the shop's server; the old one verifies for 24 hours. */
  rollWebhookKey: () =>
    request<{ webhookKey: WebhookKeyStatus }>('POST', '/api/merchant/webhook-key/roll', {}),
  /** Test mode, staff: an address that opens the sandbox console once, within a minute. */
  sandboxConsole: () => request<{ url: string }>('POST', '/api/merchant/sandbox-console', {}),
  /** Test mode, staff: the sandbox's time. */
  sandboxTime: () => request<{ now: string }>('GET', '/api/merchant/time-travel'),
  /** Test mode, staff: move the sandbox's time, or return a paid order's settled payment. */
  timeTravel: (
    move:
      | { action: 'settle' }
      | { action: 'advance'; days: number }
      | { action: 'return'; orderId: string },
  ) => request<TimeTravelResult>('POST', '/api/merchant/time-travel', move),
};

export const queryKeys = {
  config: ['config'] as const,
  me: ['me'] as const,
  orders: ['orders'] as const,
  inventory: ['inventory'] as const,
  order: (orderId: string) => ['orders', orderId] as const,
  unusableBankAccounts: ['bank-accounts', 'unusable'] as const,
  /** The order the checkout pays: one per cart content and page visit. */
  checkoutOrder: (lines: CartLine[]) => ['checkout-order', lines] as const,
  withdrawals: ['merchant', 'withdrawals'] as const,
  activity: ['merchant', 'activity'] as const,
  webhookKey: ['merchant', 'webhook-key'] as const,
  sandboxTime: ['merchant', 'sandbox-time'] as const,
};

export function useConfig() {
  return useQuery({ queryKey: queryKeys.config, queryFn: api.config, staleTime: Infinity });
}

export function useMe() {
  return useQuery({ queryKey: queryKeys.me, queryFn: api.me, staleTime: 60_000 });
}
