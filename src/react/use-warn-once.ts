import { useEffect, useRef } from 'react';

/**
 * Logs `warning` to the console the first time there is one, and never again for this component:
 * StrictMode's second run of effects and later renders with new props included.
 */
export function useWarnOnce(warning: string | null): void {
  const warnedRef = useRef(false);
  useEffect(() => {
    if (warning === null || warnedRef.current) return;
    warnedRef.current = true;
    console.warn(warning);
  });
}
