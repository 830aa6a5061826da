// What the subscribers received: one bit per (subscriber, message) to count each delivery once and spot
// duplicates, a delivery count and a latency histogram per step. Messages are numbered across the run;
// each step owns a contiguous range of numbers.
import { createLatencyHistogram, type LatencyHistogram } from '../lib/latencyHistogram.ts';

type Step = {
  firstSeq: number;
  endSeq: number;
  delivered: number;
  duplicates: number;
  latency: LatencyHistogram;
};

export type DeliveryRecorder = {
  /** Reserves `count` message numbers for a new step; returns its index and first number. */
  beginStep(count: number): { step: number; firstSeq: number };
  record(subscriber: number, seq: number, scheduledMs: number, receivedMs: number): void;
  delivered(step: number): number;
  duplicates(step: number): number;
  latency(step: number): LatencyHistogram;
  /** Deliveries (of any step) seen so far: to wait for a quiet moment. */
  total(): number;
};

export function createDeliveryRecorder(subscribers: number, capacity: number): DeliveryRecorder {
  const bytesPer = Math.ceil(capacity / 8);
  const seen = new Uint8Array(subscribers * bytesPer);
  const steps: Step[] = [];
  let nextSeq = 0;
  let total = 0;

  function stepOf(seq: number): Step | undefined {
    for (let i = steps.length - 1; i >= 0; i--) {
      const step = steps[i];
      if (step && seq >= step.firstSeq) return seq < step.endSeq ? step : undefined;
    }
    return undefined;
  }

  const at = (step: number): Step => {
    const found = steps[step];
    if (!found) throw new Error(`no step ${step}`);
    return found;
  };

  return {
    beginStep(count) {
      if (nextSeq + count > capacity) throw new Error(`more messages than planned (${capacity})`);
      const step: Step = {
        firstSeq: nextSeq,
        endSeq: nextSeq + count,
        delivered: 0,
        duplicates: 0,
        latency: createLatencyHistogram(),
      };
      nextSeq += count;
      steps.push(step);
      return { step: steps.length - 1, firstSeq: step.firstSeq };
    },
    record(subscriber, seq, scheduledMs, receivedMs) {
      total++;
      const step = stepOf(seq);
      if (!step) return;
      const byte = subscriber * bytesPer + (seq >> 3);
      const bit = 1 << (seq & 7);
      const current = seen[byte] ?? 0;
      if (current & bit) {
        step.duplicates++;
        return;
      }
      seen[byte] = current | bit;
      step.delivered++;
      step.latency.record(receivedMs - scheduledMs);
    },
    delivered: (step) => at(step).delivered,
    duplicates: (step) => at(step).duplicates,
    latency: (step) => at(step).latency,
    total: () => total,
  };
}
