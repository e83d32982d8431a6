// A development warning, like React's own: production bundles drop the hook and its text.
import { useEffect, useRef, useState } from 'react';
import { devWarnings } from '../core/messages.js';

/** Warns once per prop when one of `names` changes after mount, where a change is ignored. */
export const useWarnOnFrozenPropChange =
  process.env.NODE_ENV === 'production'
    ? () => {}
    : function useWarnOnFrozenPropChange<P extends object>(props: P, names: (keyof P & string)[]) {
        const [initialProps] = useState(props);
        const warnedRef = useRef(new Set<string>());
        useEffect(() => {
          for (const name of names) {
            if (props[name] !== initialProps[name] && !warnedRef.current.has(name)) {
              warnedRef.current.add(name);
              console.warn(devWarnings.frozenProp(name));
            }
          }
        });
      };
