// A purchase made as a customer's checkout page makes one, over HTTP: from the customer's first
// bank account, with a checkout token the service signed (and a device id, which a token that
// carries chargeback-protection data needs), and the debit authorization the payer accepted when
// one is given.
import type { Customer, PurchaseAuthorization } from '../../src/core/schemas.js';
import type { Sandbox } from '../../src/sandbox/index.js';

export async function payWithCheckoutToken(
  sandbox: Pick<Sandbox, 'merchantId' | 'mintSessionKey'>,
  sandboxUrl: string,
  customerId: string,
  jwtToken: string,
  authorization?: PurchaseAuthorization,
): Promise<{ status: number; body: { paymentId?: string; createdAt?: string } }> {
  const headers = {
    'x-service-auth-session-key': await sandbox.mintSessionKey(customerId),
    'x-device-id': 'device-of-the-payer',
    'content-type': 'application/json',
  };
  const read = await fetch(`${sandboxUrl}/api/customer/v2`, { headers });
  const { customer } = (await read.json()) as { customer: Customer };
  const paid = await fetch(`${sandboxUrl}/api/checkout/ach/${sandbox.merchantId}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      jwtToken,
      token: customer.bankAccounts[0]!.token,
      ...(authorization && { authorization }),
    }),
  });
  return {
    status: paid.status,
    body: (await paid.json()) as { paymentId?: string; createdAt?: string },
  };
}

/**
 * A $4.99 payment for an order the shop never had, made with a token the service signed, as a
 * stray or late payment reaches a merchant: its id.
 */
export async function payForNoOrder(
  sandbox: Pick<Sandbox, 'merchantId' | 'mintSessionKey' | 'mintCheckoutToken'>,
  sandboxUrl: string,
  customerId: string,
): Promise<string> {
  const jwtToken = await sandbox.mintCheckoutToken({
    subtotal: { cents: 499, currency: 'USD' },
    settlementType: 'USDC',
    webhookInfo: { itemName: 'Gem Pouch', price: '4.99', quantity: 1, orderId: 'ord_not_here' },
    email: `${customerId}@example.com`,
    customerId,
  });
  const paid = await payWithCheckoutToken(sandbox, sandboxUrl, customerId, jwtToken);
  if (paid.status !== 200 || !paid.body.paymentId) {
    throw new Error(`the sandbox answered ${paid.status} to a payment for no order`);
  }
  return paid.body.paymentId;
}
