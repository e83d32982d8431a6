import type { ReactNode, Ref } from 'react';
import type { DeviceIdStatus } from '../checkout/device-id-store.js';
import type { PaidFrom } from '../checkout/purchase.js';

// tabIndex -1: not a tab stop, but focusable, so focus can move to an outcome.
export function Notice({
  tone,
  title,
  children,
  action,
  focusTarget,
}: {
  tone: 'error' | 'info' | 'success';
  title: string;
  children?: ReactNode;
  /** The payer's way out: one or more buttons. */
  action?: ReactNode;
  focusTarget?: Ref<HTMLDivElement>;
}) {
  return (
    <div className={`sc-notice sc-notice--${tone}`} ref={focusTarget} tabIndex={-1}>
      <p className="sc-notice-title">{title}</p>
      {children}
      {action ? <div className="sc-actions">{action}</div> : null}
    </div>
  );
}

export function DeviceNotice({ status, onRetry }: { status: DeviceIdStatus; onRetry: () => void }) {
  if (status === 'loading') {
    return (
      <div className="sc-loading">
        <span className="sc-spinner" aria-hidden="true" />
        <span>Running a security check…</span>
      </div>
    );
  }
  if (status === 'error') {
    return (
      <Notice
        tone="error"
        title="The security check didn't load"
        action={<SecondaryButton onClick={onRetry}>Retry security check</SecondaryButton>}
      >
        <p>This purchase needs a quick device check. Disable content blockers and retry.</p>
      </Notice>
    );
  }
  return (
    <Notice tone="error" title="Security check unavailable">
      <p>This purchase needs a device check that isn&apos;t available on this page.</p>
    </Notice>
  );
}

export function SecondaryButton(props: { onClick: () => void; children: string }) {
  return (
    <button type="button" className="sc-button sc-button--secondary" onClick={props.onClick}>
      {props.children}
    </button>
  );
}

export function describeAccount(account: Pick<PaidFrom, 'alias' | 'last4'> | null): string {
  return account ? `${account.alias} ending in ${account.last4}` : 'your bank account';
}
