import type { ScriptLoadError } from '../core/errors.js';
import { useReportOnce } from './use-report-once.js';
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
  // Each outcome is reported once, to the callbacks of the render that reports it.
  useReportOnce(deviceId ?? error ?? null, (outcome) => {
    if (typeof outcome === 'string') props.onReady?.(outcome);
    else props.onError?.(outcome);
  });
  return null;
}
