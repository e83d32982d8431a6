// @vitest-environment jsdom
// A bundler that pulls the server entry into a page: under a real DOM the client will not start.
import { expect, it } from 'vitest';
import { ConfigError, createMerchantClient } from '../../src/server/index.js';

it('refuses to start under a DOM, unless the test opts in by name', () => {
  expect(typeof document.createElement).toBe('function');
  expect(() => createMerchantClient({ apiKey: 'sk_test_jsdom_0000', env: 'local' })).toThrow(
    ConfigError,
  );
  expect(() => createMerchantClient({ apiKey: 'sk_test_jsdom_0000', env: 'local' })).toThrow(
    /refused to start: it looks like a browser/,
  );
  const client = createMerchantClient({
    apiKey: 'sk_test_jsdom_0000',
    env: 'local',
    dangerouslyAllowBrowser: true,
  });
  expect(client.baseUrl).toBe('http://127.0.0.1:4010');
});
