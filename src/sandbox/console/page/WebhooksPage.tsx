// Webhooks: where payment events go and the keys they are signed with (rolled: the old one
// signs beside the new for 24 hours), a test event, and the delivery log with every attempt,
// from which any delivery can be sent again.
import { useState, type FormEvent } from 'react';
import type { PreviousWebhookKey, WebhookDelivery } from '../contract.js';
import { useAnnouncer } from './announcer.js';
import { ActionButton, Loading, Problem, Time, useConsoleAction, useConsoleRead } from './ui.js';

export function WebhooksPage() {
  const settings = useConsoleRead('GET /webhook');
  const deliveries = useConsoleRead('GET /deliveries', { follow: true });
  const sendTest = useConsoleAction(
    'POST /webhook/test',
    ({ delivery }) => `Test event ${delivery.eventId} sent.`,
  );

  return (
    <>
      <Problem error={settings.error} />
      {settings.data ? (
        <>
          <UrlForm url={settings.data.url} />
          <SigningKeys current={settings.data.key} previous={settings.data.previousKey} />
        </>
      ) : (
        !settings.error && <Loading what="webhook settings" />
      )}

      <h2>Delivery log</h2>
      <div className="row">
        <ActionButton
          busy={sendTest.isPending}
          disabled={!settings.data?.url}
          onClick={() => sendTest.mutate({})}
        >
          Send test event
        </ActionButton>
        {!settings.data?.url && <span className="quiet">Set a URL to send events.</span>}
      </div>
      <Problem error={sendTest.error ?? deliveries.error} />
      {deliveries.data ? (
        <DeliveryLog deliveries={deliveries.data.deliveries} />
      ) : (
        !deliveries.error && <Loading what="deliveries" />
      )}
    </>
  );
}

/**
 * The URL to edit. Until the person types, the field shows the saved URL (a save here or
 * elsewhere); the form is never rebuilt, so the keyboard stays where it was.
 */
function UrlForm({ url }: { url: string | null }) {
  const [draft, setDraft] = useState<string>();
  const save = useConsoleAction('POST /webhook', ({ url: saved }) => {
    setDraft(undefined);
    return saved ? `Events now go to ${saved}.` : 'Events are no longer delivered.';
  });
  const value = draft ?? url ?? '';

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ body: { url: value.trim() === '' ? null : value.trim() } });
  }

  return (
    <form className="stack" onSubmit={submit}>
      <label htmlFor="webhook-url">Webhook URL</label>
      <p className="quiet" id="webhook-url-help">
        Payment events are POSTed here, signed in <code>service-signature</code>. Empty: none are
        sent.
      </p>
      <div className="row">
        <input
          id="webhook-url"
          type="url"
          inputMode="url"
          value={value}
          onChange={(event) => setDraft(event.target.value)}
          aria-describedby="webhook-url-help"
          placeholder="http://127.0.0.1:5173/api/webhooks/payments"
        />
        <ActionButton type="submit" busy={save.isPending}>
          Save URL
        </ActionButton>
      </div>
      <Problem error={save.error} />
    </form>
  );
}

/**
 * The validation key, and the one a roll replaced while it still signs, hidden until asked for;
 * Roll key makes a new one that signs beside the old for 24 hours, Regenerate key one that signs
 * alone at once.
 */
function SigningKeys({
  current,
  previous,
}: {
  current: string;
  previous: PreviousWebhookKey | null;
}) {
  const { announce } = useAnnouncer();
  const roll = useConsoleAction(
    'POST /webhook/key/roll',
    () => 'A new validation key signs beside the old one for 24 hours: give it to your handler.',
  );
  const regenerate = useConsoleAction(
    'POST /webhook/key',
    () => 'A new validation key signs what is sent from now on: give it to your handler.',
  );
  const [shown, setShown] = useState(false);
  const keys = previous ? 'keys' : 'key';
  const busy = roll.isPending || regenerate.isPending;

  function toggle() {
    setShown(!shown);
    announce(`Validation ${keys} ${shown ? 'hidden' : 'shown'}.`);
  }

  return (
    <div className="stack">
      <h2>Validation key</h2>
      <p className="row">
        <SecretKey label="Validation key" value={current} shown={shown} />
        <button type="button" aria-pressed={shown} onClick={toggle}>
          {shown ? `Hide ${keys}` : `Reveal ${keys}`}
        </button>
        <ActionButton
          busy={busy}
          aria-describedby="webhook-key-help"
          onClick={() => {
            regenerate.reset();
            roll.mutate({});
          }}
        >
          Roll key
        </ActionButton>
        <ActionButton
          busy={busy}
          aria-describedby="webhook-key-help"
          onClick={() => {
            roll.reset();
            regenerate.mutate({});
          }}
        >
          Regenerate key
        </ActionButton>
      </p>
      {previous && (
        <p className="row">
          <span>
            Previous key, signing beside it until <Time at={previous.expiresAt} />:
          </span>
          <SecretKey label="Previous validation key" value={previous.key} shown={shown} />
        </p>
      )}
      <p className="quiet" id="webhook-key-help">
        Roll key: the old key keeps signing beside the new one for 24 hours (the sandbox&rsquo;s
        clock), so your handler can move to the new one. Regenerate key: the old key stops at once.
      </p>
      <Problem error={roll.error ?? regenerate.error} />
    </div>
  );
}

/** A key, or dots in its place until it is revealed. */
function SecretKey({ label, value, shown }: { label: string; value: string; shown: boolean }) {
  return (
    <code className="secret" aria-label={shown ? label : `${label}, hidden`}>
      {shown ? value : '•'.repeat(24)}
    </code>
  );
}

function DeliveryLog({ deliveries }: { deliveries: WebhookDelivery[] }) {
  const resend = useConsoleAction(
    'POST /deliveries/:id/resend',
    ({ delivery }) => `Resent as ${delivery.id}.`,
  );
  if (deliveries.length === 0) return <p className="quiet">No deliveries yet.</p>;
  return (
    <>
      <Problem error={resend.error} />
      <ol className="cards" reversed>
        {[...deliveries].reverse().map((delivery) => (
          <li key={delivery.id} className="card">
            <h3>
              {delivery.eventType}{' '}
              <span className={`state state-${delivery.state}`}>{delivery.state}</span>
            </h3>
            <dl className="facts">
              <dt>Delivery</dt>
              <dd>
                <code>{delivery.id}</code>
              </dd>
              <dt>Event</dt>
              <dd>
                <code>{delivery.eventId}</code>
              </dd>
              {delivery.paymentId && (
                <>
                  <dt>Payment</dt>
                  <dd>
                    <code>{delivery.paymentId}</code>
                  </dd>
                </>
              )}
              <dt>To</dt>
              <dd className="wrap">{delivery.url}</dd>
            </dl>
            <h4>Attempts</h4>
            <ol className="attempts">
              {delivery.attempts.map((attempt, index) => (
                <li key={index}>
                  <Time at={attempt.at} /> ·{' '}
                  {attempt.status !== undefined
                    ? `${attempt.status}`
                    : `no answer (${attempt.error})`}{' '}
                  · {attempt.durationMs} ms
                  {attempt.responseExcerpt && (
                    <>
                      {' '}
                      · <code className="wrap">{attempt.responseExcerpt}</code>
                    </>
                  )}
                </li>
              ))}
            </ol>
            <ActionButton
              busy={resend.isPending}
              onClick={() => resend.mutate({ id: delivery.id })}
            >
              Resend {delivery.id}
            </ActionButton>
          </li>
        ))}
      </ol>
    </>
  );
}
