// Speaking detection: the level that counts as speaking (above 0.02, spec section 9) and the hold that
// keeps the indicator steady between words.
import { describe, expect, it } from 'vitest';
import { createSpeakingDetector, rmsLevel, SPEAKING_HOLD_MS, SPEAKING_THRESHOLD } from './audioLevel.ts';

describe('rmsLevel', () => {
  it('is zero for silence and for no samples', () => {
    expect(rmsLevel(new Float32Array(512))).toBe(0);
    expect(rmsLevel([])).toBe(0);
  });

  it('is the amplitude of a square wave and amplitude/√2 of a sine', () => {
    expect(rmsLevel([0.5, -0.5, 0.5, -0.5])).toBeCloseTo(0.5);
    const sine = Array.from({ length: 1000 }, (_, index) => 0.1 * Math.sin((2 * Math.PI * index) / 100));
    expect(rmsLevel(sine)).toBeCloseTo(0.1 / Math.SQRT2, 4);
  });
});

describe('speaking detector', () => {
  it('uses the spec threshold of 0.02', () => {
    expect(SPEAKING_THRESHOLD).toBe(0.02);
  });

  it('never reports speaking for levels at or below 0.02', () => {
    const detector = createSpeakingDetector();
    const changes = [0, 0.005, 0.0199, 0.02, 0.01].map((level, index) => detector.push(level, index * 100));
    expect(changes).toEqual([null, null, null, null, null]);
    expect(detector.speaking).toBe(false);
  });

  it('reports speaking at once when the level goes above 0.02, and only once', () => {
    const detector = createSpeakingDetector();
    expect(detector.push(0.01, 0)).toBeNull();
    expect(detector.push(0.021, 100)).toBe(true);
    expect(detector.push(0.3, 200)).toBeNull();
    expect(detector.speaking).toBe(true);
  });

  it('holds speaking through pauses shorter than the hold, then stops after a quiet hold', () => {
    const detector = createSpeakingDetector();
    detector.push(0.05, 0);
    // A pause between words.
    expect(detector.push(0.001, 100)).toBeNull();
    expect(detector.push(0.001, SPEAKING_HOLD_MS - 1)).toBeNull();
    expect(detector.push(0.05, SPEAKING_HOLD_MS)).toBeNull();
    // The voice drops for good: off once the quiet lasted the hold, counted from the last loud level.
    expect(detector.push(0.001, SPEAKING_HOLD_MS + 100)).toBeNull();
    expect(detector.push(0.001, 2 * SPEAKING_HOLD_MS - 1)).toBeNull();
    expect(detector.push(0.001, 2 * SPEAKING_HOLD_MS)).toBe(false);
    expect(detector.push(0.001, 3 * SPEAKING_HOLD_MS)).toBeNull();
  });

  it('takes another threshold and hold when given', () => {
    const detector = createSpeakingDetector({ threshold: 0.1, holdMs: 0 });
    expect(detector.push(0.05, 0)).toBeNull();
    expect(detector.push(0.2, 1)).toBe(true);
    expect(detector.push(0.05, 1)).toBe(false);
  });
});
