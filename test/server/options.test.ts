// What a developer sees when they wire the client wrong: clear ConfigErrors, before any request.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ConfigError,
  createMerchantClient,
  type MerchantClientOptions,
} from '../../src/server/index.js';
import { expectSecretAbsent, recordingFetch, rejectionOf } from './helpers.js';

const API_KEY = 'sk_test_options_4b1d7e0c9a';
const base = { apiKey: API_KEY, env: 'local' } as const;

function configErrorOf(run: () => unknown): ConfigError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

afterEach(() => vi.unstubAllGlobals());

describe('createMerchantClient options', () => {
  it.each([
    ['apiKey', { ...base, apiKey: undefined }, /apiKey is required/],
    ['apiKey', { ...base, apiKey: 42 }, /apiKey must be a string, received number/],
    ['apiKey', { ...base, apiKey: '   ' }, /apiKey is empty/],
    ['apiKey', { ...base, apiKey: `${API_KEY}\n` }, /leading or trailing whitespace/],
    ['apiKey', { ...base, apiKey: 'sk_short_15char' }, /apiKey is shorter than 16 characters/],
    ['env', { ...base, env: 'production' }, /env must be one of/],
    ['baseUrl', { ...base, baseUrl: 'ftp://x' }, /baseUrl must be an absolute http/],
    ['baseUrl', { apiKey: API_KEY, env: 'prod' }, /pass baseUrl/],
    ['fetch', { ...base, fetch: 'fetch' }, /fetch must be a function/],
    ['timeoutMs', { ...base, timeoutMs: 0 }, /timeoutMs must be a positive number/],
    ['timeoutMs', { ...base, timeoutMs: Number.NaN }, /timeoutMs must be a positive number/],
    ['retry.retries', { ...base, retry: { retries: -1 } }, /retry.retries must be a whole/],
    ['retry.tries', { ...base, retry: { tries: 1 } }, /retry.tries is not an option/],
  ])('rejects a bad %s with a ConfigError naming it', (option, options, message) => {
    const error = configErrorOf(() =>
      createMerchantClient(options as unknown as MerchantClientOptions),
    );
    expect(error.option).toBe(option);
    expect(error.message).toMatch(message);
    expect(error.message).toMatch(/^\[service-checkout\] /);
  });

  it('never echoes the API key when rejecting it or another option', () => {
    const withNewline = `${API_KEY}\n`;
    expectSecretAbsent(
      configErrorOf(() => createMerchantClient({ ...base, apiKey: withNewline })),
      API_KEY,
    );
    // A key pasted into the wrong option is not echoed back either.
    expectSecretAbsent(
      configErrorOf(() => createMerchantClient({ ...base, baseUrl: API_KEY })),
      API_KEY,
    );
  });
});

describe('browser refusal', () => {
  it('refuses to start where window exists, and says why', () => {
    vi.stubGlobal('window', {});
    const error = configErrorOf(() => createMerchantClient(base));
    expect(error.option).toBe('dangerouslyAllowBrowser');
    expect(error.message).toMatch(/looks like a browser/);
    expect(error.message).toMatch(/API key must stay on your server/);
    expectSecretAbsent(error, API_KEY);
  });

  it('refuses to start where document exists', () => {
    vi.stubGlobal('document', {});
    expect(() => createMerchantClient(base)).toThrow(/looks like a browser/);
  });

  it('starts in a browser-like global only with dangerouslyAllowBrowser: true', () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    expect(() =>
      createMerchantClient({ ...base, dangerouslyAllowBrowser: 'yes' as unknown as true }),
    ).toThrow(ConfigError);
    expect(createMerchantClient({ ...base, dangerouslyAllowBrowser: true }).baseUrl).toBe(
      'http://127.0.0.1:4010',
    );
  });

  it('starts in plain Node', () => {
    expect(createMerchantClient(base).baseUrl).toBe('http://127.0.0.1:4010');
  });
});

describe('argument checks before any request', () => {
  function client() {
    const recorder = recordingFetch(() => Promise.reject(new Error('no request expected')));
    return { recorder, client: createMerchantClient({ ...base, fetch: recorder.fetch }) };
  }

  it.each([
    ['customerId', () => ['', {}], /customerId must be a non-empty string/],
    ['customerId', () => [7, {}], /customerId must be a non-empty string, received number/],
    ['customerId', () => ['line\nbreak', {}], /sendable in a header/],
    ['customerId', () => [' padded', {}], /sendable in a header/],
    ['customerId', () => ['用户', {}], /above U\+00FF/],
    [
      'wallet.blockchain',
      () => ['c1', { wallet: { blockchain: 'bitcoin', address: 'x' } }],
      /must be one of "solana", "eth", "polygon"/,
    ],
    [
      'wallet.address',
      () => ['c1', { wallet: { blockchain: 'eth', address: '' } }],
      /must not be empty/,
    ],
    [
      'wallet.address',
      () => ['c1', { wallet: { blockchain: 'eth', address: '0x01\r\nx-evil: 1' } }],
      /sendable in a header/,
    ],
  ])('getSessionKey rejects a bad %s', async (option, args, message) => {
    const { client: merchant, recorder } = client();
    const [customerId, options] = args();
    const error = await rejectionOf(merchant.getSessionKey(customerId as string, options as never));
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).option).toBe(option);
    expect((error as ConfigError).message).toMatch(message);
    expect(recorder.sent).toHaveLength(0);
  });

  it.each([
    ['signUp', 'username', { customerId: 'c1' }, /signUp: username is required/],
    ['signUp', 'customerId', { username: 'ada' }, /signUp: customerId is required/],
    ['buyerChallenge', 'type', { customerId: 'c1', status: 'ok' }, /type is required/],
    ['buyerChallenge', 'status', { customerId: 'c1', type: 'kyc' }, /status is required/],
    ['signIn', 'country', { customerId: 'c1', country: 'usa' }, /two-letter country code/],
    ['signInFailure', 'email', { customerId: 'c1', email: 'nope' }, /must be an e-mail address/],
    ['signIn', 'event', null, /signIn: event must be an object/],
  ] as const)('%s rejects a bad %s naming the field', async (method, field, event, message) => {
    const { client: merchant, recorder } = client();
    const error = await rejectionOf(merchant[method](event as never));
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).option).toBe(field);
    expect((error as ConfigError).message).toMatch(message);
    expect(recorder.sent).toHaveLength(0);
  });

  it('sendEvent rejects an unknown eventType and names the accepted ones', async () => {
    const { client: merchant, recorder } = client();
    const error = await rejectionOf(
      merchant.sendEvent({ eventType: 'Refund', customerId: 'c1' } as never),
    );
    expect((error as ConfigError).option).toBe('eventType');
    expect((error as ConfigError).message).toMatch(/sendEvent: eventType must be one of "SignUp"/);
    expect(recorder.sent).toHaveLength(0);
  });
});

describe('the client object', () => {
  it('shows no API key when logged, inspected or serialized', () => {
    const merchant = createMerchantClient(base);
    expectSecretAbsent(merchant, API_KEY);
  });
});
