// A development warning, like React's own: production bundles drop the hook and its text.
import { useEffect } from 'react';
import { devWarnings } from '../core/messages.js';

/** Warns each time a checkout comes to need a device id while no script is there to give one. */
export const useWarnOnMissingDeviceScript =
  process.env.NODE_ENV === 'production'
    ? () => {}
    : function useWarnOnMissingDeviceScript(missing: boolean) {
        useEffect(() => {
          if (missing) console.error(devWarnings.deviceScriptMissing());
        }, [missing]);
      };
