import { useCallback, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import { resolveBaseUrl, type Env } from '../core/config.js';
import { ConfigError } from '../core/errors.js';
import { messages } from '../core/messages.js';
import { CheckoutContext, type CheckoutContextValue } from './checkout-context.js';
import {
  getServerSnapshot,
  getSnapshot,
  requestDeviceId,
  retryDeviceId,
  subscribe,
  type DeviceIdReader,
  type DeviceIdSnapshot,
} from '../checkout/device-id-store.js';
import {
  checkoutDeviceScript,
  pageDeviceScripts,
  subscribeToCheckoutScript,
  type DeviceScriptScope,
} from '../checkout/device-script-scope.js';
import { useLatest } from './use-latest.js';

/**
 * Which device-fingerprint script to load and how to read its device id: the props of
 * `<ChargebackScript>` and the options of {@link useDeviceId}.
 */
export interface DeviceScriptProps {
  /** Script address. Default: the service's script for the env, `{baseUrl}/chargeback/device.js`. */
  src?: string;
  /** Used for the default src when there is no CheckoutProvider around (or to override it). */
  env?: Env;
  /** Used for the default src with `env`, as the provider's `baseUrl` is. */
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

/**
 * What {@link useDeviceId} returns: the script's status, the device id once it is known, the
 * error once it failed, and `retry`.
 */
export type DeviceIdState = DeviceIdSnapshot & {
  /** Loads the script again after an error; does nothing otherwise. */
  retry: () => void;
};

/**
 * Loads the device-fingerprint script (once per page, however often it is called) and reads
 * the device id. Inside a CheckoutProvider the id is what that provider's checkouts send;
 * outside any, it serves the providers that have no script of their own. `idle` on the server.
 */
export function useDeviceId(options: DeviceScriptProps = {}): DeviceIdState {
  const provider = useContext(CheckoutContext);
  const src = deviceScriptSrc(options, provider);
  const latest = useLatest(options);
  const snapshot = useSyncExternalStore(subscribe, () => getSnapshot(src), getServerSnapshot);

  useEffect(() => {
    requestDeviceId(src, latest.current);
  }, [src, latest]);

  const scope = provider?.deviceScripts ?? pageDeviceScripts;
  useEffect(() => scope.add(src), [scope, src]);

  // The store keeps the options to retry with.
  return useMemo(() => ({ ...snapshot, retry: () => retryDeviceId(src) }), [snapshot, src]);
}

/**
 * The device id <Checkout> sends as x-device-id: that of its provider's script, else the
 * page's. With a retry of that script after an error.
 */
export function useCheckoutDeviceId(providerScripts: DeviceScriptScope): DeviceIdState {
  const subscribeToScript = useCallback(
    (listener: () => void) => subscribeToCheckoutScript(providerScripts, listener),
    [providerScripts],
  );
  const src = useSyncExternalStore(
    subscribeToScript,
    () => checkoutDeviceScript(providerScripts),
    () => undefined,
  );
  const snapshot = useSyncExternalStore(subscribe, () => getSnapshot(src), getServerSnapshot);
  return useMemo(
    () => ({
      ...snapshot,
      retry: () => {
        if (src !== undefined) retryDeviceId(src);
      },
    }),
    [snapshot, src],
  );
}

function deviceScriptSrc(
  { src, env, baseUrl }: DeviceScriptProps,
  provider: CheckoutContextValue | null,
): string {
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
