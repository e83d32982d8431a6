'use client';
import { useRouter } from 'next/navigation';
import { Checkout, CheckoutProvider } from 'service-checkout';

const SHOP = { merchantName: 'Gem Shop', merchantContact: 'support@gemshop.example' };

// The session key stays in memory; the token holds the amount the server decided, unchangeable.
export function CheckoutPanel(
  props: Record<'orderId' | 'sessionKey' | 'checkoutToken' | 'merchantId' | 'baseUrl', string>,
) {
  const router = useRouter();
  return (
    // onSuccess only shows the order: it is paid when the service's webhook says so. The debit
    // authorization the payer accepts names the shop and how to reach it.
    <CheckoutProvider {...props} env="local" {...SHOP}>
      <Checkout
        jwtToken={props.checkoutToken}
        onSuccess={() => router.push(`/orders/${props.orderId}`)}
      />
    </CheckoutProvider>
  );
}
