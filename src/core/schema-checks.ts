// Field schemas that several schemas share, each built on zod's own checks with the message a
// developer reads. zod reports wrong types, enum values and union members by itself; validate.ts
// words those.
import * as z from 'zod/mini';

export const nonEmpty = () => z.string().check(z.minLength(1, 'must not be empty'));

// The message also covers integers beyond Number.MAX_SAFE_INTEGER, which zod reports as too big.
export const integer = () => z.int({ error: 'must be an integer' });

export const positiveInt = () => integer().check(z.positive('must be greater than 0'));

export const uuid = () => z.guid('must be a UUID');

// A plain pattern rather than zod's stricter default: the service remains the judge of what it
// accepts.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const emailAddress = () => z.email({ pattern: EMAIL, error: 'must be an e-mail address' });

/** As `Date.prototype.toISOString()` writes it: UTC, with milliseconds. */
export const isoTimestamp = () =>
  z.iso.datetime({
    precision: 3,
    error: 'must be an ISO 8601 UTC timestamp with milliseconds',
  });

export const atLeastOne = <T extends z.ZodMiniType>(item: T) =>
  z.array(item).check(z.minLength(1, 'must have at least 1 item'));

/** A schema with a check zod has no word for: `test` must hold, else `problem` is reported. */
export const refined = <T>(
  schema: z.ZodMiniType<T>,
  test: (value: T) => boolean,
  problem: string,
) => schema.check(z.refine(test, problem));

/**
 * An object of the merchant's own (`webhookInfo`, `rawProductData`): checked against `shape`,
 * and passed on exactly as it came. zod's objects leave a `__proto__` key out of what they return
 * (assigning it would replace the result's prototype); the merchant's data keeps it, as an own
 * key like any other.
 */
export const keptAsSent = <S extends z.ZodMiniObject>(shape: S) =>
  z.unknown().check(
    z.superRefine((value, ctx) => {
      const checked = shape.safeParse(value, { reportInput: true });
      for (const issue of checked.error?.issues ?? []) ctx.addIssue({ ...issue });
    }),
  ) as unknown as z.ZodMiniType<z.output<S>>;
