// The sandbox command's log line for an unexpected error: one line, no stack.
import { describe, expect, it } from 'vitest';
import { errorLine } from '../../src/sandbox/transports/error-line.js';

const request = new Request('http://127.0.0.1:4010/api/events?x=1', { method: 'POST' });

describe('errorLine', () => {
  it('names the request and the error, without the stack', () => {
    const error = new RangeError('Maximum call stack size exceeded');
    expect(error.stack).toMatch(/\n\s+at /);
    expect(errorLine(error, request)).toBe(
      'POST /api/events failed: RangeError: Maximum call stack size exceeded',
    );
  });

  it('keeps a message with newlines or terminal escapes on one line', () => {
    const line = errorLine(new Error('first\nsecond\r\n\u001b[31mforged log line'), request);
    expect(line).toBe('POST /api/events failed: Error: first second [31mforged log line');
  });

  it('bounds the length and describes what is not an Error', () => {
    expect(errorLine(new Error('x'.repeat(10_000)), request).length).toBe(300);
    expect(errorLine('a string', request)).toBe('POST /api/events failed: a string');
    const hostile = {
      toString() {
        throw new Error('no');
      },
    };
    expect(errorLine(hostile, request)).toMatch(/cannot be described$/);
  });
});
