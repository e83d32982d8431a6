import { inspect } from 'node:util';
import { expect } from 'vitest';
import type { FetchLike } from '../../src/core/http.js';

export interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** The global fetch, with every outgoing request written down. */
export function recordingFetch(inner: FetchLike = (url, init) => fetch(url, init)) {
  const sent: SentRequest[] = [];
  const wrapped: FetchLike = (url, init) => {
    sent.push({
      url,
      method: init.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: typeof init.body === 'string' ? init.body : undefined,
    });
    return inner(url, init);
  };
  return { fetch: wrapped, sent };
}

/** Every way a developer or a logger could look at a value: none may show the secret. */
export function expectSecretAbsent(value: unknown, secret: string): void {
  const views: string[] = [
    inspect(value, { depth: Infinity, showHidden: true }),
    inspect(value, { depth: Infinity }),
    JSON.stringify(value) ?? '',
    String(value),
  ];
  for (let current = value; current instanceof Error; current = current.cause) {
    views.push(current.message, current.stack ?? '', JSON.stringify(current) ?? '');
    const { toJSON } = current as { toJSON?: unknown };
    if (typeof toJSON === 'function') views.push(JSON.stringify(toJSON.call(current)) ?? '');
    for (const key of Object.getOwnPropertyNames(current)) {
      views.push(
        inspect((current as unknown as Record<string, unknown>)[key], { depth: Infinity }),
      );
    }
  }
  for (const view of views) expect(view).not.toContain(secret);
}

/** Awaits a promise that must reject, and returns what it rejected with. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject, but it resolved');
}
