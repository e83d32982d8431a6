import type * as z from 'zod/mini';
import { ConfigError, type FieldIssue } from './errors.js';
import { messages } from './messages.js';

export type Validation<T> = { ok: true; value: T } | { ok: false; issues: FieldIssue[] };

/** Runs a schema and turns its issues into field paths with readable problems. */
export function validate<S extends z.ZodMiniType>(
  schema: S,
  input: unknown,
): Validation<z.infer<S>> {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, issues: result.error.issues.map(toFieldIssue) };
}

/** Checks a developer's option, throwing a ConfigError that names the first bad field. */
export function checkOption<S extends z.ZodMiniType>(
  name: string,
  schema: S,
  value: unknown,
): z.infer<S> {
  const result = validate(schema, value);
  if (result.ok) return result.value;
  const issue = result.issues[0]!;
  const option = issue.path ? `${name}.${issue.path}` : name;
  throw new ConfigError(option, messages.invalidOption(option, issue.problem));
}

function toFieldIssue(issue: z.core.$ZodIssue): FieldIssue {
  return { path: issue.path.map(String).join('.'), problem: describeIssue(issue) };
}

// The schemas' own checks carry their message (src/core/schema-checks.ts); types, enum values
// and union members are worded here from what zod reports.
function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'is required' : `must be ${typeName(issue.expected)}`;
    case 'invalid_value':
      return `must be one of ${listValues(issue.values)}`;
    case 'invalid_union':
      // A discriminated union names its accepted discriminator values.
      return 'options' in issue && issue.options
        ? `must be one of ${listValues(issue.options)}`
        : 'does not match any accepted shape';
    default:
      return issue.message;
  }
}

function typeName(expected: string): string {
  if (expected === 'int') return 'an integer';
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

export function listValues(values: readonly unknown[]): string {
  const shown = values.slice(0, 6).map((value) => JSON.stringify(value));
  return values.length > 6
    ? `${shown.join(', ')}, ... (${values.length} values)`
    : shown.join(', ');
}
