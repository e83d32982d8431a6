// The sandbox command's settings, read from its flags and environment before anything starts.
import { describe, expect, it } from 'vitest';
import { readCommandLine, UsageError } from '../../src/sandbox/transports/cli-options.js';

describe('the settlement setting', () => {
  it('keeps the fast steps unless told banking days, by --settlement or SANDBOX_SETTLEMENT', () => {
    expect(readCommandLine([], {})?.sandbox.settlement).toBe('steps');
    expect(readCommandLine([], { SANDBOX_SETTLEMENT: 'banking' })?.sandbox.settlement).toBe(
      'banking',
    );
    expect(readCommandLine(['--settlement', 'banking'], {})?.sandbox.settlement).toBe('banking');
    // A flag wins over its variable.
    expect(
      readCommandLine(['--settlement=steps'], { SANDBOX_SETTLEMENT: 'banking' })?.sandbox
        .settlement,
    ).toBe('steps');
  });

  it('refuses a settlement it does not know, or a flag without its value, naming it', () => {
    expect(() => readCommandLine([], { SANDBOX_SETTLEMENT: 'weekly' })).toThrow(
      new UsageError('SANDBOX_SETTLEMENT must be "steps" or "banking"; received "weekly"'),
    );
    expect(() => readCommandLine(['--settlement', 'Banking'], {})).toThrow(
      /--settlement must be "steps" or "banking"; received "Banking"/,
    );
    expect(() => readCommandLine(['--settlement'], {})).toThrow(/--settlement needs a value/);
  });
});
