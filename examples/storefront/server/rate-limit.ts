// A limit on how often one client (a remote address) may do something, held in this process's
// memory: it protects this process's work, so it need not be shared with other processes.

export interface RateLimiter {
  /** Counts one use by `key`; the seconds to wait before the next, when over the limit. */
  take(key: string): number | undefined;
}

/** At most `max` uses per key within any `windowMs`; `maxTracked` keys at most are remembered. */
export function createRateLimiter(options: {
  max: number;
  windowMs: number;
  maxTracked: number;
  now: () => number;
}): RateLimiter {
  const uses = new Map<string, number[]>();
  return {
    take(key) {
      const now = options.now();
      const recent = (uses.get(key) ?? []).filter((at) => at > now - options.windowMs);
      const refused = recent.length >= options.max;
      // Re-inserted, so the map's first entry is always the key seen longest ago: the one to
      // forget when too many are tracked.
      uses.delete(key);
      uses.set(key, refused ? recent : [...recent, now]);
      if (uses.size > options.maxTracked) uses.delete(uses.keys().next().value!);
      return refused
        ? Math.max(1, Math.ceil((recent[0]! + options.windowMs - now) / 1000))
        : undefined;
    },
  };
}
