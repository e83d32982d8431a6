// Which fingerprint script a checkout reads its device id from. Each <CheckoutProvider> has a
// scope of its own for the scripts mounted inside it; the page has one for the scripts mounted
// outside any provider. A checkout uses its provider's script, else the page's, so two
// providers on one page never send each other's device id.

export interface DeviceScriptScope {
  /** Counts a mounted script's address in; the returned function counts it out again. */
  add(src: string): () => void;
  /** The address of the script mounted last among those still mounted. */
  current(): string | undefined;
  subscribe(listener: () => void): () => void;
}

export function createDeviceScriptScope(): DeviceScriptScope {
  // One entry per mount: two scripts with one address stay apart, and each unmount removes its own.
  const mounted: { src: string }[] = [];
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  return {
    add(src) {
      const mount = { src };
      mounted.push(mount);
      notify();
      return () => {
        const index = mounted.indexOf(mount);
        if (index === -1) return;
        mounted.splice(index, 1);
        notify();
      };
    },
    current: () => mounted.at(-1)?.src,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Scripts mounted outside any provider: they serve every provider that has none of its own. */
export const pageDeviceScripts = createDeviceScriptScope();

/** The address whose device id a provider's checkouts send: the provider's script, else the page's. */
export function checkoutDeviceScript(providerScripts: DeviceScriptScope): string | undefined {
  return providerScripts.current() ?? pageDeviceScripts.current();
}

/** Calls `listener` when the script a provider's checkouts use may have changed. */
export function subscribeToCheckoutScript(
  providerScripts: DeviceScriptScope,
  listener: () => void,
): () => void {
  const unsubscribeProvider = providerScripts.subscribe(listener);
  const unsubscribePage = pageDeviceScripts.subscribe(listener);
  return () => {
    unsubscribeProvider();
    unsubscribePage();
  };
}
