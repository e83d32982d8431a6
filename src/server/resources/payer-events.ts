// Payer events: POST /api/events, what the merchant tells the service of a payer before a
// purchase (sign-up, sign-in, a failed sign-in, a buyer challenge). Each is checked before it is
// sent, and never retried on its own.
import type * as z from 'zod/mini';
import type { ApiKeyRequest } from '../../core/api-key.js';
import { ConfigError } from '../../core/errors.js';
import {
  buyerChallengeEventSchema,
  eventResponseSchema,
  payerEventSchema,
  signInEventSchema,
  signInFailureEventSchema,
  signUpEventSchema,
  type BuyerChallengeEvent,
  type PayerEvent,
  type SignInEvent,
  type SignInFailureEvent,
  type SignUpEvent,
} from '../../core/schemas.js';
import { validate } from '../../core/validate.js';
import { serverMessages } from '../messages.js';

/** A payer event without its `eventType`, which the method sending it sets. */
export type EventFields<E> = Omit<E, 'eventType'>;

export function payerEventCalls(request: ApiKeyRequest) {
  /** Checks the event `method` was given, with `eventType` set when the method sets it. */
  async function post(
    method: string,
    schema: z.ZodMiniType,
    event: unknown,
    eventType?: PayerEvent['eventType'],
  ): Promise<void> {
    const fields = eventObject(method, event);
    const checked = validate(schema, eventType === undefined ? fields : { ...fields, eventType });
    if (!checked.ok) {
      const issue = checked.issues[0] ?? { path: '', problem: 'is not a payer event' };
      const field = issue.path || 'event';
      throw new ConfigError(field, serverMessages.eventInvalid(method, field, issue.problem));
    }
    await request({
      method: 'POST',
      path: '/api/events',
      schema: eventResponseSchema,
      body: checked.value,
    });
  }

  return {
    sendEvent: (event: PayerEvent) => post('sendEvent', payerEventSchema, event),
    signUp: (event: EventFields<SignUpEvent>) => post('signUp', signUpEventSchema, event, 'SignUp'),
    signIn: (event: EventFields<SignInEvent>) => post('signIn', signInEventSchema, event, 'SignIn'),
    signInFailure: (event: EventFields<SignInFailureEvent>) =>
      post('signInFailure', signInFailureEventSchema, event, 'SignInFailure'),
    buyerChallenge: (event: EventFields<BuyerChallengeEvent>) =>
      post('buyerChallenge', buyerChallengeEventSchema, event, 'BuyerChallenge'),
  };
}

function eventObject(method: string, event: unknown): object {
  if (typeof event !== 'object' || event === null || Array.isArray(event)) {
    throw new ConfigError(
      'event',
      serverMessages.eventInvalid(method, 'event', 'must be an object'),
    );
  }
  return event;
}
