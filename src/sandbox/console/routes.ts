// The console API's routes: the merchant dashboard's actions and reads over the sandbox, each
// answered as JSON in the shapes contract.ts names. api.ts lets a request reach them only with a
// console session.
import * as z from 'zod/mini';
import { ConfigError } from '../../core/errors.js';
import { NOT_BLOCKED } from '../../core/schemas.js';
import { validate } from '../../core/validate.js';
import type { Sandbox } from '../sandbox.js';
import type { CustomerView } from '../service/customer-records.js';
import { HttpError, invalidFields, readJson } from '../service/http.js';
import { PAYMENT_ENDINGS, type SandboxPayment } from '../service/payment-lifecycle.js';
import { webDebitReturnCode } from '../service/payments.js';
import type { ConsoleCustomer, ConsolePayment } from './contract.js';

export interface ConsoleRoute {
  method: 'GET' | 'POST';
  /** Matches the path after CONSOLE_API_PATH; its groups are the route's parameters. */
  pattern: RegExp;
  run: (context: { request: Request; params: string[]; url: URL }) => Promise<Response> | Response;
}

const nameBody = z.object({ name: z.string() });
const webhookBody = z.object({ url: z.nullable(z.string()) });
const advanceBody = z.object({
  to: z.enum(PAYMENT_ENDINGS),
  // The sandbox names what it takes when it refuses a code (every one a WEB debit may carry).
  returnCode: z.optional(z.string()),
});
const clockBody = z.object({ advanceMs: z.number() });
const customerBody = z.object({
  blocked: z.optional(z.boolean()),
  verificationRequired: z.optional(z.boolean()),
  chargebackProtection: z.optional(z.boolean()),
});
// Types only: the sandbox checks what each field may hold and names the field it refuses.
const bankAccountBody = z.object({
  alias: z.optional(z.string()),
  last4: z.optional(z.string()),
  rtpEligible: z.optional(z.boolean()),
});

/** Every route of the console API, over this sandbox. */
export function consoleRoutes(sandbox: Sandbox): ConsoleRoute[] {
  return [
    { method: 'GET', pattern: /^\/overview$/, run: () => ok({ merchantId: sandbox.merchantId }) },
    ...apiKeyRoutes(sandbox),
    ...webhookRoutes(sandbox),
    ...paymentRoutes(sandbox),
    { method: 'GET', pattern: /^\/clock$/, run: () => ok({ now: sandbox.time }) },
    {
      method: 'POST',
      pattern: /^\/clock$/,
      run: async ({ request }) => {
        // Its range is the sandbox's to check: it names advanceMs when it refuses a move.
        const { advanceMs } = await body(request, clockBody);
        return ok(await sandbox.advanceClock(advanceMs));
      },
    },
    ...customerRoutes(sandbox),
    { method: 'GET', pattern: /^\/events$/, run: () => ok({ events: sandbox.events }) },
    {
      method: 'GET',
      pattern: /^\/withdrawals$/,
      run: () => ok({ withdrawals: sandbox.withdrawals }),
    },
  ];
}

/** API keys: listed, made and revoked. */
function apiKeyRoutes(sandbox: Sandbox): ConsoleRoute[] {
  return [
    { method: 'GET', pattern: /^\/keys$/, run: () => ok({ keys: sandbox.apiKeys }) },
    {
      method: 'POST',
      pattern: /^\/keys$/,
      run: async ({ request }) => {
        const { name } = await body(request, nameBody);
        try {
          return ok(sandbox.createApiKey(name), 201);
        } catch (error) {
          if (!(error instanceof ConfigError)) throw error;
          throw invalidFields('Invalid API key', [{ path: 'name', problem: problemOf(error) }]);
        }
      },
    },
    {
      method: 'POST',
      pattern: /^\/keys\/([^/]+)\/revoke$/,
      run: ({ params }) => {
        const key = sandbox.revokeApiKey(params[0]!);
        if (!key) throw new HttpError(404, `No API key ${JSON.stringify(params[0])}.`);
        return ok({ key });
      },
    },
  ];
}

