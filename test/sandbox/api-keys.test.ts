// The merchant's API keys in the sandbox: named keys made and shown once, kept only as digests,
// marked when used, and refused at once when revoked, by the server client too.
import { describe, expect, it } from 'vitest';
import { createMerchantClient, ServiceError } from '../../src/server/index.js';
import { createSandbox } from '../../src/sandbox/index.js';

function setup() {
  let clock = Date.parse('2026-11-24T09:00:00.000Z');
  const sandbox = createSandbox({ now: () => clock });
  const client = (apiKey: string) =>
    createMerchantClient({
      apiKey,
      env: 'local',
      fetch: (input, init) => sandbox.handle(new Request(input, init)),
    });
  return { sandbox, client, tick: (ms: number) => (clock += ms) };
}

describe('API keys', () => {
  it('lists the seeded key as "Default", by prefix, without the key', () => {
    const { sandbox } = setup();
    expect(sandbox.apiKeys).toEqual([
      {
        id: expect.stringMatching(/^key_/),
        name: 'Default',
        prefix: sandbox.apiKey.slice(0, 15),
        createdAt: '2026-11-24T09:00:00.000Z',
        lastUsedAt: null,
        revokedAt: null,
      },
    ]);
    expect(JSON.stringify(sandbox.apiKeys)).not.toContain(sandbox.apiKey);
  });

  it('makes a named key that works at once and is marked when used', async () => {
    const { sandbox, client, tick } = setup();
    const { key, secret } = sandbox.createApiKey('  Billing server ');
    expect(secret).toMatch(/^sk_sandbox_[0-9a-f]{32}$/);
    expect(key).toMatchObject({
      name: 'Billing server',
      prefix: secret.slice(0, 15),
      lastUsedAt: null,
    });
    expect(JSON.stringify(sandbox.apiKeys)).not.toContain(secret);

    tick(60_000);
    expect((await client(secret).listWithdrawals()).length).toBeGreaterThan(0);
    const used = sandbox.apiKeys.find((listed) => listed.id === key.id);
    expect(used?.lastUsedAt).toBe('2026-11-24T09:01:00.000Z');
    // The other keys were not used.
    expect(sandbox.apiKeys[0]?.lastUsedAt).toBeNull();
  });

  it('refuses a revoked key at once, saying it was revoked, and keeps the others working', async () => {
    const { sandbox, client } = setup();
    const { key, secret } = sandbox.createApiKey('Old deploy');
    await client(secret).listWithdrawals();
    expect(sandbox.revokeApiKey(key.id)?.revokedAt).toBe('2026-11-24T09:00:00.000Z');

    const refused = await client(secret)
      .listWithdrawals()
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServiceError);
    expect((refused as ServiceError).status).toBe(401);
    expect((refused as ServiceError).message).toContain('This API key was revoked');
    expect((refused as ServiceError).message).not.toContain(secret);
    await expect(client(sandbox.apiKey).listWithdrawals()).resolves.toBeInstanceOf(Array);
    // Revoking again changes nothing; an unknown id is undefined.
    expect(sandbox.revokeApiKey(key.id)?.revokedAt).toBe('2026-11-24T09:00:00.000Z');
    expect(sandbox.revokeApiKey('key_unknown')).toBeUndefined();
  });

  it('the seeded key can be revoked too', async () => {
    const { sandbox, client } = setup();
    sandbox.revokeApiKey(sandbox.apiKeys[0]!.id);
    await expect(client(sandbox.apiKey).listWithdrawals()).rejects.toMatchObject({ status: 401 });
  });

  it('tells whether a key is live, revoked or unknown, marking nothing as used', async () => {
    const { sandbox } = setup();
    const { key, secret } = sandbox.createApiKey('Billing');
    expect(await sandbox.apiKeyStatus(secret)).toBe('live');
    expect(await sandbox.apiKeyStatus('sk_sandbox_not_a_key')).toBe('unknown');
    sandbox.revokeApiKey(key.id);
    expect(await sandbox.apiKeyStatus(secret)).toBe('revoked');
    expect(await sandbox.apiKeyStatus(sandbox.apiKey)).toBe('live');
    expect(sandbox.apiKeys.map((listed) => listed.lastUsedAt)).toEqual([null, null]);
  });

  it('does not mark a key as used when it is refused for a Bearer prefix', async () => {
    const { sandbox, client } = setup();
    await expect(client(`Bearer ${sandbox.apiKey}`).listWithdrawals()).rejects.toMatchObject({
      status: 401,
    });
    expect(sandbox.apiKeys[0]?.lastUsedAt).toBeNull();
  });

  it.each(['', '   ', 'x'.repeat(65), 'line\nbreak'])('refuses the name %j', (name) => {
    const { sandbox } = setup();
    expect(() => sandbox.createApiKey(name)).toThrow(/name must be 1 to 64 printable characters/);
    expect(sandbox.apiKeys).toHaveLength(1);
  });
});
