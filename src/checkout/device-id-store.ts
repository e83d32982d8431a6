// Device ids: one entry per fingerprint-script address, held outside React so that every
// <ChargebackScript>, useDeviceId and <Checkout> reading one address share one load. Which
// address a checkout reads is its provider's business (device-script-scope.ts). Nothing runs
// at import; on the server nothing is ever loaded.
import { ScriptLoadError } from '../core/errors.js';
import { isHeaderSafe } from '../core/headers.js';
import { messages } from '../core/messages.js';
import { DEFAULT_SCRIPT_TIMEOUT_MS, loadScript } from './script-loader.js';
import { allowScriptUrl } from './trusted-script-url.js';

/**
 * Where the device id stands: `idle` before the script is asked for (and on a server), then
 * `loading`, then `ready` with the id or `error`.
 */
export type DeviceIdStatus = 'idle' | 'loading' | 'ready' | 'error';

export type DeviceIdSnapshot =
  | { status: 'idle'; deviceId?: undefined; error?: undefined }
  | { status: 'loading'; deviceId?: undefined; error?: undefined }
  | { status: 'ready'; deviceId: string; error?: undefined }
  | { status: 'error'; deviceId?: undefined; error: ScriptLoadError };

/** Reads the device id once the script has run. */
export type DeviceIdReader = () => string | Promise<string>;

export interface DeviceScriptOptions {
  nonce?: string;
  timeoutMs?: number;
  readDeviceId?: DeviceIdReader;
}

interface FingerprintGlobal {
  ServiceDeviceFingerprint?: { getDeviceId?: () => string | Promise<string> };
}

/** The service's script defines `window.ServiceDeviceFingerprint.getDeviceId()`. */
export const readServiceDeviceId: DeviceIdReader = () => {
  const fingerprint = (globalThis as FingerprintGlobal).ServiceDeviceFingerprint;
  if (typeof fingerprint?.getDeviceId !== 'function') {
    throw new Error('window.ServiceDeviceFingerprint.getDeviceId is not defined');
  }
  return fingerprint.getDeviceId();
};

const IDLE: DeviceIdSnapshot = { status: 'idle' };

const snapshots = new Map<string, DeviceIdSnapshot>();
const optionsBySrc = new Map<string, DeviceScriptOptions>();
const listeners = new Set<() => void>();

function publish(src: string, snapshot: DeviceIdSnapshot): void {
  snapshots.set(src, snapshot);
  listeners.forEach((listener) => listener());
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The device id of the script at `src`; `idle` when there is no script to read. */
export function getSnapshot(src: string | undefined): DeviceIdSnapshot {
  return (src !== undefined && snapshots.get(src)) || IDLE;
}

export function getServerSnapshot(): DeviceIdSnapshot {
  return IDLE;
}

/** Starts loading unless a load for `src` is under way or done. Safe to call repeatedly. */
export function requestDeviceId(src: string, options: DeviceScriptOptions = {}): void {
  optionsBySrc.set(src, options);
  // A configured device script: the library's Trusted Types policy makes its address, and only such.
  allowScriptUrl(src);
  const current = getSnapshot(src).status;
  if (current === 'loading' || current === 'ready') return;
  const readDeviceId = options.readDeviceId ?? readServiceDeviceId;
  const timeoutMs = options.timeoutMs ?? DEFAULT_SCRIPT_TIMEOUT_MS;
  // A tag already on the page may have fired its load event long ago: its script has run if
  // the reader answers without throwing, and that answer is the one used.
  let earlyAnswer: Promise<string> | undefined;
  const loading = loadScript(src, {
    nonce: options.nonce,
    timeoutMs,
    isLoaded: () => {
      try {
        earlyAnswer = Promise.resolve(readDeviceId());
        return true;
      } catch {
        return false;
      }
    },
  });
  if (!loading) return;
  publish(src, { status: 'loading' });
  loading
    .then(() => withTimeout(earlyAnswer ?? Promise.resolve().then(readDeviceId), src, timeoutMs))
    .then((deviceId) => {
      if (typeof deviceId !== 'string' || deviceId === '') {
        throw new ScriptLoadError(src, messages.deviceIdMissing('returned no device id'));
      }
      // It goes in x-device-id: a value no header can carry would fail every purchase.
      if (!isHeaderSafe(deviceId)) {
        throw new ScriptLoadError(
          src,
          messages.deviceIdMissing('returned a device id that is not header-safe'),
        );
      }
      publish(src, { status: 'ready', deviceId });
    })
    .catch((error: unknown) => {
      // The loader's and the timeout's errors say what failed; the reader's own are wrapped.
      const reason = error instanceof Error ? error.message : String(error);
      const scriptError =
        error instanceof ScriptLoadError
          ? error
          : new ScriptLoadError(src, messages.deviceIdMissing(`failed: ${reason}`));
      publish(src, { status: 'error', error: scriptError });
    });
}

/** After a failure, loads again (the loader dropped the failed tag) with the same options. */
export function retryDeviceId(src: string): void {
  if (getSnapshot(src).status === 'error') requestDeviceId(src, optionsBySrc.get(src));
}

function withTimeout<T>(promise: Promise<T>, src: string, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ScriptLoadError(src, messages.deviceIdMissing(`took over ${timeoutMs} ms`))),
      timeoutMs,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** For tests: forget every device id, as on a fresh page. */
export function resetDeviceIds(): void {
  snapshots.clear();
  optionsBySrc.clear();
}