/** Webhook settings, their keys, the test event and the delivery log. */
function webhookRoutes(sandbox: Sandbox): ConsoleRoute[] {
  return [
    {
      method: 'GET',
      pattern: /^\/webhook$/,
      run: () =>
        ok({
          url: sandbox.webhookUrl ?? null,
          key: sandbox.webhookKey,
          previousKey: sandbox.previousWebhookKey ?? null,
        }),
    },
    {
      method: 'POST',
      pattern: /^\/webhook$/,
      run: async ({ request }) => {
        const { url } = await body(request, webhookBody);
        try {
          sandbox.setWebhookUrl(url ?? undefined);
        } catch (error) {
          if (!(error instanceof ConfigError)) throw error;
          throw invalidFields('Invalid webhook URL', [{ path: 'url', problem: problemOf(error) }]);
        }
        return ok({ url: sandbox.webhookUrl ?? null });
      },
    },
    {
      method: 'POST',
      pattern: /^\/webhook\/key$/,
      run: () => ok({ key: sandbox.regenerateWebhookKey() }),
    },
    {
      method: 'POST',
      pattern: /^\/webhook\/key\/roll$/,
      run: () => {
        const key = sandbox.rollWebhookKey();
        return ok({ key, previousKey: sandbox.previousWebhookKey ?? null });
      },
    },
    {
      method: 'POST',
      pattern: /^\/webhook\/test$/,
      run: () => ok({ delivery: sandbox.sendTestWebhook() }, 201),
    },
    { method: 'GET', pattern: /^\/deliveries$/, run: () => ok({ deliveries: sandbox.deliveries }) },
    {
      method: 'POST',
      pattern: /^\/deliveries\/([^/]+)\/resend$/,
      run: ({ params }) => ok({ delivery: sandbox.resendDelivery(params[0]!) }, 201),
    },
  ];
}

/** Payments, listed by status, moved along and refunded. */
function paymentRoutes(sandbox: Sandbox): ConsoleRoute[] {
  return [
    {
      method: 'GET',
      pattern: /^\/payments$/,
      run: ({ url }) => {
        const status = url.searchParams.get('status');
        const shown = (payment: SandboxPayment) => !status || payment.status === status;
        return ok({ payments: sandbox.payments.filter(shown).map(consolePayment).reverse() });
      },
    },
    {
      method: 'POST',
      pattern: /^\/payments\/([^/]+)\/advance$/,
      run: async ({ request, params }) => {
        const { to, returnCode } = await body(request, advanceBody);
        const payment = sandbox.advancePayment(params[0]!, to, {
          returnCode: returnCode === undefined ? undefined : webDebitReturnCode(returnCode),
        });
        return ok({ payment: consolePayment(payment) });
      },
    },
    {
      method: 'POST',
      pattern: /^\/payments\/([^/]+)\/refund$/,
      run: ({ params }) => ok({ payment: consolePayment(sandbox.refundPayment(params[0]!)) }),
    },
  ];
}

/** Customers: their switches and bank accounts. */
function customerRoutes(sandbox: Sandbox): ConsoleRoute[] {
  return [
    {
      method: 'GET',
      pattern: /^\/customers$/,
      run: () => ok({ customers: sandbox.customers.map(consoleCustomer) }),
    },
    {
      method: 'POST',
      pattern: /^\/customers\/([^/]+)$/,
      run: async ({ request, params }) => {
        const changes = await body(request, customerBody);
        return ok({ customer: consoleCustomer(sandbox.updateCustomer(params[0]!, changes)) });
      },
    },
    {
      method: 'POST',
      pattern: /^\/customers\/([^/]+)\/bank-accounts$/,
      run: async ({ request, params }) => {
        const account = await body(request, bankAccountBody);
        return ok({ bankAccount: sandbox.addBankAccount(params[0]!, account) }, 201);
      },
    },
  ];
}

/** A payment with its status history, for the console's list and detail. */
function consolePayment(payment: SandboxPayment): ConsolePayment {
  const { paymentId, customerId, subtotal, status, returnCode, history } = payment;
  const { createdAt, updatedAt, settledAt, returnedAt, refundedAt } = payment;
  return {
    paymentId,
    customerId,
    subtotal,
    status,
    ...(returnCode !== undefined && { returnCode }),
    ...(settledAt !== undefined && { settledAt }),
    ...(returnedAt !== undefined && { returnedAt }),
    ...(refundedAt !== undefined && { refundedAt }),
    history,
    authorization: payment.authorization,
    webhookInfo: payment.webhookInfo,
    createdAt,
    updatedAt,
  };
}

function consoleCustomer(customer: CustomerView): ConsoleCustomer {
  return { ...customer, blocked: customer.isBlocked !== NOT_BLOCKED };
}

async function body<S extends z.ZodMiniType>(request: Request, schema: S): Promise<z.infer<S>> {
  const parsed = validate(schema, await readJson(request));
  if (!parsed.ok) throw invalidFields('Invalid console request', parsed.issues);
  return parsed.value;
}

/** The problem in a ConfigError's message, after its prefix and option name. */
function problemOf(error: ConfigError): string {
  return error.message.replace(/^\[service-checkout\] \S+ /, '').replace(/\.$/, '');
}

function ok(payload: unknown, status = 200): Response {
  return new Response(JSON.stringify(payload), {
    status,
    headers: {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
