import { useEffect, useRef } from 'react';

/**
 * Reports each new value once. An effect may run more than once for one change (StrictMode
 * runs every effect twice on mount), so the last value reported is remembered.
 */
export function useReportOnce<T>(value: T | null, report: (value: T) => void): void {
  const reportedRef = useRef<T | null>(null);
  useEffect(() => {
    if (value === null || Object.is(value, reportedRef.current)) return;
    reportedRef.current = value;
    report(value);
  });
}
