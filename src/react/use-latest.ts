import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

// useLayoutEffect warns during server rendering on React 18; effects never run there anyway.
export const useIsomorphicLayoutEffect =
  typeof document === 'undefined' ? useEffect : useLayoutEffect;

/** A ref that always holds the latest value, so callbacks never re-run effects. */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useIsomorphicLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
