import { describe, expect, it } from 'vitest';
import { credentialHeaders, HEADER } from '../../src/core/index.js';

describe('credentialHeaders', () => {
  it('sends the API key in Authorization and the customer id in its header', () => {
    expect(credentialHeaders({ kind: 'apiKey', apiKey: 'sk_1', userId: 'alice' })).toEqual({
      Authorization: 'sk_1',
      'x-service-auth-user-id': 'alice',
    });
  });

  it('sends the API key alone on merchant endpoints', () => {
    expect(credentialHeaders({ kind: 'apiKey', apiKey: 'sk_1' })).toEqual({
      Authorization: 'sk_1',
    });
  });

  it('sends a session key only in x-service-auth-session-key, never in Authorization', () => {
    const headers = credentialHeaders({ kind: 'sessionKey', sessionKey: 'a.b.c' });
    expect(headers).toEqual({ 'x-service-auth-session-key': 'a.b.c' });
    expect(Object.keys(headers)).not.toContain(HEADER.apiKey);
  });

  it('adds x-device-id when a device id is known, and not when it is empty', () => {
    expect(
      credentialHeaders({ kind: 'sessionKey', sessionKey: 'a.b.c', deviceId: 'dev_1' }),
    ).toEqual({ 'x-service-auth-session-key': 'a.b.c', 'x-device-id': 'dev_1' });
    expect(credentialHeaders({ kind: 'sessionKey', sessionKey: 'a.b.c', deviceId: '' })).toEqual({
      'x-service-auth-session-key': 'a.b.c',
    });
  });

  it('sends the Web3 blockchain and wallet headers together, on both families', () => {
    const wallet = { blockchain: 'solana', address: 'So1anaAddr' } as const;
    expect(credentialHeaders({ kind: 'apiKey', apiKey: 'sk_1', userId: 'w', wallet })).toEqual({
      Authorization: 'sk_1',
      'x-service-auth-user-id': 'w',
      'x-service-auth-blockchain': 'solana',
      'x-service-auth-wallet': 'So1anaAddr',
    });
    expect(credentialHeaders({ kind: 'sessionKey', sessionKey: 'a.b.c', wallet })).toEqual({
      'x-service-auth-session-key': 'a.b.c',
      'x-service-auth-blockchain': 'solana',
      'x-service-auth-wallet': 'So1anaAddr',
    });
  });
});
