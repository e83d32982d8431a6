// The bench storefront: one page, driven from scripts/bench.mjs through window.bench. It mounts
// a provider with a checkout (and the device script, as a storefront layout does), and reports
// how long the checkout takes to become payable and to pay, and how often <Checkout> renders.
import {
  HydrationBoundary,
  QueryClient,
  QueryClientProvider,
  type DehydratedState,
} from '@tanstack/react-query';
import { Profiler, useEffect, useState, type ProfilerOnRenderCallback } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import {
  ChargebackScript,
  Checkout,
  CheckoutProvider,
  type CheckoutResult,
} from 'service-checkout';
import 'service-checkout/styles.css';

export interface MountOptions {
  sandboxUrl: string;
  sessionKey: string;
  merchantId: string;
  /** The customer prefetched by the storefront's server, as the page's HTML would carry it. */
  dehydratedState?: DehydratedState;
}

export interface Ready {
  /** performance.now() from root.render() to an enabled Pay button. */
  readyMs: number;
  /** Commits in which <Checkout>'s subtree rendered, from mount to ready. */
  commits: number;
  /** Calls of <Checkout>'s render functions, from mount to ready (see scripts/bench.mjs). */
  renders: Record<string, number>;
}

export interface Rerender {
  commits: number;
  /** Time React spent rendering <Checkout>'s subtree in those commits. */
  actualDurationMs: number;
  renders: Record<string, number>;
}

declare global {
  interface Window {
    bench: {
      mount(options: MountOptions): Promise<Ready>;
      pay(): Promise<{ successMs: number; paymentId: string }>;
      rerenderParent(times: number): Rerender;
      unmount(): void;
    };
    /** Filled in by the bench build's render counter. */
    __benchRenders: Record<string, number>;
  }
}

window.__benchRenders = {};
const container = document.getElementById('root') as HTMLElement;
let root: Root | null = null;
let profile = { commits: 0, actualDurationMs: 0 };
const page: { rerender?: () => void } = {};
let successWaiter: ((result: CheckoutResult) => void) | null = null;

const onRender: ProfilerOnRenderCallback = (_id, _phase, actualDuration) => {
  profile.commits += 1;
  profile.actualDurationMs += actualDuration;
};

function takeProfile() {
  const taken = { ...profile, renders: { ...window.__benchRenders } };
  profile = { commits: 0, actualDurationMs: 0 };
  window.__benchRenders = {};
  return taken;
}

/** A storefront page: inline props, re-rendered by its own state. */
function Storefront({ options }: { options: MountOptions }) {
  const [, setTick] = useState(0);
  const [queryClient] = useState(() => new QueryClient());
  useEffect(() => {
    page.rerender = () => setTick((tick) => tick + 1);
  }, []);
  const checkout = (
    <CheckoutProvider
      sessionKey={options.sessionKey}
      merchantId={options.merchantId}
      env="local"
      baseUrl={options.sandboxUrl}
      queryClient={options.dehydratedState ? queryClient : undefined}
    >
      <ChargebackScript />
      <Profiler id="checkout" onRender={onRender}>
        <Checkout
          subtotal={{ cents: 1999, currency: 'USD' }}
          settlementType="USDC"
          email="bench@example.com"
          webhookInfo={{ itemName: 'Gold pack', price: '19.99', quantity: 1, currency: 'USD' }}
          onSuccess={(result) => successWaiter?.(result)}
        />
      </Profiler>
    </CheckoutProvider>
  );
  if (!options.dehydratedState) return checkout;
  return (
    <QueryClientProvider client={queryClient}>
      <HydrationBoundary state={options.dehydratedState}>{checkout}</HydrationBoundary>
    </QueryClientProvider>
  );
}

function payButton(): HTMLButtonElement | null {
  return container.querySelector<HTMLButtonElement>('button.sc-pay:not(:disabled)');
}

/** Resolves at the first DOM mutation after which `found` holds (MutationObserver: no polling). */
function whenDom<T>(found: () => T | null): Promise<T> {
  return new Promise((resolve) => {
    const now = found();
    if (now) return resolve(now);
    const observer = new MutationObserver(() => {
      const value = found();
      if (!value) return;
      observer.disconnect();
      resolve(value);
    });
    observer.observe(container, { subtree: true, childList: true, attributes: true });
  });
}

window.bench = {
  async mount(options) {
    takeProfile();
    root = createRoot(container);
    const start = performance.now();
    root.render(<Storefront options={options} />);
    await whenDom(payButton);
    const readyMs = performance.now() - start;
    const { commits, renders } = takeProfile();
    return { readyMs, commits, renders };
  },

  async pay() {
    const button = payButton();
    if (!button) throw new Error('the Pay button is not enabled');
    const paid = new Promise<CheckoutResult>((resolve) => (successWaiter = resolve));
    const start = performance.now();
    button.click();
    const result = await paid;
    return { successMs: performance.now() - start, paymentId: result.paymentId };
  },

  rerenderParent(times) {
    takeProfile();
    // One committed re-render of the page each time.
    for (let i = 0; i < times; i++) flushSync(() => page.rerender?.());
    return takeProfile();
  },

  unmount() {
    root?.unmount();
    root = null;
  },
};
