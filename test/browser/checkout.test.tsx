// In Chromium: the real <script> load of the device script and the whole pay flow, with MSW's
// service worker in front of the sandbox at http://127.0.0.1:4010.
import { cleanup, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupWorker } from 'msw/browser';
import { StrictMode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import {
  ChargebackScript,
  Checkout,
  CheckoutProvider,
  useDeviceId,
  type CheckoutResult,
} from '../../src/index.js';
import { resetDeviceIds } from '../../src/checkout/device-id-store.js';
import { resetScriptCache } from '../../src/checkout/script-loader.js';
import { createSandbox, DEVICE_ID_STORAGE_KEY } from '../../src/sandbox/index.js';
import { sandboxHandlers } from '../../src/sandbox/msw.js';

const BASE_URL = 'http://127.0.0.1:4010';
const DEVICE_SRC = `${BASE_URL}/chargeback/device.js`;

const sandbox = createSandbox();
const worker = setupWorker(...sandboxHandlers(sandbox));
const seen: { method: string; url: string; headers: Headers }[] = [];
worker.events.on('request:start', ({ request }) => {
  if (request.url.startsWith(BASE_URL)) {
    seen.push({ method: request.method, url: request.url, headers: new Headers(request.headers) });
  }
});

beforeAll(async () => {
  await worker.start({ quiet: true, onUnhandledRequest: 'bypass' });
});
afterEach(() => {
  cleanup();
  worker.resetHandlers();
  sandbox.reset();
  seen.length = 0;
  resetDeviceIds();
  resetScriptCache();
  document.querySelectorAll(`script[src^="${BASE_URL}"]`).forEach((tag) => tag.remove());
  delete (window as { ServiceDeviceFingerprint?: unknown }).ServiceDeviceFingerprint;
  localStorage.removeItem(DEVICE_ID_STORAGE_KEY);
});
afterAll(() => worker.stop());

const deviceTags = () =>
  Array.from(document.querySelectorAll<HTMLScriptElement>(`script[src="${DEVICE_SRC}"]`));

function DeviceStatus({ src }: { src?: string }) {
  const device = useDeviceId({ env: 'local', src });
  return (
    <p>
      device {device.status} {device.deviceId ?? ''}
      {device.status === 'error' ? <button onClick={device.retry}>retry</button> : null}
    </p>
  );
}

const purchase = {
  subtotal: { cents: 1999, currency: 'USD' },
  settlementType: 'USDC',
  webhookInfo: { itemName: 'Gold pack', price: '19.99', quantity: 1, currency: 'USD' },
  email: 'carol@example.com',
} as const;

describe('device script in a real browser', () => {
  it('loads the sandbox script once, with its nonce, and reads its device id', async () => {
    render(
      <StrictMode>
        <ChargebackScript env="local" nonce="n0nce" />
        <ChargebackScript env="local" />
        <DeviceStatus />
      </StrictMode>,
    );
    const ready = await screen.findByText(/device ready sandbox-device-/, {}, { timeout: 5000 });
    expect(ready).toBeTruthy();
    expect(deviceTags()).toHaveLength(1);
    expect(deviceTags()[0]?.nonce).toBe('n0nce');
    expect(seen.filter((request) => request.url === DEVICE_SRC)).toHaveLength(1);
  });

  it('a failed load is an error state, and retry fetches the script again', async () => {
    // Its own address: Chromium's memory cache would serve the script the last test loaded.
    const src = `${DEVICE_SRC}?attempt=retry`;
    worker.use(http.get(DEVICE_SRC, () => new HttpResponse(null, { status: 503 }), { once: true }));
    render(<DeviceStatus src={src} />);
    await screen.findByText('device error', {}, { timeout: 5000 });
    expect(document.querySelectorAll(`script[src="${src}"]`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'retry' }));
    await screen.findByText(/device ready sandbox-device-/, {}, { timeout: 5000 });
    expect(document.querySelectorAll(`script[src="${src}"]`)).toHaveLength(1);
    expect(seen.filter((request) => request.url === src)).toHaveLength(2);
  });
});

