import { useEffect, useRef } from 'react';
import type { ScriptLoadError } from '../core/errors.js';
import { useLatest } from './use-latest.js';
import { useDeviceId, type DeviceScriptProps } from './useDeviceId.js';

export interface ChargebackScriptProps extends DeviceScriptProps {
  /** Called once the device id is known. */
  onReady?: (deviceId: string) => void;
  /** Called when the script or the device id could not be had; `useDeviceId().retry` retries. */
  onError?: (error: ScriptLoadError) => void;
}

/**
 * Puts the chargeback-protection device script on the page; render it on every page (your
 * root layout). Renders nothing. Inside or beside a CheckoutProvider, <Checkout> sends the
 * device id as x-device-id.
 */
export function ChargebackScript(props: ChargebackScriptProps) {
  const { onReady, onError, ...options } = props;
  const device = useDeviceId(options);
  const callbacks = useLatest({ onReady, onError });
  // Each outcome is reported once, StrictMode's second effect run included.
  const reportedRef = useRef<unknown>(null);

  useEffect(() => {
    const outcome = device.status === 'ready' ? device.deviceId : device.error;
    if (outcome === undefined || reportedRef.current === outcome) return;
    reportedRef.current = outcome;
    if (device.status === 'ready') callbacks.current.onReady?.(device.deviceId);
    if (device.status === 'error') callbacks.current.onError?.(device.error);
  }, [device.status, device.deviceId, device.error, callbacks]);

  return null;
}
