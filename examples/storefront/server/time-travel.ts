// The staff page's time travel, in test mode only (the embedded sandbox; never against the live
// service, whose time is real): move the sandbox's clock, and the shop's with it, so that
// pending payments settle now, or days pass and what fell due runs (a $10.10 payment is
// returned ten days after it settled); or have the payer's bank return a paid order's settled
// payment now. Every change reaches the shop as the service's signed webhooks, as it would for
// real: nothing here touches an order.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Sandbox, SandboxClient } from 'service-checkout/sandbox';
import type { TimeTravelResult } from '../src/api-types.js';
import { HttpError, readJsonObject, sendJson } from './http.js';
import type { OrderStore } from './order-store.js';

/** The most one move takes the sandbox's clock ahead: its own limit. */
export const MAX_ADVANCE_DAYS = 400;
const DAY_MS = 86_400_000;
/** The code of the return staff make: the payer says they did not authorize the debit. */
const RETURN_CODE = 'R10';

export interface TimeTravel {
  /** How far "Settle now" moves the clock: past every step of a payment made before the move. */
  settleMs: number;
  /** The embedded sandbox: its dashboard's Return after settlement, and its time. */
  sandbox: Pick<Sandbox, 'advancePayment' | 'time'>;
}

export interface TimeTravelRoutesOptions {
  timeTravel: TimeTravel;
  /** The sandbox's clock over HTTP, as a test suite against the sandbox command moves it. */
  sandboxClient: Pick<SandboxClient, 'clock' | 'advanceClock'>;
  store: Pick<OrderStore, 'order'>;
  requireStaff(req: IncomingMessage): Promise<{ customerId: string }>;
  log: (line: string) => void;
}

export function createTimeTravelRoutes(options: TimeTravelRoutesOptions) {
  const { timeTravel, sandboxClient, store, requireStaff, log } = options;

  async function advance(ms: number): Promise<string> {
    try {
      // Answers once every step and webhook that fell due has run.
      return (await sandboxClient.advanceClock(ms)).now.toISOString();
    } catch (error) {
      log(`moving the sandbox's clock failed: ${describe(error)}`);
      throw new HttpError(502, 'The sandbox did not move its clock; try again.', 'bad_gateway');
    }
  }

  async function settleNow(): Promise<TimeTravelResult> {
    const now = await advance(timeTravel.settleMs);
    return {
      now,
      message: `Moved the sandbox's clock ${duration(timeTravel.settleMs)} ahead: every payment made before then has settled, and the service's webhooks reached the shop.`,
    };
  }

  async function advanceDays(days: unknown): Promise<TimeTravelResult> {
    if (!Number.isInteger(days) || (days as number) < 1 || (days as number) > MAX_ADVANCE_DAYS) {
      throw new HttpError(400, `Give a whole number of days from 1 to ${MAX_ADVANCE_DAYS}.`);
    }
    const count = days as number;
    const now = await advance(count * DAY_MS);
    return {
      now,
      message: `Moved the sandbox's clock ${count} day${count === 1 ? '' : 's'} ahead: everything that fell due ran, each webhook reached the shop.`,
    };
  }

  async function returnPayment(orderId: unknown): Promise<TimeTravelResult> {
    const order = typeof orderId === 'string' ? await store.order(orderId) : undefined;
    if (!order) throw new HttpError(404, 'No such order.', 'not_found');
    if (order.status !== 'paid' || !order.paymentId) {
      throw new HttpError(409, 'Only a paid order has a settled payment to return.', 'conflict');
    }
    try {
      timeTravel.sandbox.advancePayment(order.paymentId, 'returned', { returnCode: RETURN_CODE });
    } catch (error) {
      // The sandbox says why (the payment is no longer settled, say).
      throw new HttpError(409, describe(error), 'conflict');
    }
    return {
      // The sandbox is in this process: its time needs no request.
      now: timeTravel.sandbox.time,
      message: `The payer's bank returned the payment of order ${order.orderId} (${RETURN_CODE}, not authorized); the shop reverses the order when the ACH Returned webhook arrives.`,
    };
  }

  return {
    /** Answers the time-travel routes; false for any other route. */
    async route(req: IncomingMessage, res: ServerResponse, route: string): Promise<boolean> {
      if (route === 'GET /api/merchant/time-travel') {
        await requireStaff(req);
        const { now } = await sandboxClient.clock().catch((error: unknown) => {
          log(`reading the sandbox's clock failed: ${describe(error)}`);
          throw new HttpError(502, 'The sandbox did not answer; try again.', 'bad_gateway');
        });
        sendJson(res, 200, { now: now.toISOString() });
        return true;
      }
      if (route !== 'POST /api/merchant/time-travel') return false;
      const { customerId } = await requireStaff(req);
      const body = await readJsonObject(req);
      let result: TimeTravelResult;
      if (body.action === 'settle') result = await settleNow();
      else if (body.action === 'advance') result = await advanceDays(body.days);
      else if (body.action === 'return') result = await returnPayment(body.orderId);
      else throw new HttpError(400, 'The action is one of settle, advance and return.');
      log(`time travel by ${customerId}: ${result.message}`);
      sendJson(res, 200, result);
      return true;
    },
  };
}

/** `ms` in the largest whole unit it reaches: "2 hours", "4 seconds". */
function duration(ms: number): string {
  const [unit, size] =
    ms >= 3_600_000 ? ['hour', 3_600_000] : ms >= 60_000 ? ['minute', 60_000] : ['second', 1000];
  const count = Math.ceil(ms / size);
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
