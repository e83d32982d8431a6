// The building blocks of every schema. Each check is a refinement with its own message. zod's
// built-in integer, enum, length and format checks each add their own code to the browser
// bundle, about 1.2 kB together.
import * as z from 'zod/mini';
import { listValues } from './validate.js';

/**
 * Builds a schema where it is used. Module-level zod calls count as side effects, so without
 * this a bundle would keep every schema, the server's included, even when unused.
 */
/* @__NO_SIDE_EFFECTS__ */
export function pure<T>(build: () => T): T {
  return build();
}

export const checked = <T>(
  schema: z.ZodMiniType<T>,
  test: (value: T) => boolean,
  problem: string,
) => schema.check(z.refine(test, problem));
export const pattern = (regex: RegExp, problem: string) =>
  checked(z.string(), (value) => regex.test(value), problem);
export const nonEmpty = () => checked(z.string(), (value) => value.length > 0, 'must not be empty');
export const int = () => checked(z.number(), Number.isSafeInteger, 'must be an integer');
/** A string from a fixed list, typed as the list's union. */
export const oneOf = <const T extends string>(values: readonly T[]) =>
  checked(
    z.string(),
    (value) => (values as readonly string[]).includes(value),
    `must be one of ${listValues(values)}`,
  ) as z.ZodMiniType<T>;

const ISO_UTC_MILLIS =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;
export const isoTimestamp = () =>
  pattern(ISO_UTC_MILLIS, 'must be an ISO 8601 UTC timestamp with milliseconds');
