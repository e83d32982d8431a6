// Client-side routing on the history API: a path hook, navigate() and <Link>.
import { useSyncExternalStore } from 'react';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

function currentLocation() {
  return window.location.pathname + window.location.search;
}

/** The current path and query, such as `/sign-in?next=%2Fcheckout`. */
export function useLocation(): string {
  return useSyncExternalStore(subscribe, currentLocation, () => '/');
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (to === currentLocation()) return;
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.scrollTo({ top: 0 });
  for (const listener of listeners) listener();
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string };

export function Link({ to, onClick, ...rest }: LinkProps) {
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    // Let the browser handle new tabs, downloads and modified clicks.
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey ||
      rest.target
    ) {
      return;
    }
    event.preventDefault();
    navigate(to);
  }
  return <a href={to} onClick={handleClick} {...rest} />;
}

export interface Route {
  name:
    | 'shop'
    | 'product'
    | 'sign-in'
    | 'cart'
    | 'checkout'
    | 'orders'
    | 'order'
    | 'merchant'
    | 'link-bank-account'
    | 'support'
    | 'not-found';
  param?: string;
  query: URLSearchParams;
}

export function matchRoute(location: string): Route {
  const url = new URL(location, 'http://shop.invalid');
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const query = url.searchParams;
  const exact: Record<string, Route['name']> = {
    '/': 'shop',
    '/sign-in': 'sign-in',
    '/cart': 'cart',
    '/checkout': 'checkout',
    '/orders': 'orders',
    '/merchant': 'merchant',
    '/link-bank-account': 'link-bank-account',
    '/support': 'support',
  };
  const name = exact[path];
  if (name) return { name, query };
  const product = /^\/products\/([^/]+)$/.exec(path);
  if (product) return { name: 'product', param: decodeURIComponent(product[1] ?? ''), query };
  const order = /^\/orders\/([^/]+)$/.exec(path);
  if (order) return { name: 'order', param: decodeURIComponent(order[1] ?? ''), query };
  return { name: 'not-found', query };
}
