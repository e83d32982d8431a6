// API keys, as the service's dashboard has them: make a named key (shown in full once), see
// each key's prefix and use, revoke one (refused at once from then on).
import { useState, type FormEvent } from 'react';
import type { ApiKeyInfo } from '../contract.js';
import { useAnnouncer } from './announcer.js';
import {
  ActionButton,
  Loading,
  Problem,
  Scrolls,
  Time,
  useConsoleAction,
  useConsoleRead,
} from './ui.js';

export function KeysPage() {
  const keys = useConsoleRead('GET /keys', { follow: true });
  const create = useConsoleAction('POST /keys', ({ key }) => `Key ${key.name} created.`);
  const [name, setName] = useState('');
  const [made, setMade] = useState<{ name: string; secret: string }>();

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { body: { name } },
      {
        onSuccess: ({ key, secret }) => {
          setMade({ name: key.name, secret });
          setName('');
        },
      },
    );
  }

  return (
    <>
      <p className="quiet">
        Your server sends a key in its <code>Authorization</code> header. Keep keys on servers only.
      </p>
      <form className="row" onSubmit={submit}>
        <label htmlFor="key-name">Key name</label>
        <input
          id="key-name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={64}
          required
          autoComplete="off"
        />
        <ActionButton type="submit" busy={create.isPending}>
          Create key
        </ActionButton>
      </form>
      <Problem error={create.error} />
      {made && <NewKey {...made} onDone={() => setMade(undefined)} />}
      <h2>Keys</h2>
      <Problem error={keys.error} />
      {keys.data ? <KeyTable keys={keys.data.keys} /> : !keys.error && <Loading what="keys" />}
    </>
  );
}

/** The new key in full, this once, with a way to copy it. */
function NewKey({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const { announce } = useAnnouncer();
  const [copyRefused, setCopyRefused] = useState(false);

  async function copy() {
    // Cleared first, so that a second refusal is a new alert.
    setCopyRefused(false);
    try {
      // Also throws where the page has no clipboard (an address other than 127.0.0.1 over http).
      await navigator.clipboard.writeText(secret);
      announce('Copied.');
    } catch {
      setCopyRefused(true);
    }
  }

  return (
    <section className="panel" aria-labelledby="new-key">
      <h2 id="new-key">Copy the key {name} now</h2>
      <p>It is not shown again: the sandbox keeps only its digest.</p>
      <div className="row">
        <label htmlFor="new-key-value">New API key</label>
        <input
          id="new-key-value"
          className="secret"
          readOnly
          value={secret}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" onClick={onDone}>
          Done
        </button>
      </div>
      {copyRefused && (
        <p className="problem" role="alert">
          This browser did not allow copying: select the key and copy it.
        </p>
      )}
    </section>
  );
}

function KeyTable({ keys }: { keys: ApiKeyInfo[] }) {
  const revoke = useConsoleAction('POST /keys/:id/revoke', ({ key }) => `Key ${key.name} revoked.`);
  // The key whose revocation waits for a second click, in the page rather than a dialog.
  const [confirming, setConfirming] = useState<string>();

  return (
    <>
      <Problem error={revoke.error} />
      <Scrolls label="API keys">
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Key</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <tr key={key.id}>
                <th scope="row">{key.name}</th>
                <td>
                  <code>{key.prefix}…</code>
                </td>
                <td>
                  <Time at={key.createdAt} />
                </td>
                <td>
                  <Time at={key.lastUsedAt} />
                </td>
                <td>
                  {key.revokedAt ? (
                    <>
                      Revoked <Time at={key.revokedAt} />
                    </>
                  ) : confirming === key.id ? (
                    <span className="row">
                      <span>Requests with it get 401 at once.</span>
                      <button
                        type="button"
                        className="danger"
                        onClick={() =>
                          revoke.mutate(
                            { id: key.id },
                            { onSuccess: () => setConfirming(undefined) },
                          )
                        }
                      >
                        Revoke {key.name} now
                      </button>
                      <button type="button" onClick={() => setConfirming(undefined)}>
                        Keep it
                      </button>
                    </span>
                  ) : (
                    <>
                      Active{' '}
                      <button type="button" onClick={() => setConfirming(key.id)}>
                        Revoke {key.name}
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Scrolls>
    </>
  );
}
