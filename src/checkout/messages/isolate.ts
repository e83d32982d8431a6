// In a right-to-left message each value it places is isolated (first-strong isolate … pop), so
// that an e-mail address, an account's English name or a run of digits keeps its own direction
// and does not reorder the sentence around it.
import type { CheckoutMessages } from './catalogue.js';

type Message = string | ((values: Record<string, unknown>) => string);

const isolate = (value: unknown) => (typeof value === 'string' ? `\u2068${value}\u2069` : value);

/** The messages with every string value they place isolated. */
export function isolateValues(messages: CheckoutMessages): CheckoutMessages {
  const isolated: Record<string, Message> = {};
  for (const [key, message] of Object.entries(messages) as [string, Message][]) {
    // A file name holds no control characters.
    isolated[key] =
      typeof message === 'string' || key === 'authorizationFileName'
        ? message
        : (values) =>
            message(
              Object.fromEntries(Object.entries(values).map(([name, v]) => [name, isolate(v)])),
            );
  }
  return isolated as unknown as CheckoutMessages;
}
