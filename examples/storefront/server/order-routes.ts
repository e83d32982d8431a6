// The shop's orders over HTTP, and the service's payment events that settle them. The page sends
// product ids and quantities; the server prices them from its catalog, has the service sign the
// purchase as a checkout token that pays for 15 minutes, and keeps the order at least as long
// as the token can pay. The service's signed webhooks move the order: a paid order puts its goods
// in the customer's inventory, and a paid order whose money goes back (a late return by the bank,
// a refund) is reversed and its goods taken back. A payment that reaches no payable order is kept
// apart and refunded. Events the webhooks missed are read from the service's events endpoint and
// applied the same way (event-catch-up.ts). The first event of an order's payment brings the
// debit authorization the payer accepted, read from the service (authorization-reader.ts); a
// return says what the payer can do (return-advice.ts). Rules: order-lines.ts, order-rules.ts,
// order-status.ts, order-view.ts, inventory.ts, unmatched-payments.ts; SQL: order-store.ts.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  createWebhookNodeHandler,
  DEFAULT_WEBHOOK_MAX_BODY_BYTES,
  SIGNATURE_HEADER,
  WebhookSignatureError,
  type MerchantClient,
  type WebhookEvent,
} from 'service-checkout/server';
import type {
  Order,
  OrderCheckout,
  RefusedWebhooks,
  UnmatchedPayment,
  WebhookRecord,
} from '../src/api-types.js';
import { chargebackProtectionData, CURRENCY, GAME_NAME, totalCents } from '../src/catalog.js';
import { describeGoods } from '../src/goods.js';
import { createAuthorizationReader } from './authorization-reader.js';
import { createEventCatchUp } from './event-catch-up.js';
import type { EventCursorStore } from './event-cursor.js';
import { HttpError, readBody, readJsonObject, sendJson } from './http.js';
import { goodsOf } from './inventory.js';
import { cartKey, checkOrderLines } from './order-lines.js';
import {
  CHECKOUT_TOKEN_SECONDS,
  planOrder,
  removeUnpaidBefore,
  type OrderPlan,
} from './order-rules.js';
import type { OrderStore } from './order-store.js';
import { orderAsAnswered } from './order-view.js';
import { createRefunder } from './refunds.js';
import { accountsNotToUse } from './return-advice.js';

/** Where the service delivers payment events (give it to the sandbox as webhookUrl). */
export const WEBHOOK_PATH = '/api/webhooks/payments';
/**
 * How often the shop catches up on events its webhook route missed, retries refunds that are
 * due and removes unpaid orders past keeping.
 */
export const RUN_DUE_EVERY_MS = 60_000;
const MAX_WEBHOOK_RECORDS = 50;
/** Reasons kept of the latest refused webhook attempts. */
const MAX_REFUSED_REASONS = 5;
const RECENT_ORDERS = 20;
const RECENT_REVERSED_ORDERS = 20;
const RECENT_CLOSED_UNMATCHED = 20;

export interface OrderRoutesOptions {
  store: OrderStore & EventCursorStore;
  merchant: MerchantClient;
  /**
   * The webhook validation keys to verify a delivery with: one, or the new and the old while a
   * roll's overlap lasts, or those read back from the service when none of the kept ones verifies
   * it (webhook-key-routes.ts). Asked at each delivery.
   */
  webhookKeys(delivery: SignedDelivery): Promise<string[]>;
  /** The signed-in customer of a request; throws the HttpError to answer when there is none. */
  requireCustomer(req: IncomingMessage): Promise<{ customerId: string; email: string }>;
  now: () => number;
  log: (line: string) => void;
}

/** A delivery as received: its exact bytes and its signature header. */
export interface SignedDelivery {
  rawBody: string;
  signature: string | null;
}

/** A delivery's request with its raw body read (the route reads it there, as a body parser would). */
type DeliveryRequest = IncomingMessage & { body: Buffer };

export interface OrderActivity {
  orders: Order[];
  reversedOrders: Order[];
  webhooks: WebhookRecord[];
  refusedWebhooks: RefusedWebhooks;
  unmatchedPayments: UnmatchedPayment[];
}

