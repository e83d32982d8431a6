// In Chromium: a storefront that mounts and unmounts a provider with a checkout (and the device
// script) 1,000 times must leave nothing behind: no event listeners, pending timers or script
// tags beyond what the first mount leaves, and no heap that grows with the cycles. The counts
// are asserted; the heap is printed (it depends on when the collector runs).
import { setupWorker } from 'msw/browser';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ChargebackScript, Checkout, CheckoutProvider } from '../../src/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { sandboxHandlers } from '../../src/sandbox/msw.js';

const CYCLES = 1_000;
// Its own address: Chromium's memory cache would otherwise hand the script to other test files
// without a request.
const DEVICE_SRC = 'http://127.0.0.1:4010/chargeback/device.js?from=mount-cycles';
const WARM_UP = 20;

const sandbox = createSandbox();
const worker = setupWorker(...sandboxHandlers(sandbox));
let answered = 0;
let inFlight = 0;
worker.events.on('response:mocked', () => (answered += 1));
worker.events.on('request:start', () => (inFlight += 1));
worker.events.on('request:end', () => (inFlight -= 1));

// Instrumentation: every listener added and not removed, every timer neither fired nor cleared.
const listeners = new Map<EventTarget, Map<unknown, Set<string>>>();
const timers = new Set<number>();
const original = {
  add: EventTarget.prototype.addEventListener,
  remove: EventTarget.prototype.removeEventListener,
  setTimeout: window.setTimeout.bind(window),
  clearTimeout: window.clearTimeout.bind(window),
  setInterval: window.setInterval.bind(window),
  clearInterval: window.clearInterval.bind(window),
};
const listenerKey = (type: string, options?: boolean | EventListenerOptions) =>
  `${type}:${typeof options === 'object' ? Boolean(options.capture) : Boolean(options)}`;

function instrument() {
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    if (listener) {
      const byListener = listeners.get(this) ?? new Map<unknown, Set<string>>();
      listeners.set(this, byListener);
      const keys = byListener.get(listener) ?? new Set<string>();
      byListener.set(listener, keys);
      keys.add(listenerKey(type, options));
    }
    return original.add.call(this, type, listener, options);
  };
  EventTarget.prototype.removeEventListener = function (type, listener, options) {
    listeners.get(this)?.get(listener)?.delete(listenerKey(type, options));
    return original.remove.call(this, type, listener, options);
  };
  window.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
    const id: number = original.setTimeout(
      (...callArgs: unknown[]) => {
        timers.delete(id);
        if (typeof handler === 'function') (handler as (...a: unknown[]) => void)(...callArgs);
      },
      delay,
      ...args,
    );
    timers.add(id);
    return id;
  }) as typeof window.setTimeout;
  window.clearTimeout = ((id?: number) => {
    if (id !== undefined) timers.delete(id);
    original.clearTimeout(id);
  }) as typeof window.clearTimeout;
  window.setInterval = ((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
    const id = original.setInterval(handler, delay, ...args);
    timers.add(id);
    return id;
  }) as typeof window.setInterval;
  window.clearInterval = ((id?: number) => {
    if (id !== undefined) timers.delete(id);
    original.clearInterval(id);
  }) as typeof window.clearInterval;
}

function restore() {
  EventTarget.prototype.addEventListener = original.add;
  EventTarget.prototype.removeEventListener = original.remove;
  Object.assign(window, {
    setTimeout: original.setTimeout,
    clearTimeout: original.clearTimeout,
    setInterval: original.setInterval,
    clearInterval: original.clearInterval,
  });
}

function counts() {
  let liveListeners = 0;
  for (const byListener of listeners.values()) {
    for (const keys of byListener.values()) liveListeners += keys.size;
  }
  const memory = (performance as { memory?: { usedJSHeapSize: number } }).memory;
  return {
    listeners: liveListeners,
    timers: timers.size,
    scripts: document.querySelectorAll('script[src*="/chargeback/device.js"]').length,
    bodyElements: document.body.getElementsByTagName('*').length,
    heapBytes: memory?.usedJSHeapSize ?? Number.NaN,
  };
}

/**
 * Waits (without a clock) until the cycles' customer reads have been answered, and every read
 * sent since, retries included, too: on a loaded machine a read past the client's timeout is
 * sent again.
 */
async function settle(expectedAnswers: number) {
  while (answered < expectedAnswers || inFlight > 0)
    await new Promise((resolve) => original.setTimeout(resolve, 5));
  // Let the answers land in their (unmounted) clients and any zero-delay timers run.
  for (let i = 0; i < 5; i++) await new Promise((resolve) => original.setTimeout(resolve, 20));
}

beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await worker.start({ quiet: true, onUnhandledRequest: 'bypass' });
});
afterAll(() => {
  restore();
  worker.stop();
});

it('1,000 mount and unmount cycles leave no listeners, timers, script tags or growing heap', async () => {
  const sessionKey = await sandbox.mintSessionKey('cycling-customer');
  const container = document.createElement('div');
  document.body.append(container);
  instrument();
  const root = createRoot(container);
  const page = (show: boolean) => (
    <main>
      {show ? (
        <CheckoutProvider sessionKey={sessionKey} merchantId={sandbox.merchantId} env="local">
          <ChargebackScript src={DEVICE_SRC} />
          <Checkout
            subtotal={{ cents: 1999, currency: 'USD' }}
            settlementType="USDC"
            email="cycles@example.com"
            webhookInfo={{ itemName: 'Gold pack', price: '19.99', quantity: 1 }}
            onSuccess={() => {}}
          />
        </CheckoutProvider>
      ) : null}
    </main>
  );
  const cycle = () => {
    act(() => root.render(page(true)));
    act(() => root.render(page(false)));
  };

  // The first cycles load the device script and set up React's own listeners: the baseline.
  for (let i = 0; i < WARM_UP; i++) cycle();
  await settle(answered + 1);
  const before = counts();
  const started = answered;
  for (let i = 0; i < CYCLES; i++) cycle();
  // Every mount read the customer (the device script loads once per page).
  await settle(started + CYCLES);
  const after = counts();
  console.log(
    `${CYCLES} mount/unmount cycles: listeners ${before.listeners} → ${after.listeners}, ` +
      `pending timers ${before.timers} → ${after.timers}, device script tags ${before.scripts} → ${after.scripts}, ` +
      `elements ${before.bodyElements} → ${after.bodyElements}, ` +
      `heap ${(before.heapBytes / 1e6).toFixed(1)} MB → ${(after.heapBytes / 1e6).toFixed(1)} MB`,
  );

  expect(answered - started).toBeGreaterThanOrEqual(CYCLES);
  expect(after.scripts).toBe(1);
  expect(after.listeners).toBe(before.listeners);
  expect(after.timers).toBeLessThanOrEqual(before.timers);
  expect(after.bodyElements).toBe(before.bodyElements);
  await act(async () => root.unmount());
  container.remove();
}, 120_000);
