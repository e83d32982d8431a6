import { useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import { resolveBaseUrl, type Env } from '../core/config.js';
import { ConfigError } from '../core/errors.js';
import { messages } from '../core/messages.js';
import { CheckoutContext } from './checkout-context.js';
import {
  getActiveSnapshot,
  getActiveSrc,
  getServerSnapshot,
  getSnapshot,
  requestDeviceId,
  retryDeviceId,
  subscribe,
  type DeviceIdReader,
  type DeviceIdSnapshot,
} from '../checkout/device-id-store.js';
import { useLatest } from './use-latest.js';

export interface DeviceScriptProps {
  /** Script address. Default: the service's script for the env, `{baseUrl}/chargeback/device.js`. */
  src?: string;
  /** Used for the default src when there is no CheckoutProvider around (or to override it). */
  env?: Env;
  baseUrl?: string;
  /** CSP nonce for the injected tag. */
  nonce?: string;
  /** Milliseconds to wait for the script and then for the device id. Default 15000. */
  timeoutMs?: number;
  /**
   * Reads the device id once the script has run. Default: the service script's
   * `window.ServiceDeviceFingerprint.getDeviceId()`.
   */
  readDeviceId?: DeviceIdReader;
}

export type DeviceIdState = DeviceIdSnapshot & {
  /** Loads the script again after an error; does nothing otherwise. */
  retry: () => void;
};

/**
 * Loads the device-fingerprint script (once per page, however often it is called) and reads
 * the device id. Works with or without a CheckoutProvider; `idle` on the server.
 */
export function useDeviceId(options: DeviceScriptProps = {}): DeviceIdState {
  const src = useDeviceScriptSrc(options);
  const latest = useLatest(options);
  const snapshot = useSyncExternalStore(subscribe, () => getSnapshot(src), getServerSnapshot);

  useEffect(() => {
    requestDeviceId(src, latest.current);
  }, [src, latest]);

  // The store keeps the options to retry with.
  return useMemo(() => ({ ...snapshot, retry: () => retryDeviceId(src) }), [snapshot, src]);
}

/** The device id <Checkout> sends as x-device-id, and a retry of its script after an error. */
export function useCheckoutDeviceId(): DeviceIdState {
  const snapshot = useSyncExternalStore(subscribe, getActiveSnapshot, getServerSnapshot);
  return useMemo(
    () => ({
      ...snapshot,
      retry: () => {
        const src = getActiveSrc();
        if (src) retryDeviceId(src);
      },
    }),
    [snapshot],
  );
}

function useDeviceScriptSrc({ src, env, baseUrl }: DeviceScriptProps): string {
  const provider = useContext(CheckoutContext);
  if (src !== undefined) {
    if (typeof src !== 'string' || src === '') {
      throw new ConfigError('src', messages.invalidOption('src', 'must be a non-empty URL'));
    }
    return src;
  }
  // The provider's address, unless env or baseUrl is given (env then defaults to the provider's).
  const root =
    env === undefined && baseUrl === undefined
      ? provider?.baseUrl
      : resolveBaseUrl(env ?? provider?.env ?? 'prod', baseUrl);
  if (root === undefined) throw new ConfigError('env', messages.deviceScriptSource());
  return `${root}/chargeback/device.js`;
}