export function createOrderRoutes(options: OrderRoutesOptions) {
  const { store, merchant, requireCustomer, now, log } = options;
  const iso = (ms: number) => new Date(ms).toISOString();
  const webhooks: WebhookRecord[] = [];
  // Attempts whose signature did not verify change nothing, and anyone can send them: they are
  // counted apart, so they never push the service's deliveries out of the list.
  const refusedWebhooks: RefusedWebhooks = { count: 0, latest: [] };
  const refundDue = createRefunder({ store, merchant, now, log });
  const authorizationToKeep = createAuthorizationReader({ store, merchant, log });

  // One route; its keys are asked for at each delivery, so a roll in any process of the shop
  // counts at once. A store that does not answer, like a failure to apply the event, is a 500:
  // the service delivers again.
  const webhookRoute = createWebhookNodeHandler<DeliveryRequest>({
    key: (req) =>
      options.webhookKeys({
        rawBody: req.body.toString('utf8'),
        signature: signatureOf(req),
      }),
    now,
    onEvent: async (event) => void (await applyEvent(event, 'webhook')),
    onError: (error) => {
      if (!(error instanceof WebhookSignatureError)) {
        log(`webhook not processed: ${describe(error)}`);
        return;
      }
      refusedWebhooks.count += 1;
      refusedWebhooks.latest.unshift({ at: iso(now()), reason: describe(error) });
      refusedWebhooks.latest.splice(MAX_REFUSED_REASONS);
      log(`webhook refused: ${describe(error)}`);
    },
  });

  const checkoutFor = (order: Order, jwtToken: string): OrderCheckout => ({
    jwtToken,
    items: order.lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      amount: { cents: line.totalCents, currency: order.currency },
    })),
  });

  /** A plan other than a new order: the same cart's order again (200), or a refusal (429). */
  function answerPlan(res: ServerResponse, plan: Exclude<OrderPlan, { action: 'create' }>): void {
    if (plan.action === 'refuse') {
      const minutes = `${plan.retryInMinutes} minute${plan.retryInMinutes === 1 ? '' : 's'}`;
      throw new HttpError(
        429,
        `You have ${plan.payableOrders} orders waiting to be paid, the most the shop keeps open at once. Pay one of them, or try again in ${minutes}, when the oldest can no longer be paid.`,
        'too_many_open_orders',
      );
    }
    sendJson(res, 200, {
      order: orderAsAnswered(plan.order, now()),
      checkout: checkoutFor(plan.order, plan.checkoutToken),
    });
  }

  async function createOrder(req: IncomingMessage, res: ServerResponse) {
    const account = await requireCustomer(req);
    const body = await readJsonObject(req);
    const checked = checkOrderLines(body.lines);
    if (!checked.ok) throw new HttpError(400, checked.problem);
    const { lines } = checked;
    const cart = cartKey(lines);
    const at = now();
    const first = planOrder(await store.payableOrdersOf(account.customerId, at), cart, at);
    if (first.action !== 'create') return answerPlan(res, first);

    const orderId = `ord_${randomUUID()}`;
    const total = totalCents(lines);
    let signed: { token: string; expiresAt: number };
    try {
      // The service signs the purchase for this customer only, for 15 minutes: the page cannot
      // change the amount, and another shopper's session cannot pay with it.
      signed = await merchant.createCheckoutToken({
        subtotal: { cents: total, currency: CURRENCY },
        settlementType: 'USDC',
        webhookInfo: {
          itemName: `${GAME_NAME} order: ${lines.map((line) => `${line.product.name} ×${line.quantity}`).join(', ')}`,
          price: (total / 100).toFixed(2),
          quantity: 1,
          currency: CURRENCY,
          gamePlatform: GAME_NAME,
          // The webhook brings it back: how an event finds its order.
          orderId,
        },
        email: account.email,
        chargebackProtectionData: chargebackProtectionData(lines),
        customerId: account.customerId,
        expiresInSeconds: CHECKOUT_TOKEN_SECONDS,
      });
    } catch (error) {
      log(`signing a checkout for ${account.customerId} failed: ${describe(error)}`);
      throw new HttpError(502, 'The payments service did not answer; try again.', 'bad_gateway');
    }
    const orderLines = lines.map(({ product, quantity, totalCents: lineTotal }) => ({
      productId: product.id,
      name: product.name,
      quantity,
      unitCents: product.priceCents,
      totalCents: lineTotal,
    }));
    const order: Order = {
      orderId,
      customerId: account.customerId,
      email: account.email,
      lines: orderLines,
      totalCents: total,
      currency: CURRENCY,
      // Fixed now, as its price is: the payer gets what they were sold.
      goods: goodsOf(orderLines),
      status: 'awaiting_payment',
      payableUntil: iso(signed.expiresAt),
      createdAt: iso(at),
      updatedAt: iso(at),
    };
    // Stored once it can be paid: a failed signing leaves no order behind. Another request for
    // the same cart may have won meanwhile: its order is the answer, and this token, whose order
    // was never stored, is never handed out.
    const placed = await store.placeOrder(
      { order, cartKey: cart, checkoutToken: signed.token },
      at,
    );
    if (placed.action !== 'create') return answerPlan(res, placed);
    log(
      `order ${orderId} by ${account.customerId}: ${total} cents, payable until ${order.payableUntil}`,
    );
    sendJson(res, 201, { order, checkout: checkoutFor(order, signed.token) });
  }

  /**
   * Applies a payment event, delivered to the webhook route or read from the events endpoint:
   * the one way an event reaches an order. True when the shop had not applied it before.
   */
  async function applyEvent(event: WebhookEvent, via: 'webhook' | 'events'): Promise<boolean> {
    const base = { eventId: event.id, eventType: event.eventType };
    // Staff see every delivery; of the events read, only those the webhooks missed.
    const caughtUp = 'read from the events endpoint: its webhook was missed';
    const record = (entry: Omit<WebhookRecord, 'receivedAt' | 'eventId' | 'eventType'>) => {
      if (via === 'webhook') return recordWebhook({ ...base, ...entry });
      if (entry.outcome === 'duplicate' || entry.outcome === 'ignored') return;
      recordWebhook({
        ...base,
        ...entry,
        detail: entry.detail ? `${entry.detail}; ${caughtUp}` : caughtUp,
      });
    };
    if (event.unrecognized) {
      record({ outcome: 'ignored', detail: 'unknown type' });
      return false;
    }
    if (event.eventType === 'Test') {
      record({ outcome: 'ignored', detail: 'a test event' });
      return false;
    }
    const at = iso(now());
    // Read before the transaction that applies the event; a read that fails throws, and the
    // event is applied when it comes again.
    const authorization = await authorizationToKeep(event, at);
    const result = await store.applyEvent(event, at, authorization);
    const orderId = event.data.webhookInfo.orderId;
    if (result.outcome === 'applied') {
      const { order } = result;
      const goods = order.delivered ? describeGoods(order.delivered) : 'nothing';
      const inventory =
        order.status === 'paid'
          ? `; delivered ${goods}`
          : order.status === 'reversed'
            ? `; took back ${goods}`
            : '';
      log(`order ${order.orderId}: ${event.eventType} → ${order.status}${inventory}`);
    }
    if (result.outcome === 'unmatched') {
      const { unmatched } = result;
      log(
        `payment ${unmatched.paymentId} reaches no payable order (${unmatched.reason}): refund ${unmatched.refund.replace('_', ' ')}`,
      );
      if (unmatched.refund === 'due') startRun();
    }
    record({
      ...(typeof orderId === 'string' && { orderId }),
      outcome: result.outcome,
      ...('reason' in result && { detail: result.reason }),
    });
    return result.outcome !== 'duplicate';
  }

  function recordWebhook(record: Omit<WebhookRecord, 'receivedAt'>) {
    webhooks.unshift({ receivedAt: iso(now()), ...record });
    webhooks.splice(MAX_WEBHOOK_RECORDS);
  }

  async function customerOrder(req: IncomingMessage, orderId: string): Promise<Order> {
    const account = await requireCustomer(req);
    const order = await store.order(orderId);
    if (!order || order.customerId !== account.customerId) {
      throw new HttpError(404, 'No such order for this customer.', 'not_found');
    }
    return orderAsAnswered(order, now());
  }

  // The work due every minute (and at start): events the webhook route missed, refunds the
  // service could not take yet, and unpaid orders kept long enough. One run at a time; a webhook
  // that makes a refund due during a run gets another run after it.
  let running: Promise<void> | undefined;
  let runAgain = false;
  let closed = false;
  const catchUp = createEventCatchUp({
    store,
    merchant,
    apply: (event) => applyEvent(event, 'events'),
    now,
    log,
  });

  async function work(): Promise<void> {
    // First: a missed event may make a refund due, or pay an order that would be removed.
    const { upToDate } = await catchUp();
    try {
      await refundDue();
    } catch (error) {
      log(`refunding payments with no order failed: ${describe(error)}`);
    }
    // An order whose payment the shop has not read yet is not removed as unpaid: removed, its
    // payment would reach no order, and be refunded instead of delivered.
    if (!upToDate) return;
    try {
      const removed = await store.removeUnpaidOrders(removeUnpaidBefore(now()));
      if (removed > 0) log(`removed ${removed} unpaid order(s) that expired over an hour ago`);
    } catch (error) {
      log(`removing expired unpaid orders failed: ${describe(error)}`);
    }
  }

  function runDue(): Promise<void> {
    if (closed) return Promise.resolve();
    running ??= (async () => {
      do {
        runAgain = false;
        await work();
      } while (runAgain && !closed);
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  function startRun(): void {
    if (running) runAgain = true;
    else void runDue();
  }

  const timer = setInterval(startRun, RUN_DUE_EVERY_MS);
  timer.unref();
  startRun();

  return {
    /** Answers the order routes and the webhook route; false when `route` is none of them. */
    async handle(
      req: IncomingMessage,
      res: ServerResponse,
      route: string,
      pathname: string,
    ): Promise<boolean> {
      // The raw body, read once: the signature covers the exact bytes, and the keys to verify
      // them with may depend on whether the kept ones do.
      if (pathname === WEBHOOK_PATH) {
        const body = await readBody(req, DEFAULT_WEBHOOK_MAX_BODY_BYTES);
        await webhookRoute(Object.assign(req, { body }), res);
        return true;
      }
      if (route === 'POST /api/orders') {
        await createOrder(req, res);
        return true;
      }
      if (route === 'GET /api/orders') {
        const { customerId } = await requireCustomer(req);
        const orders = await store.ordersOf(customerId);
        sendJson(res, 200, { orders: orders.map((order) => orderAsAnswered(order, now())) });
        return true;
      }
      if (route === 'GET /api/bank-accounts/unusable') {
        const { customerId } = await requireCustomer(req);
        const unusable = accountsNotToUse(await store.unusableAccountsOf(customerId));
        sendJson(res, 200, { unusableBankAccounts: unusable });
        return true;
      }
      if (route === 'GET /api/inventory') {
        const { customerId } = await requireCustomer(req);
        sendJson(res, 200, { inventory: await store.inventoryOf(customerId) });
        return true;
      }
      const orderMatch = /^\/api\/orders\/([^/]+)$/.exec(pathname);
      if (orderMatch && route.startsWith('GET ')) {
        sendJson(res, 200, { order: await customerOrder(req, orderMatch[1] ?? '') });
        return true;
      }
      return false;
    },

    /** What staff see of orders and payments. */
    async activity(): Promise<OrderActivity> {
      const orders = await store.recentOrders(RECENT_ORDERS);
      return {
        orders: orders.map((order) => orderAsAnswered(order, now())),
        reversedOrders: await store.reversedOrders(RECENT_REVERSED_ORDERS),
        webhooks,
        refusedWebhooks,
        unmatchedPayments: await store.unmatchedPayments(RECENT_CLOSED_UNMATCHED),
      };
    },

    /** Runs now what is due every minute, and resolves when it is done. */
    runDue,

    /** Stops the minute's work, after the run under way. */
    async close(): Promise<void> {
      closed = true;
      clearInterval(timer);
      await running;
    },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The signature header, as the webhook route reads it: one value, or none. */
function signatureOf(req: IncomingMessage): string | null {
  const value = req.headers[SIGNATURE_HEADER];
  return typeof value === 'string' ? value : null;
}