describe('the pay flow in a real browser', () => {
  it('a chargeback-protected customer pays by keyboard, once, with the device id on the wire', async () => {
    const sessionKey = await sandbox.mintSessionKey('test_cbp-browser');
    const results: CheckoutResult[] = [];
    render(
      <StrictMode>
        <CheckoutProvider sessionKey={sessionKey} merchantId={sandbox.merchantId} env="local">
          <ChargebackScript />
          <Checkout {...purchase} onSuccess={(result) => results.push(result)} />
        </CheckoutProvider>
      </StrictMode>,
    );
    const pay = await screen.findByRole('button', { name: 'Pay $19.99' }, { timeout: 5000 });
    await expect.poll(() => (pay as HTMLButtonElement).disabled, { timeout: 5000 }).toBe(false);

    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    expect(
      (screen.getByRole('radio', { name: /Sandbox savings/ }) as HTMLInputElement).checked,
    ).toBe(true);
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Enter}');

    const done = await screen.findByText('Payment submitted', {}, { timeout: 5000 });
    // Focus moves in an effect, which a real browser runs after painting the result.
    await expect.poll(() => document.activeElement).toBe(done.closest('.sc-notice'));
    expect(results).toHaveLength(1);
    expect(sandbox.payments).toHaveLength(1);
    const payment = sandbox.payments[0]!;
    expect(results[0]?.paymentId).toBe(payment.paymentId);
    expect(payment.deviceId).toMatch(/^sandbox-device-/);
    expect(payment.deviceId).toBe(localStorage.getItem(DEVICE_ID_STORAGE_KEY));

    const purchaseRequests = seen.filter((request) => request.url.includes('/api/checkout/'));
    expect(purchaseRequests).toHaveLength(1);
    const sent = purchaseRequests[0]!.headers;
    expect(sent.get('x-device-id')).toBe(payment.deviceId);
    expect(sent.get('x-service-auth-session-key')).toBe(sessionKey);
    expect(sent.get('idempotency-key')).toBe(results[0]?.idempotencyKey);
    for (const request of seen) {
      expect(request.headers.has('authorization')).toBe(false);
      expect(request.url).not.toContain(sessionKey);
    }
  });

  it.each(['light', 'dark'] as const)(
    "the %s theme's focus ring on Pay stands out 3:1 from the button and from the page",
    async (theme) => {
      const sessionKey = await sandbox.mintSessionKey(`focus-${theme}`);
      render(
        <CheckoutProvider sessionKey={sessionKey} merchantId={sandbox.merchantId} env="local">
          <Checkout {...purchase} theme={theme} onSuccess={() => {}} />
        </CheckoutProvider>,
      );
      const pay = await screen.findByRole('button', { name: 'Pay $19.99' }, { timeout: 5000 });
      await expect.poll(() => (pay as HTMLButtonElement).disabled, { timeout: 5000 }).toBe(false);
      while (document.activeElement !== pay) await userEvent.tab();

      const page = opaque(getComputedStyle(pay.closest('.sc-checkout')!).backgroundColor);
      const button = opaque(getComputedStyle(pay).backgroundColor, page);
      // box-shadow layers, first painted on top: the innermost ring touches the button, the
      // outermost the page; each ring is seen over the page's colour.
      const rings = ringColors(getComputedStyle(pay).boxShadow).map((ring) => opaque(ring, page));
      expect(rings.length).toBeGreaterThan(0);
      expect(contrast(rings[0]!, button)).toBeGreaterThanOrEqual(3);
      expect(contrast(rings.at(-1)!, page)).toBeGreaterThanOrEqual(3);
    },
  );

  it('the default theme applies and CSS variables re-theme it', async () => {
    const sessionKey = await sandbox.mintSessionKey('dave');
    render(
      <CheckoutProvider sessionKey={sessionKey} merchantId={sandbox.merchantId} env="local">
        <Checkout {...purchase} theme="dark" onSuccess={() => {}} />
      </CheckoutProvider>,
    );
    const pay = await screen.findByRole('button', { name: 'Pay $19.99' }, { timeout: 5000 });
    const checkout = pay.closest('.sc-checkout')!;
    expect(getComputedStyle(checkout).backgroundColor).toBe('rgb(22, 24, 29)');
    expect(getComputedStyle(pay).width).toBe(getComputedStyle(pay.parentElement!).width);
    // A merchant's plain rule on .sc-checkout outranks the dark theme's own accent.
    const merchantTheme = document.createElement('style');
    merchantTheme.textContent = '.sc-checkout { --sc-color-accent: rgb(0, 120, 90); }';
    document.head.append(merchantTheme);
    try {
      expect(getComputedStyle(pay).backgroundColor).toBe('rgb(0, 120, 90)');
      expect(getComputedStyle(checkout).backgroundColor).toBe('rgb(22, 24, 29)');
    } finally {
      merchantTheme.remove();
    }
  });
});

type Rgb = [number, number, number];

/** The rgb()/rgba() colours of a computed box-shadow, one per layer. */
function ringColors(boxShadow: string): string[] {
  return boxShadow.match(/rgba?\([^)]*\)/g) ?? [];
}

/** A computed colour composited over an opaque backdrop (white when none is given). */
function opaque(color: string, backdrop: Rgb = [255, 255, 255]): Rgb {
  const [r = 0, g = 0, b = 0, alpha = 1] = (color.match(/[\d.]+/g) ?? []).map(Number);
  const mix = (value: number, under: number) => value * alpha + under * (1 - alpha);
  return [mix(r, backdrop[0]), mix(g, backdrop[1]), mix(b, backdrop[2])];
}

/** WCAG 2 contrast ratio of two opaque colours. */
function contrast(a: Rgb, b: Rgb): number {
  const luminance = (rgb: Rgb) => {
    const [r, g, bl] = rgb.map((channel) => {
      const c = channel / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as Rgb;
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
