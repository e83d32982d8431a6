// The merchant's API keys, as the dashboard of the service keeps them: named, stored only as
// SHA-256 digests, shown in full once when made, marked when last used, and revocable, after
// which the key is refused at once. The seeded key is one of them. Kept keys (digests and what
// the dashboard shows) go out with export() and come back through createApiKeyStore. Requests
// on the merchant's server-to-server routes are checked here (checkApiKey).
import { HEADER } from '../../core/headers.js';
import { digestsEqual, sha256 } from './constant-time.js';
import { HttpError } from './http.js';
import { bytesOfHex, hexOf, randomHex } from './ids.js';
import { dashboardName } from './names.js';

/** What the sandbox shows of a key: never the key itself. */
export interface ApiKeyInfo {
  id: string;
  name: string;
  /** The key's first characters, enough to recognise it. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** A key as it is kept: what the dashboard shows, and the SHA-256 digest of the key, in hex. */
export interface StoredApiKey extends ApiKeyInfo {
  sha256: string;
}

/** What a sent key is: a live key of the merchant, a revoked one, or none of theirs. */
export type ApiKeyStatus = 'live' | 'revoked' | 'unknown';

export interface ApiKeyStore {
  /** Makes a key (or keeps `secret` as one); the secret is returned here only. */
  add(name: string, secret?: string): { key: ApiKeyInfo; secret: string };
  /**
   * Adds `secret` as a key named `name` unless a kept key has its digest, revoked or not, so
   * that a seeded key revoked before a restart stays revoked. Checks and exports wait for it.
   */
  seed(name: string, secret: string): Promise<void>;
  /** What `sent` is, marking nothing. */
  status(sent: string): Promise<ApiKeyStatus>;
  /** What `sent` is; a live key is marked as used now. */
  use(sent: string): Promise<ApiKeyStatus>;
  /** Revokes the key with this id (again: no change); undefined when there is none. */
  revoke(id: string): ApiKeyInfo | undefined;
  list(): ApiKeyInfo[];
  /** Every key as kept, oldest first: digests, never the keys. */
  export(): Promise<StoredApiKey[]>;
}

const PREFIX_CHARS = 15;
const MAX_NAME_LENGTH = 64;

export function createApiKeyStore(
  now: () => number,
  stored: readonly StoredApiKey[] = [],
): ApiKeyStore {
  // Digests are computed in the background (Web Crypto is asynchronous) and awaited on use.
  const keys: { info: ApiKeyInfo; digest: Promise<Uint8Array> }[] = stored.map(
    ({ sha256: digest, ...info }) => ({
      info: { ...info },
      digest: Promise.resolve(bytesOfHex(digest)),
    }),
  );
  let seeding: Promise<void> = Promise.resolve();
  const stamp = () => new Date(now()).toISOString();
  const copy = (info: ApiKeyInfo): ApiKeyInfo => ({ ...info });
  const statusOf = (key: ApiKeyInfo | undefined): ApiKeyStatus =>
    !key ? 'unknown' : key.revokedAt === null ? 'live' : 'revoked';

  function add(name: string, secret = `sk_sandbox_${randomHex(16)}`) {
    const trimmed = dashboardName(name, MAX_NAME_LENGTH);
    if (trimmed === undefined) {
      throw new RangeError(`must be 1 to ${MAX_NAME_LENGTH} printable characters`);
    }
    const info: ApiKeyInfo = {
      id: `key_${randomHex(8)}`,
      name: trimmed,
      prefix: secret.slice(0, PREFIX_CHARS),
      createdAt: stamp(),
      lastUsedAt: null,
      revokedAt: null,
    };
    keys.push({ info, digest: sha256(secret) });
    return { key: copy(info), secret };
  }

  async function find(sent: string): Promise<ApiKeyInfo | undefined> {
    await seeding;
    const digest = await sha256(sent);
    const stored = await Promise.all(keys.map((key) => key.digest));
    // Every key is compared, whichever matches: the time taken does not say which one did.
    let match: ApiKeyInfo | undefined;
    keys.forEach((key, index) => {
      if (digestsEqual(digest, stored[index]!)) match = key.info;
    });
    return match;
  }

  return {
    add,
    seed(name, secret) {
      // Nothing kept to compare with: the key is listed at once, as a fresh sandbox's is.
      if (keys.length === 0) {
        add(name, secret);
        return seeding;
      }
      const kept = keys.map((key) => key.digest);
      seeding = (async () => {
        const digest = await sha256(secret);
        const known = (await Promise.all(kept)).some((one) => digestsEqual(one, digest));
        if (!known) add(name, secret);
      })();
      return seeding;
    },
    status: async (sent) => statusOf(await find(sent)),
    async use(sent) {
      const key = await find(sent);
      if (key && key.revokedAt === null) key.lastUsedAt = stamp();
      return statusOf(key);
    },
    revoke(id) {
      const key = keys.find((candidate) => candidate.info.id === id);
      if (!key) return undefined;
      key.info.revokedAt ??= stamp();
      return copy(key.info);
    },
    list: () => keys.map((key) => copy(key.info)),
    async export() {
      await seeding;
      const current = [...keys];
      const digests = await Promise.all(current.map((key) => key.digest));
      return current.map((key, index) => ({ ...copy(key.info), sha256: hexOf(digests[index]!) }));
    },
  };
}

/** Lets a request through with a live API key of the merchant; 401 saying why otherwise. */
export async function checkApiKey(store: ApiKeyStore, request: Request): Promise<void> {
  const sent = request.headers.get(HEADER.apiKey);
  if (!sent) {
    throw new HttpError(401, `${HEADER.apiKey} is required: send the merchant API key.`);
  }
  const status = await store.use(sent);
  if (status === 'live') return;
  if (status === 'revoked') {
    throw new HttpError(401, `This API key was revoked: use another key of this merchant.`);
  }
  const unprefixed = sent.replace(/^bearer\s+/i, '');
  if (unprefixed !== sent && (await store.status(unprefixed)) === 'live') {
    throw new HttpError(
      401,
      `${HEADER.apiKey} must be the API key itself, without a "Bearer " prefix.`,
    );
  }
  throw new HttpError(401, `${HEADER.apiKey} is not an API key of this merchant.`);
}
