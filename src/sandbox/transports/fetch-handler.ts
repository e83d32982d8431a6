// The sandbox as one fetch handler, `handle(Request) => Promise<Response>`, the form every other
// transport takes it in (the Node server, MSW), together with the merchant dashboard's actions
// and snapshots of its state. The service itself is src/sandbox/service.
import { ConfigError } from '../../core/errors.js';
import { messages } from '../../core/messages.js';
import { snapshotOf, stateInitOf } from '../persistence/snapshot.js';
import type { SandboxState } from '../persistence/state.js';
import type { Sandbox, SandboxConnection, SandboxOptions } from '../sandbox.js';
import { errorResponse, HttpError, internalErrorResponse } from '../service/http.js';
import { randomHex } from '../service/ids.js';
import { moveClock } from '../service/clock.js';
import { createService, type Service } from '../service/service.js';
import { randomSecret } from '../service/session-keys.js';
import type { ServiceState, StateInit } from '../service/state.js';
import { seedWithdrawals } from '../service/withdrawals.js';
import { createRouter } from './router.js';
import { settingsOf, urlOption, type SandboxSettings } from './sandbox-options.js';

/**
 * Makes a sandbox: the whole service in memory, seeded with one merchant, its API key and its
 * withdrawals. Nothing touches the disk; pass `state` to start from a `snapshot()`.
 */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  return openSandbox(options).sandbox;
}

/**
 * A sandbox and the state it runs on, for a caller that keeps that state (the data directory).
 * `kept` is a state that caller has already checked, used in place of the `state` option;
 * `beforeDelivery` is awaited before each webhook attempt leaves (until what it announces is
 * kept), and an attempt it rejects fails, to be retried.
 */
export function openSandbox(
  options: SandboxOptions,
  kept?: SandboxState,
  keeping: { beforeDelivery?: () => Promise<void> } = {},
): { sandbox: Sandbox; state: ServiceState } {
  const settings = settingsOf(options, kept);
  const notifyChange = changeListener(options);
  const init = initialState(settings);
  const service = createService(init, {
    clock: settings.clock,
    // With a clock of its own a test moves time and calls runDue(); otherwise timers do.
    realTimers: options.now === undefined,
    settleStepMs: settings.settleStepMs,
    settlement: settings.settlement,
    sessionKeyTtlSeconds: settings.sessionKeyTtlSeconds,
    // A jwtSecret option signs this run's keys; the kept secret stays for the next start.
    sessionKeySecret: settings.jwtSecret ?? init.secrets.sessionKeys,
    requireSignedCheckout: options.requireSignedCheckout ?? false,
    webhookFetch: options.webhookFetch ?? ((input, init) => globalThis.fetch(input, init)),
    log: options.log,
    beforeDelivery: keeping.beforeDelivery,
    onTaskDone: notifyChange,
  });
  void service.state.apiKeys.seed('Default', settings.apiKey).then(notifyChange);
  const route = createRouter(service.routes, service.authenticate);

  async function handle(request: Request, connection?: SandboxConnection): Promise<Response> {
    if (settings.latencyMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, settings.latencyMs));
    }
    try {
      return await route(request, connection?.remoteAddress ?? null);
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error);
      options.onError?.(error, request);
      return internalErrorResponse();
    } finally {
      notifyChange();
    }
  }

  const sandbox = sandboxOf(service, { apiKey: settings.apiKey, handle, notifyChange });
  return { sandbox, state: service.state };
}

/**
 * What the state starts from: the snapshot given, or a fresh merchant's; the webhook options
 * win over what a snapshot holds.
 */
