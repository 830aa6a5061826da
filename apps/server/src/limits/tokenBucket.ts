// Token buckets: a burst is allowed, a sustained rate above `perSecond` is refused. One per socket (the
// gateway), and one per participant of a room (its host), so several sockets do not multiply the rate.
export type TokenBucket = {
  take(): boolean /** Whether the bucket is full: it can be forgotten. */;
  full(): boolean;
  /** How long until `take` can succeed again (0 when it can now), to tell whoever was refused. */
  retryAfterMs(): number;
};

export function createTokenBucket(
  perSecond: number,
  burst: number,
  now: () => number = Date.now,
): TokenBucket {
  let tokens = burst;
  let last = now();
  const refill = () => {
    const current = now();
    tokens = Math.min(burst, tokens + ((current - last) / 1000) * perSecond);
    last = current;
  };
  return {
    take() {
      refill();
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
    full() {
      refill();
      return tokens >= burst;
    },
    retryAfterMs() {
      refill();
      return tokens >= 1 ? 0 : Math.ceil(((1 - tokens) / perSecond) * 1000);
    },
  };
}

/** One bucket per key, made on first use; full ones are forgotten when the map grows past `maxKeys`. */
export function createKeyedTokenBuckets<K>(
  perSecond: number,
  burst: number,
  now: () => number = Date.now,
  maxKeys = 10_000,
): { take(key: K): boolean; retryAfterMs(key: K): number } {
  const buckets = new Map<K, TokenBucket>();
  return {
    retryAfterMs: (key) => buckets.get(key)?.retryAfterMs() ?? 0,
    take(key) {
      let bucket = buckets.get(key);
      if (!bucket) {
        if (buckets.size >= maxKeys) {
          for (const [known, candidate] of buckets) if (candidate.full()) buckets.delete(known);
        }
        bucket = createTokenBucket(perSecond, burst, now);
        buckets.set(key, bucket);
      }
      return bucket.take();
    },
  };
}
