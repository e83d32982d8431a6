// The browser side: hydrates what the server rendered, with the props it sent in a JSON block
// and the response's nonce from the tag Vite writes for it (a nonce is hidden from attributes,
// but readable as the element's `nonce` property). The page's component comes as a chunk of its
// own, as a route's or a locale's would, so Vite's preloading runs under the policy too.
import { hydrateRoot } from 'react-dom/client';
import 'service-checkout/styles.css';
import type { CheckoutPageProps } from './CheckoutPage.js';

const props = JSON.parse(
  document.getElementById('checkout-props')?.textContent ?? '{}',
) as CheckoutPageProps;
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;

const { CheckoutPage } = await import('./CheckoutPage.js');
hydrateRoot(document.getElementById('root')!, <CheckoutPage {...props} nonce={nonce} />);
