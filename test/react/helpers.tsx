// Component tests run against the real sandbox handler behind MSW, as a storefront would.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { StrictMode, type ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { sandboxHandlers } from '../../src/sandbox/msw.js';
import {
  Checkout,
  CheckoutProvider,
  type CheckoutProps,
  type CheckoutProviderProps,
  type CheckoutResult,
} from '../../src/index.js';
import { resetDeviceIds } from '../../src/checkout/device-id-store.js';
import { resetLiveRegion } from '../../src/checkout/live-region.js';
import { resetScriptCache } from '../../src/checkout/script-loader.js';

export const BASE_URL = 'http://127.0.0.1:4010';

// The full suite runs every project at once on two cores: give findBy* room under load.
configure({ asyncUtilTimeout: 5000 });

export interface SeenRequest {
  method: string;
  url: string;
  headers: Headers;
  body: string;
}

/** A sandbox behind MSW for this test file, and every request that reached the network. */
export function setupSandbox() {
  const sandbox = createSandbox();
  const server = setupServer(...sandboxHandlers(sandbox));
  const requests: SeenRequest[] = [];
  server.events.on('request:start', ({ request }) => {
    const copy = request.clone();
    const seen: SeenRequest = {
      method: request.method,
      url: request.url,
      headers: new Headers(request.headers),
      body: '',
    };
    requests.push(seen);
    void copy.text().then((text) => (seen.body = text));
  });

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    cleanup();
    server.resetHandlers();
    sandbox.reset();
    requests.length = 0;
    resetPage();
  });
  afterAll(() => server.close());

  return { sandbox, server, requests };
}

/** As on a freshly loaded page: no scripts, no device id, no fingerprint global, nothing said. */
export function resetPage(): void {
  resetDeviceIds();
  resetScriptCache();
  resetLiveRegion();
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  delete (window as { ServiceDeviceFingerprint?: unknown }).ServiceDeviceFingerprint;
}

/**
 * jsdom does not run external scripts: this plays the sandbox's device script, defining its
 * global and firing the tag's load event.
 */
export function runDeviceScript(deviceId = 'device-test-1'): void {
  (window as { ServiceDeviceFingerprint?: unknown }).ServiceDeviceFingerprint = {
    getDeviceId: () => Promise.resolve(deviceId),
  };
  for (const script of Array.from(document.querySelectorAll('script'))) {
    script.dispatchEvent(new Event('load'));
  }
}

export function failDeviceScript(): void {
  for (const script of Array.from(document.querySelectorAll('script'))) {
    script.dispatchEvent(new Event('error'));
  }
}

export const purchase = {
  subtotal: { cents: 1999, currency: 'USD' },
  settlementType: 'USDC',
  webhookInfo: {
    itemName: 'Gold pack',
    price: '19.99',
    quantity: 2,
    currency: 'USD',
    gamePlatform: 'web',
  },
  email: 'alice@example.com',
} satisfies Omit<CheckoutProps, 'onSuccess'>;

export const productData = [
  {
    productName: 'Gold pack',
    productType: 'gameOfSkill',
    quantity: 2,
    rawProductData: { productID: 'gold-2', platform: 'web' },
  },
] satisfies CheckoutProps['chargebackProtectionData'];

/** The merchant every test checkout names in its authorization, unless a test says otherwise. */
export const merchant = { merchantName: 'Acme Games', merchantContact: 'support@acme.test' };

export interface CheckoutTreeOptions {
  sessionKey: string;
  merchantId: string;
  provider?: Partial<CheckoutProviderProps>;
  checkout?: Partial<CheckoutProps>;
  strict?: boolean;
  extra?: ReactNode;
}

export function renderCheckout(options: CheckoutTreeOptions) {
  return render(checkoutTree(options));
}

/** Mints a key for the customer and renders a checkout whose callbacks are spies. */
export async function mountCheckout(
  sandbox: Sandbox,
  customerId: string,
  options: Partial<CheckoutTreeOptions> = {},
) {
  const sessionKey = await sandbox.mintSessionKey(customerId);
  const onSuccess = vi.fn<(result: CheckoutResult) => void>();
  const onError = vi.fn();
  const view = renderCheckout({
    sessionKey,
    merchantId: sandbox.merchantId,
    ...options,
    checkout: { onSuccess, onError, ...options.checkout },
  });
  return { sessionKey, onSuccess, onError, view, user: userEvent.setup() };
}

/** The Pay button of the standard purchase ($19.99). */
export const payButton = () => screen.findByRole('button', { name: 'Pay $19.99' });
export const checkoutRegion = () => screen.getByRole('region', { name: 'Checkout' });
/** The page's live region, through which every checkout speaks. */
export const liveRegion = () => screen.getByRole('status');

/**
 * Waits for focus to reach the notice around `text`: the checkout moves it in an effect after
 * the notice renders, so on a busy machine a test can see the notice a moment before its focus.
 */
export async function expectFocusOnNotice(text: HTMLElement): Promise<void> {
  await waitFor(() => expect(text.closest('.sc-notice')).toHaveFocus());
}

/** A provider with a checkout (and `extra` beside it), as a storefront page renders them. */
export function checkoutTree(options: CheckoutTreeOptions) {
  const tree = (
    <CheckoutProvider
      sessionKey={options.sessionKey}
      merchantId={options.merchantId}
      env="local"
      {...merchant}
      {...options.provider}
    >
      {options.extra}
      <Checkout onSuccess={() => {}} {...purchase} {...options.checkout} />
    </CheckoutProvider>
  );
  return options.strict ? <StrictMode>{tree}</StrictMode> : tree;
}

export function checkoutRequests(requests: SeenRequest[]): SeenRequest[] {
  return requests.filter((request) => request.url.includes('/api/checkout/'));
}

export function customerRequests(requests: SeenRequest[]): SeenRequest[] {
  return requests.filter((request) => request.url.endsWith('/api/customer/v2'));
}

/**
 * The text under `root`, outside what is marked English (`lang="en"`: the English authorization
 * offered beside a translated one, the developer's list of invalid props).
 */
export function textOutsideEnglish(root: Node): string {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement?.closest('[lang]')?.getAttribute('lang') !== 'en') {
      texts.push(node.nodeValue ?? '');
    }
  }
  return texts.join(' ');
}
