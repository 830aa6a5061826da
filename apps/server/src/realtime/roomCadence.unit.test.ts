// A large busy room hands its batches to its sockets once per cadence, in order; a batch after a quiet
// spell, and every batch of a small room, goes out at once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCadence } from './roomCadence.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

function room(large: boolean) {
  const handedOver: number[] = [];
  const cadence = createCadence((batch: number) => handedOver.push(batch), {
    intervalMs: 20,
    gathers: () => large,
  });
  return { cadence, handedOver };
}

describe('room cadence', () => {
  it('hands a lone batch over at once', () => {
    const { cadence, handedOver } = room(true);
    cadence.push(1);
    expect(handedOver).toEqual([1]);
    vi.advanceTimersByTime(100);
    cadence.push(2);
    expect(handedOver).toEqual([1, 2]);
  });

  it('gathers the batches of a busy large room and hands them over together at the next cadence, in order', () => {
    const { cadence, handedOver } = room(true);
    cadence.push(1);
    vi.advanceTimersByTime(5);
    cadence.push(2);
    vi.advanceTimersByTime(10);
    cadence.push(3);
    expect(handedOver).toEqual([1]);
    vi.advanceTimersByTime(4);
    expect(handedOver).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(handedOver).toEqual([1, 2, 3]);
    // Still busy: the next batch waits for the next cadence, one interval after that hand-over.
    vi.advanceTimersByTime(5);
    cadence.push(4);
    vi.advanceTimersByTime(14);
    expect(handedOver).toEqual([1, 2, 3]);
    vi.advanceTimersByTime(1);
    expect(handedOver).toEqual([1, 2, 3, 4]);
  });

  it('hands every batch of a small room over at once', () => {
    const { cadence, handedOver } = room(false);
    for (let batch = 1; batch <= 5; batch++) cadence.push(batch);
    expect(handedOver).toEqual([1, 2, 3, 4, 5]);
  });

  it('stretches to the pace it is given when writing costs more than the interval allows, and merges what it gathered', () => {
    const handedOver: number[][] = [];
    let paceMs = 50;
    const cadence = createCadence((batches: number[]) => handedOver.push(batches), {
      intervalMs: 20,
      gathers: () => true,
      paceMs: () => paceMs,
      maxIntervalMs: 60,
      merge: (lists) => lists.flat(),
    });
    cadence.push([1]);
    vi.advanceTimersByTime(25);
    cadence.push([2]);
    cadence.push([3]);
    vi.advanceTimersByTime(20);
    expect(handedOver).toEqual([[1]]);
    vi.advanceTimersByTime(5);
    expect(handedOver).toEqual([[1], [2, 3]]);
    // Writing cheap again: the interval is back to 20 ms.
    paceMs = 0;
    vi.advanceTimersByTime(20);
    cadence.push([4]);
    expect(handedOver).toEqual([[1], [2, 3], [4]]);
  });

  it('never holds a batch longer than its longest interval, however slow writing is', () => {
    const handedOver: number[][] = [];
    const cadence = createCadence((batches: number[]) => handedOver.push(batches), {
      intervalMs: 20,
      gathers: () => true,
      paceMs: () => 500,
      maxIntervalMs: 40,
      merge: (lists) => lists.flat(),
    });
    cadence.push([1]);
    vi.advanceTimersByTime(5);
    cadence.push([2]);
    vi.advanceTimersByTime(34);
    expect(handedOver).toEqual([[1]]);
    vi.advanceTimersByTime(1);
    expect(handedOver).toEqual([[1], [2]]);
  });

  it('drops what waits when the room is no longer followed', () => {
    const { cadence, handedOver } = room(true);
    cadence.push(1);
    cadence.push(2);
    cadence.stop();
    vi.advanceTimersByTime(100);
    expect(handedOver).toEqual([1]);
  });
});
