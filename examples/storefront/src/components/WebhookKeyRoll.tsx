// The staff's roll of the webhook key. The shop's server asks the service for a new key and keeps
// both: for 24 hours the service signs every delivery with the old key and the new one, and the
// shop accepts either, so no delivery is lost, not even one already on its way. The keys stay on
// the server; the page learns only when the roll happened and until when the old key counts.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookKeyStatus } from '../api-types.js';
import { api, queryKeys } from '../api.js';
import { formatDate, Notice } from './ui.js';

function statusText(status: WebhookKeyStatus | undefined): string {
  if (!status) return '';
  if (status.rolledAt && status.oldKeyAcceptedUntil) {
    return `Rolled ${formatDate(status.rolledAt)}. The old key is accepted until ${formatDate(status.oldKeyAcceptedUntil)}, then only the new one.`;
  }
  if (status.rolledAt)
    return `Last rolled ${formatDate(status.rolledAt)}; only the new key is accepted.`;
  return 'Never rolled: the shop verifies deliveries with the key it was started with.';
}

export function WebhookKeyRoll() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: queryKeys.webhookKey, queryFn: api.webhookKey });
  const roll = useMutation({
    mutationFn: api.rollWebhookKey,
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.webhookKey, answer),
  });

  return (
    // A staff tool, in English on every page: marked so for screen readers and layout.
    <section className="dashboard-section" aria-labelledby="webhook-key-title" lang="en" dir="ltr">
      <div className="section-header">
        <h2 id="webhook-key-title">Webhook key</h2>
        <button
          type="button"
          className="button button--small button--secondary"
          aria-disabled={roll.isPending || undefined}
          onClick={() => {
            if (!roll.isPending) roll.mutate();
          }}
        >
          {roll.isPending ? 'Rolling…' : 'Roll webhook key'}
        </button>
      </div>
      <p className="muted">
        The key the payments service signs its webhooks with, kept on the shop&apos;s server only.
        Rolling it gives the server a new one; for 24 hours the service signs every delivery with
        both and the server accepts either, so deliveries already on their way still count.
      </p>
      {/* Present from the start, so a screen reader hears it change after a roll. */}
      <p className="panel panel--quiet" role="status" data-testid="webhook-key-status">
        {statusText(status.data?.webhookKey)}
      </p>
      {roll.error ? (
        <Notice tone="danger" title="The key was not rolled">
          {roll.error.message}
        </Notice>
      ) : status.error ? (
        <Notice tone="danger" title="Could not read the webhook key's state">
          {status.error.message}
        </Notice>
      ) : null}
    </section>
  );
}
