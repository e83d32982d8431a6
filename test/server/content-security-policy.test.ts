// The checkout page's Content-Security-Policy, as the server entry builds it per response. The
// end-to-end proof that a page under it has no violation is test/e2e/strict-csp.test.ts.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, contentSecurityPolicy } from '../../src/server/index.js';

const nonce = randomBytes(16).toString('base64');

describe('contentSecurityPolicy', () => {
  it('gives the directives a checkout page needs, for the local sandbox', () => {
    const policy = contentSecurityPolicy({ env: 'local', nonce });
    expect(policy.directives).toEqual({
      'default-src': ["'none'"],
      'script-src': [`'nonce-${nonce}'`, "'strict-dynamic'"],
      'style-src': ["'self'"],
      'connect-src': ['http://127.0.0.1:4010'],
      'img-src': ["'self'", 'data:'],
      'require-trusted-types-for': ["'script'"],
      'trusted-types': ['service-checkout', "'allow-duplicates'"],
    });
    expect(String(policy)).toBe(
      `default-src 'none'; script-src 'nonce-${nonce}' 'strict-dynamic'; style-src 'self'; ` +
        "connect-src http://127.0.0.1:4010; img-src 'self' data:; " +
        "require-trusted-types-for 'script'; trusted-types service-checkout 'allow-duplicates'",
    );
  });

  it("connects to the origin of the env's address, and of a device script elsewhere", () => {
    const policy = contentSecurityPolicy({
      env: 'prod',
      baseUrl: 'https://payments.example.com/v2/',
      nonce,
      scriptSrc: 'https://fingerprint.example.net/device.js?v=3',
    });
    expect(policy.directives['connect-src']).toEqual([
      'https://payments.example.com',
      'https://fingerprint.example.net',
    ]);
    // The nonce and 'strict-dynamic' load it: no host in script-src.
    expect(policy.directives['script-src']).toEqual([`'nonce-${nonce}'`, "'strict-dynamic'"]);
  });

  it("merges the merchant's own directives, sources of both, 'none' dropped beside others", () => {
    const policy = contentSecurityPolicy({ env: 'local', nonce }).merge({
      'default-src': ["'self'"],
      'connect-src': ["'self'", 'http://127.0.0.1:4010'],
      'trusted-types': ['nextjs'],
      'frame-ancestors': ["'none'"],
      'upgrade-insecure-requests': [],
    });
    expect(policy.directives).toMatchObject({
      'default-src': ["'self'"],
      'connect-src': ['http://127.0.0.1:4010', "'self'"],
      'trusted-types': ['service-checkout', "'allow-duplicates'", 'nextjs'],
      'frame-ancestors': ["'none'"],
      'upgrade-insecure-requests': [],
    });
    expect(String(policy)).toContain("frame-ancestors 'none'; upgrade-insecure-requests");
    expect(String(policy)).toMatch(/^default-src 'self'; script-src 'nonce-/);
  });

  it('hands out frozen directives: the policy of a response cannot be changed by accident', () => {
    const policy = contentSecurityPolicy({ env: 'local', nonce });
    expect(Object.isFrozen(policy.directives)).toBe(true);
    expect(Object.isFrozen(policy.directives['script-src'])).toBe(true);
    const merged = policy.merge({ 'connect-src': ["'self'"] });
    expect(policy.directives['connect-src']).toEqual(['http://127.0.0.1:4010']);
    expect(merged.directives['connect-src']).toEqual(['http://127.0.0.1:4010', "'self'"]);
  });

  it.each([
    ['a short nonce', { env: 'local', nonce: 'abc' }, 'nonce'],
    ['a nonce that breaks out', { env: 'local', nonce: `${nonce}' 'unsafe-inline` }, 'nonce'],
    ['no nonce', { env: 'local' }, 'nonce'],
    ['an unknown env', { env: 'staging', nonce }, 'env'],
    ['prod without its address', { env: 'prod', nonce }, 'baseUrl'],
    [
      'a script address that is not a URL',
      { env: 'local', nonce, scriptSrc: 'device.js' },
      'scriptSrc',
    ],
  ])('refuses %s with a ConfigError naming the option', (_, options, option) => {
    const build = () =>
      contentSecurityPolicy(options as Parameters<typeof contentSecurityPolicy>[0]);
    expect(build).toThrow(ConfigError);
    expect(build).toThrow(expect.objectContaining({ option }));
  });

  it('refuses a merged directive that would smuggle another into the header', () => {
    const policy = contentSecurityPolicy({ env: 'local', nonce });
    expect(() => policy.merge({ 'connect-src': ["'self'; script-src *"] })).toThrow(
      /connect-src must be an array of sources/,
    );
    expect(() => policy.merge({ connectSrc: ["'self'"] })).toThrow(
      /directive "connectSrc" is not a directive name as the header spells it/,
    );
    expect(() => policy.merge({ 'img-src': 'data:' as unknown as string[] })).toThrow(ConfigError);
  });
});
