// What <Checkout> shows, as a table: one row per view, each with the inputs that lead to it.
// Pure: no React, no DOM, no network.
import { describe, expect, it } from 'vitest';
import { checkoutView, type CheckoutView } from '../../src/checkout/checkout-state.js';
import type { CustomerState } from '../../src/checkout/customer-query.js';
import type { DeviceIdSnapshot } from '../../src/checkout/device-id-store.js';
import { initialPurchase, type Attempt, type Purchase } from '../../src/checkout/purchase.js';
import {
  NetworkError,
  ServiceError,
  SessionExpiredError,
  type CheckoutError,
} from '../../src/core/errors.js';
import type { BankAccount, Customer } from '../../src/core/schemas.js';

const account: BankAccount = {
  alias: 'Everyday checking',
  token: '3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60',
  routingNumber: '011000015',
  last4: '6789',
  accountHash: 'a1b2c3',
  rtpEligible: true,
  reference: 'ref_1',
};

const customer: Customer = {
  _id: '65f0c0ffee',
  blockchain: 'user',
  email: 'payer@example.com',
  isBlocked: 'NotBlocked',
  chargebackProtectionEnabled: false,
  merchant: 'merchant_1',
  failedAttemptSetting: 'Standard',
  verificationSetting: 'Enforced',
  exempt3DS: false,
  createdAt: '2026-11-01T12:00:00.000Z',
  __v: 0,
  customerId: 'alice',
  bankAccounts: [account],
};

const attempt: Attempt = {
  request: {
    subtotal: { cents: 1999, currency: 'USD' },
    settlementType: 'USDC',
    webhookInfo: { itemName: 'Gold pack', price: '19.99', quantity: 1 },
    email: 'payer@example.com',
    token: account.token,
    authorization: {
      text: 'By selecting Pay $19.99, you authorize Acme to make a one-time debit of $19.99 …',
      acceptedAt: '2026-11-01T12:00:00.000Z',
      locale: 'en-US',
    },
  },
  account,
  idempotencyKey: 'key-1',
};

const refetch = () => {};
const read = (record: Customer): CustomerState => ({
  status: 'success',
  customer: record,
  refetch,
  isFetching: false,
});
const readFailed = (error: CheckoutError): CustomerState => ({
  status: 'error',
  error,
  refetch,
  isFetching: false,
});
const refused = (status: number, code: string) =>
  new ServiceError('POST /api/checkout/ach/merchant_1', status, code, code);
const failed = (error: CheckoutError, declined: string[] = []): Purchase => ({
  status: 'failed',
  attempt,
  error,
  declined,
});

type Inputs = Parameters<typeof checkoutView>[0];

const ready: Inputs = {
  propsValid: true,
  customer: read(customer),
  device: { status: 'idle' },
  needsDeviceId: false,
  purchase: initialPurchase,
  chosenAccountDeclined: false,
};
const deviceReady: DeviceIdSnapshot = { status: 'ready', deviceId: 'device-1' };

// Keyed by view, so a view without a row is a type error.
const rows: Record<CheckoutView, Partial<Inputs>> = {
  invalid: { propsValid: false },
  loading: { customer: { status: 'loading', refetch, isFetching: true } },
  'load-error': { customer: readFailed(new NetworkError('the connection dropped')) },
  expired: { customer: readFailed(new SessionExpiredError()) },
  blocked: { customer: read({ ...customer, isBlocked: 'Blocked' }) },
  verification: { purchase: failed(refused(451, 'verification_required')) },
  'no-bank-accounts': { customer: read({ ...customer, bankAccounts: [] }) },
  'device-required': { needsDeviceId: true, device: { status: 'loading' } },
  ready: { needsDeviceId: true, device: deviceReady },
  submitting: { purchase: { status: 'submitting', attempt, doubt: null, declined: [] } },
  declined: {
    purchase: failed(refused(402, 'payment_declined'), [account.token]),
    chosenAccountDeclined: true,
  },
  unconfirmed: {
    purchase: {
      status: 'unknown',
      attempt,
      doubt: new NetworkError('no answer'),
      error: new NetworkError('no answer'),
      declined: [],
    },
  },
  failed: { purchase: failed(refused(400, 'invalid_request')) },
  success: {
    purchase: {
      status: 'succeeded',
      attempt,
      paymentId: 'pay_1',
      submittedAt: '2026-11-01T12:00:01.000Z',
    },
  },
};

describe('checkoutView', () => {
  it.each(Object.entries(rows))('%s', (view, changes) => {
    expect(checkoutView({ ...ready, ...changes })).toBe(view);
  });
});