function initialState(settings: SandboxSettings): StateInit {
  const { state, merchantId } = settings;
  const startedAt = new Date(settings.clock()).toISOString();
  const init: StateInit = state
    ? stateInitOf(state)
    : {
        merchantId,
        // Kept across restarts so that keys and tokens issued before one still verify.
        secrets: { sessionKeys: randomSecret(), checkoutTokens: randomSecret() },
        apiKeys: [],
        webhook: { url: undefined, key: randomHex(32), createdAt: startedAt },
        clock: { offsetMs: 0 },
        counters: { events: 0, deliveries: 0, payments: 0, payerEvents: 0 },
        withdrawals: seedWithdrawals(merchantId, settings.clock()),
        customers: [],
        payerEvents: [],
        payments: [],
        deliveries: [],
        webhookEvents: [],
        idempotency: [],
        paidTokens: [],
        refundKeys: [],
      };
  const { previousKey } = init.webhook;
  // A key given replaces the kept one at once: a rotation under way ends with it.
  const keptKey = settings.webhookKey === undefined || settings.webhookKey === init.webhook.key;
  return {
    ...init,
    webhook: {
      url: settings.webhookUrl ?? init.webhook.url,
      key: settings.webhookKey ?? init.webhook.key,
      ...(keptKey
        ? init.webhook.createdAt && { createdAt: init.webhook.createdAt }
        : { createdAt: startedAt }),
      ...(keptKey && previousKey && { previousKey }),
    },
  };
}

/** Tells the caller's onChange, which never turns an answer into a failure nor stops a step. */
function changeListener(options: SandboxOptions): () => void {
  return () => {
    try {
      options.onChange?.();
    } catch (error) {
      options.log?.(`onChange failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
}

/** The Sandbox over a service: its reads, and the dashboard's actions, each heard of. */
function sandboxOf(
  service: Service,
  transport: { apiKey: string; handle: Sandbox['handle']; notifyChange: () => void },
): Sandbox {
  const { state, customers, payments, webhooks } = service;
  /** A dashboard action: the caller hears of it, whether it changed something or refused. */
  const dashboardAction =
    <A extends unknown[], R>(run: (...args: A) => R) =>
    (...args: A): R => {
      try {
        return run(...args);
      } finally {
        transport.notifyChange();
      }
    };
  return {
    merchantId: state.merchantId,
    apiKey: transport.apiKey,
    get apiKeys() {
      return state.apiKeys.list();
    },
    createApiKey: dashboardAction((name: string) => {
      try {
        return state.apiKeys.add(String(name));
      } catch (error) {
        const problem = error instanceof RangeError ? error.message : String(error);
        throw new ConfigError('name', messages.invalidOption('name', problem));
      }
    }),
    revokeApiKey: dashboardAction((id: string) => state.apiKeys.revoke(id)),
    apiKeyStatus: (key: string) => state.apiKeys.status(key),
    handle: transport.handle,
    get events() {
      return service.payerEvents.list();
    },
    get payments() {
      return payments.list();
    },
    get deliveries() {
      return webhooks.deliveries();
    },
    get webhookKey() {
      return state.webhook.key;
    },
    get webhookUrl() {
      return state.webhook.url;
    },
    setWebhookUrl: dashboardAction((url: string | undefined) => {
      webhooks.setUrl(url === undefined ? undefined : urlOption('url', url));
    }),
    get previousWebhookKey() {
      return webhooks.previousKey();
    },
    regenerateWebhookKey: dashboardAction(() => webhooks.regenerateKey()),
    rollWebhookKey: dashboardAction(() => webhooks.rollKey()),
    sendTestWebhook: dashboardAction(() => webhooks.sendTest()),
    resendDelivery: dashboardAction((deliveryId: string) => webhooks.resend(deliveryId)),
    advancePayment: dashboardAction(payments.advance),
    refundPayment: dashboardAction(service.refunds.refund),
    get customers() {
      return customers.list();
    },
    updateCustomer: dashboardAction(customers.update),
    addBankAccount: dashboardAction(customers.addBankAccount),
    get withdrawals() {
      return state.withdrawals;
    },
    runDue: () => service.scheduler.runDue(),
    get time() {
      return new Date(service.clock.now()).toISOString();
    },
    advanceClock: async (advanceMs: number) => {
      try {
        return await moveClock(service.clock, service.scheduler, { advanceMs });
      } finally {
        transport.notifyChange();
      }
    },
    mintCheckoutToken: (request) => service.checkoutTokens.mint(request),
    // The customer is made before the key is signed, so the caller hears of it at once.
    mintSessionKey: dashboardAction(service.sessionKeys.mint),
    reset: dashboardAction(service.reset),
    snapshot: () => snapshotOf(state),
  };
}
