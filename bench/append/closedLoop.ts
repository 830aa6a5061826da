// A closed loop of `concurrency` workers taking numbered jobs until `count` are done: each job's latency
// goes to a histogram; the wall time covers the first start to the last answer, and the rates of the
// first and last tenth of the answers show whether the pace held.
import { createLatencyHistogram, type LatencyHistogram } from '../lib/latencyHistogram.ts';

export type LoopOutcome = {
  seconds: number;
  latency: LatencyHistogram;
  failures: number;
  firstTenthPerSecond: number;
  lastTenthPerSecond: number;
};

export async function closedLoop(
  concurrency: number,
  count: number,
  job: (index: number) => Promise<boolean>,
): Promise<LoopOutcome> {
  const latency = createLatencyHistogram();
  const answered = new Float64Array(count);
  let done = 0;
  let next = 0;
  let failures = 0;
  const start = performance.now();
  const worker = async () => {
    for (let index = next++; index < count; index = next++) {
      const sent = performance.now();
      const ok = await job(index);
      const now = performance.now();
      latency.record(now - sent);
      answered[done++] = now;
      if (!ok) failures++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  const end = performance.now();
  const tenth = Math.max(1, Math.floor(count / 10));
  const firstTenthEnd = answered[tenth - 1] ?? end;
  const lastTenthStart = answered[count - tenth - 1] ?? start;
  return {
    seconds: (end - start) / 1000,
    latency,
    failures,
    firstTenthPerSecond: tenth / ((firstTenthEnd - start) / 1000),
    lastTenthPerSecond: tenth / ((end - lastTenthStart) / 1000),
  };
}
