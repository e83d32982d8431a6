// The sandbox guide's picture of its console: `npm run build && node scripts/console-screenshot.mjs`.
// Starts a sandbox in memory with a payment settled and one waiting, and writes docs/console.png:
// the Payments section with the sandbox's clock above them.
import { startSandboxServer } from 'service-checkout/sandbox/node';
import { launchChromium } from './chromium.mjs';

const server = await startSandboxServer({ port: 0, settleStepMs: 3_600_000 });
const { sandbox } = server;
const browser = await launchChromium();
try {
  for (const [customerId, cents] of [
    ['player_aria', 1999],
    ['player_bo', 499],
  ]) {
    const headers = {
      'x-service-auth-session-key': await sandbox.mintSessionKey(customerId),
      'content-type': 'application/json',
    };
    const { customer } = await (await fetch(`${server.url}/api/customer/v2`, { headers })).json();
    await fetch(`${server.url}/api/checkout/ach/${sandbox.merchantId}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        subtotal: { cents, currency: 'USD' },
        token: customer.bankAccounts[0].token,
        settlementType: 'USDC',
        webhookInfo: { itemName: 'Gem pouch', price: String(cents / 100), quantity: 1 },
        email: `${customerId}@example.com`,
      }),
    });
  }
  sandbox.advancePayment(sandbox.payments[0].paymentId, 'settled');

  // Tall enough for the clock above both payments.
  const page = await browser.newPage({ viewport: { width: 1200, height: 1200 } });
  await page.goto(server.consoleUrl);
  await page.goto(`${server.url}/console#payments`);
  await page.getByText('Status history of', { exact: false }).last().click();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: 'docs/console.png' });
  console.log('Wrote docs/console.png');
} finally {
  await browser.close();
  await server.close();
}
