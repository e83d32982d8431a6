// The sandbox compares API keys with secretsEqual: same answers as ===, without an early exit.
import { describe, expect, it } from 'vitest';
import { secretsEqual } from '../../src/sandbox/service/constant-time.js';

const KEY = 'sk_sandbox_local_0000000000000000';

describe('secretsEqual', () => {
  it('is true only for the same string', async () => {
    expect(await secretsEqual(KEY, KEY)).toBe(true);
    expect(await secretsEqual('', '')).toBe(true);
    expect(await secretsEqual('ключ-é', 'ключ-é')).toBe(true);
  });

  it('is false for a different last character, a prefix, a longer string or another case', async () => {
    for (const sent of [
      `${KEY.slice(0, -1)}1`,
      KEY.slice(0, -1),
      `${KEY}0`,
      '',
      KEY.toUpperCase(),
      `x${KEY.slice(1)}`,
    ]) {
      expect(await secretsEqual(sent, KEY), sent).toBe(false);
    }
  });
});
