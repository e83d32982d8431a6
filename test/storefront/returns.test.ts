// What the shop does when a payer's bank returns a payment, through its real routes and a real
// sandbox that returns payments with the codes asked (advancePayment), on one clock the test
// moves: the order says what happened in the payer's words and offers only what the code allows
// (paying again, a new authorization, another account, or nothing); an account that cannot take
// debits is remembered for that customer, by the last four digits its authorization names. Also
// the day a processing payment is expected to clear.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeReturn, expectedSettlement } from 'service-checkout/server';
import type {
  Order,
  ReturnOffer,
  UnusableBankAccount,
} from '../../examples/storefront/src/api-types.js';
import type { WebDebitReturnCode } from '../../src/sandbox/index.js';
import { authorizationText } from './fixtures.js';
import { startShopAndSandbox, type ShopAndSandbox, type Shopper } from './shop-and-sandbox.js';
import { orderAndPay, orderOf, POUCH_AND_MOUNT } from './shopper-steps.js';

// Starting PGlite (Postgres in WebAssembly) takes seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const HOUR = 3_600_000;

let world: ShopAndSandbox;
let shoppers = 0;

beforeAll(async () => {
  // An hour a step: a payment stays where the test leaves it.
  world = await startShopAndSandbox({ settleStepMs: HOUR });
});

afterAll(async () => {
  await world?.close();
});

const newShopper = () => world.signIn(`returns_${process.pid}_${++shoppers}`);

/** Orders and pays from the account ending in `last4`, as the authorization names it. */
async function payFrom(shopper: Shopper, last4 = '6789') {
  const authorization = {
    text: authorizationText(last4),
    acceptedAt: new Date(world.now()).toISOString(),
    locale: 'en-US',
  };
  const paid = await orderAndPay(world, shopper, POUCH_AND_MOUNT, authorization);
  await world.advance(0);
  return paid;
}

/** Has the sandbox return the payment with `code`, before it settles or, `late`, after. */
async function returnWith(paymentId: string, code: WebDebitReturnCode, late = false) {
  if (late) {
    world.sandbox.advancePayment(paymentId, 'settled');
    await world.advance(0);
  }
  world.sandbox.advancePayment(paymentId, 'returned', { returnCode: code });
  await world.advance(0);
}

const unusableAccounts = async (shopper: Shopper) =>
  (
    await shopper.get<{ unusableBankAccounts: UnusableBankAccount[] }>(
      '/api/bank-accounts/unusable',
    )
  ).body.unusableBankAccounts;

describe('a returned payment', () => {
  it.each<[WebDebitReturnCode, boolean, Order['status'], ReturnOffer]>([
    // Insufficient funds: the payer may pay again.
    ['R01', false, 'returned', 'pay-again'],
    // Not authorized, weeks after it settled: the goods went back; only a new authorization.
    ['R10', true, 'reversed', 'authorize-again'],
    // A business account's owner says it was not authorized: the same.
    ['R29', true, 'reversed', 'authorize-again'],
    // The entry was not what was agreed: the shop's correction is a new payment.
    ['R11', false, 'returned', 'pay-again-corrected'],
    // Returned at the merchant's bank's request: nothing for the payer to pay.
    ['R06', false, 'returned', 'none'],
  ])(
    'with %s (late: %s) reads %s, in the payer’s words, and offers %s',
    async (code, late, status, offer) => {
      const shopper = await newShopper();
      const { orderId } = await payFrom(shopper);
      await returnWith((await orderOf(shopper, orderId)).paymentId!, code, late);

      const order = await orderOf(shopper, orderId);
      expect(order).toMatchObject({ status, returnCode: code });
      expect(order.returnAdvice).toEqual({
        returnCode: code,
        title: describeReturn(code)!.title,
        payerMessage: describeReturn(code)!.payerMessage,
        offer,
      });
      // The account can still take debits: nothing to avoid at the next checkout.
      expect(await unusableAccounts(shopper)).toEqual([]);
    },
  );

  it('with R02, account closed: names the account, and the shop asks the payer not to pay from it again', async () => {
    const shopper = await newShopper();
    const { orderId, paymentId } = await payFrom(shopper, '6789');
    await returnWith(paymentId, 'R02');

    expect((await orderOf(shopper, orderId)).returnAdvice).toEqual({
      returnCode: 'R02',
      title: 'Account Closed',
      payerMessage: describeReturn('R02').payerMessage,
      offer: 'another-account',
      unusableAccountLast4: '6789',
    });
    const closed = {
      last4: '6789',
      orderId,
      paymentId,
      returnCode: 'R02',
      title: 'Account Closed',
      since: new Date(world.now()).toISOString(),
    };
    expect(await unusableAccounts(shopper)).toEqual([closed]);

    // The event again changes nothing; a second return from that account is one entry still,
    // the latest; another account is listed apart; another shopper has none.
    expect(await world.deliver(world.deliveredBody(paymentId, 'ACH Returned'))).toBe(200);
    await world.advance(60_000);
    const again = await payFrom(shopper, '6789');
    await returnWith(again.paymentId, 'R02');
    await world.advance(60_000);
    const other = await payFrom(shopper, '4321');
    await returnWith(other.paymentId, 'R16');
    expect((await unusableAccounts(shopper)).map((each) => [each.last4, each.orderId])).toEqual([
      ['4321', other.orderId],
      ['6789', again.orderId],
    ]);
    expect(await unusableAccounts(await newShopper())).toEqual([]);
  });

  it('a payment with no authorization: the account is not known by its digits, and is still ruled out', async () => {
    const shopper = await newShopper();
    const { orderId, paymentId } = await orderAndPay(world, shopper, POUCH_AND_MOUNT);
    await world.advance(0);
    await returnWith(paymentId, 'R03');
    expect((await orderOf(shopper, orderId)).returnAdvice).toMatchObject({
      offer: 'another-account',
      unusableAccountLast4: null,
    });
    expect(await unusableAccounts(shopper)).toMatchObject([{ last4: null, orderId }]);
  });

  it('the list of accounts not to pay from is for the signed-in customer only', async () => {
    const shopper = await newShopper();
    const signedOut = await shopper.post('/api/sign-out', {});
    expect(signedOut.status).toBe(200);
    expect((await shopper.get('/api/bank-accounts/unusable')).status).toBe(401);
  });
});

describe('a processing payment', () => {
  it('says the day it is expected to clear, the day the checkout shows, until it settles', async () => {
    const shopper = await newShopper();
    const { orderId, paymentId } = await payFrom(shopper);
    const made = world.sandbox.payments.find((payment) => payment.paymentId === paymentId)!;
    expect(await orderOf(shopper, orderId)).toMatchObject({
      status: 'processing',
      paymentCreatedAt: made.createdAt,
      expectedSettlesOn: expectedSettlement(made.createdAt).settlesOn,
    });
    await world.advance(HOUR);
    await world.advance(HOUR);
    const paid = await orderOf(shopper, orderId);
    expect(paid.status).toBe('paid');
    expect(paid).not.toHaveProperty('expectedSettlesOn');
  });
});
