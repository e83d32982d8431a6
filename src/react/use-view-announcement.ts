import { announce } from '../checkout/live-region.js';
import type { CheckoutView } from '../checkout/checkout-state.js';
import type { DeviceIdStatus } from '../checkout/device-id-store.js';
import type { CheckoutWords } from '../checkout/submitted.js';
import { viewTitle } from './Notice.js';
import { useOnChange } from './use-on-change.js';

/**
 * Says each change of view through the page's live region, once (StrictMode included), and not
 * the view a checkout mounts in. An accepted payment is said by the payment itself
 * (use-checkout-payment.ts), from the answer, which comes even when the app unmounts at once.
 */
export function useViewAnnouncement(
  view: CheckoutView,
  deviceStatus: DeviceIdStatus,
  words: CheckoutWords,
): void {
  const { messages } = words;
  const said =
    view === 'success'
      ? null
      : view === 'device-required' && deviceStatus === 'loading'
        ? messages.deviceCheckingAnnouncement
        : messages.announcement({ title: viewTitle(view, messages) });
  useOnChange(said, () => {
    if (said !== null) announce(said, words);
  });
}
