// Latencies without keeping every sample: 10 µs buckets up to 2 s (exact enough for a p99 against a
// 100 ms budget), the rare slower ones kept as they are. Percentiles answer the bucket's upper bound.
const BUCKET_MS = 0.01;
const BUCKETS = 200_000;

export type LatencyHistogram = {
  record(ms: number): void;
  count(): number;
  /** p in [0, 100]; NaN when nothing was recorded. */
  percentile(p: number): number;
  max(): number;
  mean(): number;
};

export function createLatencyHistogram(): LatencyHistogram {
  const buckets = new Uint32Array(BUCKETS);
  const slow: number[] = [];
  let total = 0;
  let sum = 0;
  let highest = Number.NaN;
  return {
    record(ms) {
      const value = ms < 0 ? 0 : ms;
      total++;
      sum += value;
      if (!(value <= highest)) highest = value;
      const index = Math.floor(value / BUCKET_MS);
      if (index < BUCKETS) buckets[index] = (buckets[index] ?? 0) + 1;
      else slow.push(value);
    },
    count: () => total,
    percentile(p) {
      if (total === 0) return Number.NaN;
      const rank = Math.max(1, Math.ceil((p / 100) * total));
      let seen = 0;
      for (let index = 0; index < BUCKETS; index++) {
        seen += buckets[index] ?? 0;
        if (seen >= rank) return Math.min((index + 1) * BUCKET_MS, highest);
      }
      slow.sort((a, b) => a - b);
      return slow[rank - seen - 1] ?? highest;
    },
    max: () => highest,
    mean: () => (total === 0 ? Number.NaN : sum / total),
  };
}
