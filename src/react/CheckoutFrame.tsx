// The checkout's box, whatever it shows: its state, theme, language and direction, and the heading
// that names it. Without words yet (its locale still loading), a spinner alone.
import type { ReactNode } from 'react';
import type { CheckoutView } from '../checkout/checkout-state.js';

/** What the app sets on the box: its theme and an extra class. */
export interface FrameStyle {
  theme?: 'light' | 'dark';
  className?: string;
}

export function CheckoutFrame(
  props: FrameStyle & {
    view: CheckoutView;
    /** The heading, and its id, which names the box. */
    title?: { id: string; text: string };
    lang?: string;
    dir?: 'ltr' | 'rtl';
    children: ReactNode;
  },
) {
  const { view, title, theme, className } = props;
  // The theme prop is the data-theme attribute; the stylesheet also honours .sc-theme-* classes.
  return (
    <section
      className={className ? `sc-checkout ${className}` : 'sc-checkout'}
      data-state={view}
      data-theme={theme}
      lang={props.lang}
      dir={props.dir}
      aria-labelledby={title?.id}
      aria-busy={view === 'loading' || view === 'submitting'}
    >
      {title ? (
        <h2 className="sc-title" id={title.id}>
          {title.text}
        </h2>
      ) : null}
      {props.children}
    </section>
  );
}

/**
 * The checkout while its words load: no word at all, so that none is shown in a language other
 * than the one that comes.
 */
export function WaitingCheckout(props: FrameStyle & { lang?: string; dir?: 'ltr' | 'rtl' }) {
  return (
    <CheckoutFrame view="loading" {...props}>
      <div className="sc-loading">
        <span className="sc-spinner" aria-hidden="true" />
      </div>
    </CheckoutFrame>
  );
}
