// The page under test: a provider, the device script and a checkout, rendered to a string on the
// server and hydrated in the browser from the same props. chargebackProtectionData makes the
// device id (so the script, its nonce and its Trusted Types policy) a condition of paying.
import { ChargebackScript, Checkout, CheckoutProvider } from 'service-checkout';

/** What the server renders with, and sends along for hydration (the nonce aside). */
export interface CheckoutPageProps {
  sessionKey: string;
  merchantId: string;
  serviceUrl: string;
}

export function CheckoutPage(props: CheckoutPageProps & { nonce: string | undefined }) {
  return (
    <CheckoutProvider
      sessionKey={props.sessionKey}
      merchantId={props.merchantId}
      env="local"
      baseUrl={props.serviceUrl}
      merchantName="Strict Games"
      merchantContact="help@strict-games.test"
    >
      <ChargebackScript nonce={props.nonce} />
      <Checkout
        subtotal={{ cents: 1999, currency: 'USD' }}
        settlementType="USDC"
        webhookInfo={{ itemName: 'Gold pack', price: '19.99', quantity: 1 }}
        email="payer@strict-games.test"
        chargebackProtectionData={[
          {
            productName: 'Gold pack',
            productType: 'inGameCurrency',
            quantity: 1,
            rawProductData: { sku: 'gold-1' },
          },
        ]}
        onSuccess={() => {}}
      />
    </CheckoutProvider>
  );
}
