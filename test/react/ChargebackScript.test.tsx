import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  ChargebackScript,
  CheckoutProvider,
  ConfigError,
  useDeviceId,
  type DeviceScriptProps,
} from '../../src/index.js';
import { BASE_URL, failDeviceScript, runDeviceScript, setupSandbox } from './helpers.js';

const { sandbox } = setupSandbox();

const tags = () => Array.from(document.querySelectorAll<HTMLScriptElement>('script'));

function DeviceStatus(props: DeviceScriptProps) {
  const device = useDeviceId(props);
  return (
    <p>
      device {device.status} {device.deviceId ?? ''}
      {device.status === 'error' ? <button onClick={device.retry}>retry</button> : null}
    </p>
  );
}

describe('<ChargebackScript> and useDeviceId', () => {
  it("works with no provider and loads the env's script once, however often it is mounted", async () => {
    const onReady = vi.fn();
    const page = (
      <StrictMode>
        <ChargebackScript env="local" onReady={onReady} />
        <ChargebackScript env="local" />
        <DeviceStatus env="local" />
      </StrictMode>
    );
    const { rerender, unmount } = render(page);
    expect(screen.getByText('device loading')).toBeInTheDocument();
    expect(tags()).toHaveLength(1);
    expect(tags()[0]?.src).toBe(`${BASE_URL}/chargeback/device.js`);

    act(() => runDeviceScript('device-1'));
    expect(await screen.findByText('device ready device-1')).toBeInTheDocument();
    expect(onReady).toHaveBeenCalledTimes(1);
    expect(onReady).toHaveBeenCalledWith('device-1');

    rerender(page);
    unmount();
    render(page);
    expect(screen.getByText('device ready device-1')).toBeInTheDocument();
    expect(tags()).toHaveLength(1);
  });

  it("inside a CheckoutProvider, defaults to the provider's address", async () => {
    const sessionKey = await sandbox.mintSessionKey('alice');
    render(
      <CheckoutProvider
        sessionKey={sessionKey}
        merchantId={sandbox.merchantId}
        env="local"
        baseUrl="http://127.0.0.1:4010/payments"
      >
        <ChargebackScript />
      </CheckoutProvider>,
    );
    expect(tags()[0]?.src).toBe('http://127.0.0.1:4010/payments/chargeback/device.js');
  });

  it('takes its own src, nonce and device-id reader', async () => {
    const readDeviceId = vi.fn(() => 'custom-device');
    render(
      <DeviceStatus src="https://cdn.example.test/fp.js" nonce="abc" readDeviceId={readDeviceId} />,
    );
    expect(tags()[0]?.src).toBe('https://cdn.example.test/fp.js');
    expect(tags()[0]?.getAttribute('nonce') ?? tags()[0]?.nonce).toBe('abc');
    act(() => tags()[0]?.dispatchEvent(new Event('load')));
    expect(await screen.findByText('device ready custom-device')).toBeInTheDocument();
  });

  it("joins a merchant's own tag whose script has already run, reading the id once", async () => {
    const readDeviceId = vi.fn(() => 'merchant-device');
    const merchantTag = document.createElement('script');
    merchantTag.src = 'https://cdn.example.test/fp.js';
    document.head.appendChild(merchantTag);
    render(<DeviceStatus src="https://cdn.example.test/fp.js" readDeviceId={readDeviceId} />);
    expect(await screen.findByText('device ready merchant-device')).toBeInTheDocument();
    expect(tags()).toEqual([merchantTag]);
    expect(readDeviceId).toHaveBeenCalledTimes(1);
  });

  it("waits for a merchant's own tag whose script has not run yet", async () => {
    const merchantTag = document.createElement('script');
    merchantTag.src = `${BASE_URL}/chargeback/device.js`;
    document.head.appendChild(merchantTag);
    render(<DeviceStatus env="local" />);
    expect(screen.getByText('device loading')).toBeInTheDocument();
    expect(tags()).toEqual([merchantTag]);
    act(() => runDeviceScript('device-3'));
    expect(await screen.findByText('device ready device-3')).toBeInTheDocument();
  });

  it('a failed load is an error state with a retry, and onError hears it once', async () => {
    const onError = vi.fn();
    render(
      <StrictMode>
        <ChargebackScript env="local" onError={onError} />
        <DeviceStatus env="local" />
      </StrictMode>,
    );
    act(() => failDeviceScript());
    await screen.findByText('device error');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ kind: 'script_load' });
    expect(tags()).toHaveLength(0);

    await userEvent.setup().click(screen.getByRole('button', { name: 'retry' }));
    expect(screen.getByText('device loading')).toBeInTheDocument();
    expect(tags()).toHaveLength(1);
    act(() => runDeviceScript('device-2'));
    expect(await screen.findByText('device ready device-2')).toBeInTheDocument();
  });

  it('a script that loads but defines no reader is an error, not a hang', async () => {
    render(<DeviceStatus env="local" />);
    act(() => tags()[0]?.dispatchEvent(new Event('load')));
    await screen.findByText('device error');
  });

  it('without src, env or a provider, throws a ConfigError saying what to pass', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<ChargebackScript />)).toThrow(ConfigError);
    expect(() => render(<ChargebackScript />)).toThrow(/pass src, or env/);
    vi.restoreAllMocks();
  });
});
