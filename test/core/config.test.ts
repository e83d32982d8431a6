import { describe, expect, it } from 'vitest';
import { ConfigError, LOCAL_SANDBOX_URL, resolveBaseUrl } from '../../src/core/index.js';

function configError(run: () => unknown): ConfigError {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('resolveBaseUrl', () => {
  it('points local at the embedded sandbox', () => {
    expect(resolveBaseUrl('local')).toBe('http://127.0.0.1:4010');
    expect(LOCAL_SANDBOX_URL).toBe('http://127.0.0.1:4010');
  });

  it('lets a baseUrl win over every env, without its trailing slash', () => {
    expect(resolveBaseUrl('local', 'http://127.0.0.1:5999/')).toBe('http://127.0.0.1:5999');
    expect(resolveBaseUrl('sandbox', 'https://pay.example.test/v/')).toBe(
      'https://pay.example.test/v',
    );
    expect(resolveBaseUrl('prod', 'https://pay.example.test')).toBe('https://pay.example.test');
  });

  it.each(['sandbox', 'prod'])('requires a baseUrl for %s and says so', (env) => {
    const error = configError(() => resolveBaseUrl(env));
    expect(error.option).toBe('baseUrl');
    expect(error.message).toContain(`env "${env}"`);
    expect(error.message).toContain('pass baseUrl');
  });

  it.each([undefined, 'production', 'LOCAL', 42])('rejects env %s naming the option', (env) => {
    const error = configError(() => resolveBaseUrl(env, 'https://pay.example.test'));
    expect(error.option).toBe('env');
    expect(error.message).toMatch(
      /^\[service-checkout\] env must be one of "local", "sandbox" or "prod"/,
    );
  });

  it.each([
    'not a url',
    'ftp://pay.example.test',
    '/relative',
    'https://pay.example.test/?q=1',
    'https://pay.example.test/?',
    'https://pay.example.test#',
    'https://user@pay.example.test',
    7,
  ])('rejects baseUrl %s naming the option', (baseUrl) => {
    const error = configError(() => resolveBaseUrl('prod', baseUrl));
    expect(error.option).toBe('baseUrl');
    expect(error.message).toContain('absolute http(s) URL');
  });

  it('never repeats the password of a rejected baseUrl', () => {
    const error = configError(() =>
      resolveBaseUrl('prod', 'https://merchant:s3cret@pay.example.test'),
    );
    expect(error.message).toContain('"https://***@pay.example.test"');
    expect(error.message).not.toContain('s3cret');
  });
});
