// The simulcast layer policy: a poor network drops a subscription to the lowest layer instead of
// freezing it, and it climbs back after 10 s of good readings.
import { describe, expect, it } from 'vitest';
import {
  effectiveLayer,
  initialLayerPolicy,
  isStalled,
  judgeReading,
  type LayerPolicyState,
  nextLayerPolicy,
  type VideoReading,
  videoReading,
} from './layerPolicy.ts';

/** Readings every 2 s at 30 fps and 100 packets a second, with `lossPercent` of them lost. */
function readings(count: number, from: VideoReading, options: { lossPercent?: number; fps?: number } = {}) {
  const out: VideoReading[] = [];
  let last = from;
  for (let index = 0; index < count; index += 1) {
    const lost = ((options.lossPercent ?? 0) / 100) * 200;
    last = {
      at: last.at + 2_000,
      packetsReceived: last.packetsReceived + 200 - lost,
      packetsLost: last.packetsLost + lost,
      framesDecoded: last.framesDecoded + 2 * (options.fps ?? 30),
    };
    out.push(last);
  }
  return out;
}

function run(state: LayerPolicyState, sequence: readonly VideoReading[], watchFrameRate = true) {
  return sequence.reduce((current, reading) => nextLayerPolicy(current, reading, watchFrameRate), state);
}

const start: VideoReading = { at: 0, packetsReceived: 50, packetsLost: 0, framesDecoded: 10 };

describe('judging a window of readings', () => {
  it('is good at full rate, poor above 5 % lost packets, on a freeze or a collapsed frame rate', () => {
    const [good] = readings(1, start);
    const [lossy] = readings(1, start, { lossPercent: 8 });
    const [slightlyLossy] = readings(1, start, { lossPercent: 4 });
    const [collapsed] = readings(1, start, { fps: 2 });
    const frozen = { ...start, at: 2_000, packetsReceived: 250 };
    const stalled = { ...start, at: 2_000 };
    expect(judgeReading(start, good as VideoReading, true)).toBe('good');
    expect(judgeReading(start, slightlyLossy as VideoReading, true)).toBe('good');
    expect(judgeReading(start, lossy as VideoReading, true)).toBe('poor');
    expect(judgeReading(start, collapsed as VideoReading, true)).toBe('poor');
    expect(judgeReading(start, frozen, true)).toBe('poor');
    expect(judgeReading(start, stalled, true)).toBe('poor');
  });

  it('counts only losses for a shared screen, which sends few frames while nothing moves', () => {
    const [still] = readings(1, start, { fps: 1 });
    const [lossy] = readings(1, start, { fps: 1, lossPercent: 10 });
    expect(judgeReading(start, still as VideoReading, false)).toBe('good');
    expect(judgeReading(start, lossy as VideoReading, false)).toBe('poor');
  });

  it('says nothing before the first packet, over a window too short, or when counters restarted', () => {
    const empty = { at: 0, packetsReceived: 0, packetsLost: 0, framesDecoded: 0 };
    expect(judgeReading(empty, { ...empty, at: 2_000 }, true)).toBe('unknown');
    expect(judgeReading(start, { ...start, at: 100 }, true)).toBe('unknown');
    expect(
      judgeReading(start, { at: 2_000, packetsReceived: 10, packetsLost: 0, framesDecoded: 2 }, true),
    ).toBe('unknown');
  });
});

describe('the layer received', () => {
  it('keeps the wanted layer while the readings are good', () => {
    const state = run(initialLayerPolicy, [start, ...readings(5, start)]);
    expect(effectiveLayer(state, 2)).toBe(2);
  });

  it('drops to the lowest layer on a poor reading and goes back up after 10 s of good ones', () => {
    const lossy = readings(1, start, { lossPercent: 10 });
    const dropped = run(initialLayerPolicy, [start, ...lossy]);
    expect(effectiveLayer(dropped, 2)).toBe(0);

    const last = lossy[0] as VideoReading;
    const good = readings(6, last);
    const afterEight = run(dropped, good.slice(0, 4));
    expect(effectiveLayer(afterEight, 2)).toBe(0);
    const afterTen = run(afterEight, good.slice(4, 5));
    expect(effectiveLayer(afterTen, 2)).toBe(2);
  });

  it('starts counting the good readings again after another poor one', () => {
    const lossy = readings(1, start, { lossPercent: 10 });
    const dropped = run(initialLayerPolicy, [start, ...lossy]);
    const good = readings(3, lossy[0] as VideoReading);
    const relapse = readings(1, good[2] as VideoReading, { lossPercent: 20 });
    const recovering = readings(4, relapse[0] as VideoReading);
    const state = run(dropped, [...good, ...relapse, ...recovering]);
    expect(effectiveLayer(state, 2)).toBe(0);
    expect(effectiveLayer(run(state, readings(1, recovering[3] as VideoReading)), 2)).toBe(2);
  });

  it('never asks more than the layout wants', () => {
    expect(effectiveLayer(initialLayerPolicy, 0)).toBe(0);
  });
});

describe('a stalled camera', () => {
  /** Readings every 2 s with packets arriving and no frame decoded (a keyframe that never comes). */
  function frozen(count: number, from: VideoReading): VideoReading[] {
    return Array.from({ length: count }, (_, index) => ({
      ...from,
      at: from.at + 2_000 * (index + 1),
      packetsReceived: from.packetsReceived + 200 * (index + 1),
    }));
  }

  it('is stalled after 6 s without a frame, having decoded some before', () => {
    const flowing = readings(3, start);
    const last = flowing[2] as VideoReading;
    const still = frozen(3, last);
    const fourSeconds = run(initialLayerPolicy, [start, ...flowing, ...still.slice(0, 2)]);
    expect(isStalled(fourSeconds)).toBe(false);
    // Limited to the lowest layer first, and that did not bring the picture back either.
    expect(effectiveLayer(fourSeconds, 2)).toBe(0);
    expect(isStalled(run(fourSeconds, still.slice(2)))).toBe(true);
  });

  it('is stalled when nothing arrives at all any more', () => {
    const flowing = readings(2, start);
    const silent = [2, 4, 6].map((seconds) => ({
      ...(flowing[1] as VideoReading),
      at: 4_000 + seconds * 1_000,
    }));
    expect(isStalled(run(initialLayerPolicy, [start, ...flowing, ...silent]))).toBe(true);
  });

  it('is not stalled on a slow but moving picture, nor before its first frame', () => {
    const slow = readings(6, start, { fps: 1 });
    expect(isStalled(run(initialLayerPolicy, [start, ...slow]))).toBe(false);
    const empty = { at: 0, packetsReceived: 0, packetsLost: 0, framesDecoded: 0 };
    const packetsOnly = frozen(6, { ...empty, packetsReceived: 10 });
    expect(isStalled(run(initialLayerPolicy, [empty, ...packetsOnly]))).toBe(false);
  });
});

describe('readings from getStats', () => {
  it('sums the inbound video streams and ignores the rest', () => {
    const report = new Map<string, unknown>([
      ['a', { type: 'inbound-rtp', kind: 'video', packetsReceived: 100, packetsLost: 3, framesDecoded: 40 }],
      ['b', { type: 'inbound-rtp', kind: 'audio', packetsReceived: 500, packetsLost: 9 }],
      ['c', { type: 'candidate-pair', bytesReceived: 10 }],
    ]);
    expect(videoReading(report, 1_000)).toEqual({
      at: 1_000,
      packetsReceived: 100,
      packetsLost: 3,
      framesDecoded: 40,
    });
    expect(videoReading(new Map(), 0)).toBeNull();
  });
});
