// A token bucket per connection: a burst is allowed, a sustained rate above `perSecond` is refused.
export type TokenBucket = { take(): boolean };

export function createTokenBucket(
  perSecond: number,
  burst: number,
  now: () => number = Date.now,
): TokenBucket {
  let tokens = burst;
  let last = now();
  return {
    take() {
      const current = now();
      tokens = Math.min(burst, tokens + ((current - last) / 1000) * perSecond);
      last = current;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
