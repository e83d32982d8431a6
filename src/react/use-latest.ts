import { useInsertionEffect, useRef, type RefObject } from 'react';

/** A ref that always holds the latest value, so callbacks never re-run effects. */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  // Insertion effects run before all other effects, and unlike layout effects they do not warn
  // during server rendering on React 18.
  useInsertionEffect(() => {
    ref.current = value;
  });
  return ref;
}
