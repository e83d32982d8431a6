// The webhook signature header, made in one place for the sandbox and for merchants' own tests.
import { describe, expect, it } from 'vitest';
import { signatureHeader, signatureMatches } from '../../src/core/webhook-signature.js';

const BODY = '{"id":"evt_1","eventType":"Test"}';

describe('signatureHeader', () => {
  it('signs with one key: t, then one v1', async () => {
    const header = await signatureHeader('whsec_one', 1_700_000_000, BODY);
    const [, time, mac] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header) ?? [];
    expect(time).toBe('1700000000');
    expect(await signatureMatches('whsec_one', 1_700_000_000, BODY, mac!)).toBe(true);
  });

  it('signs with several keys: one v1 each, in the order given, each under its own key', async () => {
    const header = await signatureHeader(['whsec_old', 'whsec_new'], 1_700_000_000, BODY);
    const [, time, old, current] =
      /^t=(\d+),v1=([0-9a-f]{64}),v1=([0-9a-f]{64})$/.exec(header) ?? [];
    expect(time).toBe('1700000000');
    expect(await signatureMatches('whsec_old', 1_700_000_000, BODY, old!)).toBe(true);
    expect(await signatureMatches('whsec_new', 1_700_000_000, BODY, current!)).toBe(true);
    expect(await signatureMatches('whsec_new', 1_700_000_000, BODY, old!)).toBe(false);
    expect(await signatureHeader(['whsec_new'], 1_700_000_000, BODY)).toBe(
      await signatureHeader('whsec_new', 1_700_000_000, BODY),
    );
  });
});
