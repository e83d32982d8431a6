import { useEffect, useRef } from 'react';

/**
 * Runs `onChange` after a render in which `value` differs from the last one seen, and not on
 * mount. The value seen is remembered, so StrictMode's second run of effects does nothing.
 */
export function useOnChange<T>(value: T, onChange: () => void): void {
  const seenRef = useRef(value);
  useEffect(() => {
    if (Object.is(seenRef.current, value)) return;
    seenRef.current = value;
    onChange();
  });
}
