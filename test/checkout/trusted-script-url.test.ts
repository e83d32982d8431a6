// @vitest-environment jsdom
// The device script under Trusted Types. jsdom has no Trusted Types, so each test gives the page
// a factory that records what it is asked, as Chromium's does: a policy's rules run on every
// createScriptURL, and a page whose trusted-types directive lacks the name refuses the policy.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScriptLoadError } from '../../src/core/errors.js';
import * as browserEntry from '../../src/index.js';
import {
  getSnapshot,
  requestDeviceId,
  resetDeviceIds,
} from '../../src/checkout/device-id-store.js';
import { loadScript, resetScriptCache } from '../../src/checkout/script-loader.js';

const DEVICE_SCRIPT = 'https://payments.example.test/chargeback/device.js';
const OTHER_SCRIPT = 'https://cdn.example.test/other.js';

/** What a TrustedScriptURL is: an object whose string is the address. */
class FakeTrustedScriptURL {
  constructor(readonly url: string) {}
  toString() {
    return this.url;
  }
}

type Rules = { createScriptURL(url: string): string };

/** A page with Trusted Types; `refuse` plays a trusted-types directive without the name. */
function installTrustedTypes({ refuse = false } = {}) {
  const policies: { name: string; rules: Rules }[] = [];
  const made: FakeTrustedScriptURL[] = [];
  const createPolicy = vi.fn((name: string, rules: Rules) => {
    if (refuse) throw new TypeError(`Failed to create policy "${name}": refused by CSP`);
    policies.push({ name, rules });
    return {
      createScriptURL: (url: string) => {
        const trusted = new FakeTrustedScriptURL(rules.createScriptURL(url));
        made.push(trusted);
        return trusted;
      },
    };
  });
  vi.stubGlobal('trustedTypes', { createPolicy });
  return { createPolicy, policies, made };
}

const tags = () => Array.from(document.querySelectorAll<HTMLScriptElement>('script'));

afterEach(() => {
  vi.unstubAllGlobals();
  resetDeviceIds();
  resetScriptCache();
  tags().forEach((tag) => tag.remove());
});

describe('the device script under Trusted Types', () => {
  it('loads through one policy named service-checkout, made once per page', () => {
    const trustedTypes = installTrustedTypes();
    // Another script of loadScript's is left to the page: the policy is not made for it.
    void loadScript(OTHER_SCRIPT);
    expect(trustedTypes.createPolicy).not.toHaveBeenCalled();
    requestDeviceId(DEVICE_SCRIPT, { nonce: 'n0nce' });
    requestDeviceId('https://payments.example.test/other-device.js');

    expect(trustedTypes.createPolicy).toHaveBeenCalledTimes(1);
    expect(trustedTypes.policies.map((policy) => policy.name)).toEqual(['service-checkout']);
    // Each tag's src went through the policy, and the nonce is still set.
    expect(trustedTypes.made.map(String)).toEqual([
      DEVICE_SCRIPT,
      'https://payments.example.test/other-device.js',
    ]);
    expect(tags().map((tag) => tag.src)).toEqual([OTHER_SCRIPT, ...trustedTypes.made.map(String)]);
    expect(tags()[1]?.nonce || tags()[1]?.getAttribute('nonce')).toBe('n0nce');
  });

  it('has a policy, never exported, that makes only the configured script addresses', () => {
    const trustedTypes = installTrustedTypes();
    requestDeviceId(DEVICE_SCRIPT);
    const rules = trustedTypes.policies[0]!.rules;
    expect(rules.createScriptURL(DEVICE_SCRIPT)).toBe(DEVICE_SCRIPT);
    expect(() => rules.createScriptURL('https://attacker.example.test/x.js')).toThrow(
      /makes the device script's address only/,
    );
    expect(() => rules.createScriptURL(`${DEVICE_SCRIPT}?x=1`)).toThrow(TypeError);
    expect(Object.keys(browserEntry).filter((name) => /trusted|policy/i.test(name))).toEqual([]);
  });

  it('counts as blocked when the page refuses the policy, and a retry asks again', async () => {
    const refused = installTrustedTypes({ refuse: true });
    requestDeviceId(DEVICE_SCRIPT);
    await vi.waitFor(() => expect(getSnapshot(DEVICE_SCRIPT).status).toBe('error'));
    const { error } = getSnapshot(DEVICE_SCRIPT);
    expect(error).toBeInstanceOf(ScriptLoadError);
    expect(error?.message).toMatch(
      /refused the Trusted Types policy "service-checkout": add trusted-types service-checkout 'allow-duplicates'/,
    );
    expect(tags()).toHaveLength(0);
    expect(refused.createPolicy).toHaveBeenCalledTimes(1);

    // The page's policy changed (a test can; a browser would need a reload): the retry loads.
    const allowed = installTrustedTypes();
    requestDeviceId(DEVICE_SCRIPT);
    expect(getSnapshot(DEVICE_SCRIPT).status).toBe('loading');
    expect(allowed.createPolicy).toHaveBeenCalledTimes(1);
    expect(tags().map((tag) => tag.src)).toEqual([DEVICE_SCRIPT]);
  });

  it("turns the page's refusal of a plain address into a ScriptLoadError", async () => {
    // As Chromium does for a string under require-trusted-types-for 'script'.
    vi.spyOn(HTMLScriptElement.prototype, 'src', 'set').mockImplementation(() => {
      throw new TypeError("This document requires 'TrustedScriptURL' assignment.");
    });
    await expect(loadScript(OTHER_SCRIPT)).rejects.toThrow(
      /did not load \(This document requires 'TrustedScriptURL' assignment\.\)/,
    );
    expect(tags()).toHaveLength(0);
    vi.restoreAllMocks();
  });
});
