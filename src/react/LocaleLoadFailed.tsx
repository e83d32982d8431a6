// A checkout whose locale did not load, on a second try either: its load-error view, in English
// (the one catalogue that is always there), with a way to try again.
import { useId, type RefObject } from 'react';
import { announce } from '../checkout/live-region.js';
import { en } from '../checkout/messages/en.js';
import type { CheckoutError, LocaleLoadError } from '../core/errors.js';
import { CheckoutFrame, type FrameStyle } from './CheckoutFrame.js';
import { Notice, SecondaryButton } from './Notice.js';
import { useReportOnce } from './use-report-once.js';

export function LocaleLoadFailed(
  props: FrameStyle & {
    error: LocaleLoadError;
    onTryAgain: () => void;
    callbacks: RefObject<{ onError?: (error: CheckoutError) => void }>;
  },
) {
  const { error, onTryAgain, callbacks, ...style } = props;
  useReportOnce(error, (failure) => {
    announce(en.announcement({ title: en.loadErrorTitle }), { lang: 'en', dir: 'ltr' });
    callbacks.current.onError?.(failure);
  });
  const title = { id: useId(), text: en.checkoutTitle };
  return (
    <CheckoutFrame view="load-error" title={title} lang="en" dir="ltr" {...style}>
      <Notice
        tone="error"
        title={en.loadErrorTitle}
        buttons={<SecondaryButton onClick={onTryAgain}>{en.tryAgain}</SecondaryButton>}
      >
        <p>{en.loadErrorBody}</p>
      </Notice>
    </CheckoutFrame>
  );
}
