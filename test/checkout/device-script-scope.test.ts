import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  checkoutDeviceScript,
  createDeviceScriptScope,
  pageDeviceScripts,
  subscribeToCheckoutScript,
} from '../../src/checkout/device-script-scope.js';

const mountedOnPage: (() => void)[] = [];
afterEach(() => mountedOnPage.splice(0).forEach((unmount) => unmount()));

function mountOnPage(src: string): () => void {
  const unmount = pageDeviceScripts.add(src);
  mountedOnPage.push(unmount);
  return unmount;
}

describe('the script a provider’s checkouts read', () => {
  it('is none while no script is mounted', () => {
    expect(checkoutDeviceScript(createDeviceScriptScope())).toBeUndefined();
  });

  it('is the page’s script when the provider has none, and its own once it has one', () => {
    const provider = createDeviceScriptScope();
    mountOnPage('/page.js');
    expect(checkoutDeviceScript(provider)).toBe('/page.js');
    const unmount = provider.add('/shop.js');
    expect(checkoutDeviceScript(provider)).toBe('/shop.js');
    unmount();
    expect(checkoutDeviceScript(provider)).toBe('/page.js');
  });

  it('is never another provider’s', () => {
    const shopA = createDeviceScriptScope();
    const shopB = createDeviceScriptScope();
    shopA.add('/a.js');
    expect(checkoutDeviceScript(shopA)).toBe('/a.js');
    expect(checkoutDeviceScript(shopB)).toBeUndefined();
  });

  it('is the one mounted last among several, until it unmounts', () => {
    const provider = createDeviceScriptScope();
    const unmountFirst = provider.add('/first.js');
    const unmountSecond = provider.add('/second.js');
    expect(checkoutDeviceScript(provider)).toBe('/second.js');
    unmountSecond();
    expect(checkoutDeviceScript(provider)).toBe('/first.js');
    unmountFirst();
    expect(checkoutDeviceScript(provider)).toBeUndefined();
  });

  it('stays while a second mount of the same address is still there', () => {
    const provider = createDeviceScriptScope();
    const unmountOne = provider.add('/shop.js');
    provider.add('/shop.js');
    unmountOne();
    unmountOne();
    expect(checkoutDeviceScript(provider)).toBe('/shop.js');
  });

  it('tells its subscribers when a mount in the provider or on the page changes it', () => {
    const provider = createDeviceScriptScope();
    const listener = vi.fn();
    const unsubscribe = subscribeToCheckoutScript(provider, listener);
    const unmount = provider.add('/shop.js');
    mountOnPage('/page.js');
    unmount();
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    provider.add('/again.js');
    mountOnPage('/page-again.js');
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
