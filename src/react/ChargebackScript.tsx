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
  const { deviceId, error } = useDeviceId(props);
  // onReady and onError are read when called, so new functions never re-run the effect.
  const latestProps = useLatest(props);
  // Each outcome is reported once, StrictMode's second effect run included.
  const reportedRef = useRef<unknown>(null);

  useEffect(() => {
    const outcome = deviceId ?? error;
    if (outcome === undefined || reportedRef.current === outcome) return;
    reportedRef.current = outcome;
    if (deviceId !== undefined) latestProps.current.onReady?.(deviceId);
    if (error) latestProps.current.onError?.(error);
  }, [deviceId, error, latestProps]);

  return null;
}
