// Speaking detection of the local microphone: the RMS level of the signal read with a WebAudio
// AnalyserNode, and a detector that says "speaking" above the live-room spec's threshold (section 9:
// 0.02) and holds it a little after the voice drops, so the speaking indicator does not flicker
// between words. The detector is pure (levels and times in, changes out); the watcher is its browser
// shell.

export const SPEAKING_THRESHOLD = 0.02;
/** Quiet must last this long before "speaking" turns off: the pauses between words are shorter. */
export const SPEAKING_HOLD_MS = 500;
/** How often the level is read: ten times a second follows speech without costing the page. */
export const LEVEL_SAMPLE_MS = 100;

/** Root mean square of samples in [-1, 1]: the loudness WebAudio's time-domain data gives. */
export function rmsLevel(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let index = 0; index < samples.length; index += 1) {
    const sample = samples[index] ?? 0;
    sum += sample * sample;
  }
  return Math.sqrt(sum / samples.length);
}

export type SpeakingDetector = {
  /** Feeds one level read at `now` (ms); answers the new state when it changed, otherwise null. */
  push(level: number, now: number): boolean | null;
  readonly speaking: boolean;
};

export function createSpeakingDetector(
  options: { threshold?: number; holdMs?: number } = {},
): SpeakingDetector {
  const threshold = options.threshold ?? SPEAKING_THRESHOLD;
  const holdMs = options.holdMs ?? SPEAKING_HOLD_MS;
  let speaking = false;
  let lastLoudAt = Number.NEGATIVE_INFINITY;
  return {
    get speaking() {
      return speaking;
    },
    push(level, now) {
      if (level > threshold) {
        lastLoudAt = now;
        if (speaking) return null;
        speaking = true;
        return true;
      }
      if (!speaking || now - lastLoudAt < holdMs) return null;
      speaking = false;
      return false;
    },
  };
}

/**
 * Reads the level of a microphone track and reports speaking changes. A disabled track reads as
 * silence, so a muted microphone never counts as speaking. Returns the function that stops it.
 */
export function watchSpeaking(
  track: MediaStreamTrack,
  onChange: (speaking: boolean) => void,
  clock: () => number = () => performance.now(),
): () => void {
  const context = new AudioContext();
  const source = context.createMediaStreamSource(new MediaStream([track]));
  const analyser = context.createAnalyser();
  analyser.fftSize = 1024;
  source.connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  const detector = createSpeakingDetector();
  // An AudioContext created without a user gesture starts suspended; the room is entered by a click,
  // but a reload lands here without one: resume on the next gesture.
  const resume = () => void context.resume().catch(() => undefined);
  if (context.state === 'suspended') {
    resume();
    window.addEventListener('pointerdown', resume, { once: true });
    window.addEventListener('keydown', resume, { once: true });
  }
  const timer = window.setInterval(() => {
    analyser.getFloatTimeDomainData(samples);
    const change = detector.push(rmsLevel(samples), clock());
    if (change !== null) onChange(change);
  }, LEVEL_SAMPLE_MS);
  return () => {
    window.clearInterval(timer);
    window.removeEventListener('pointerdown', resume);
    window.removeEventListener('keydown', resume);
    source.disconnect();
    void context.close().catch(() => undefined);
    if (detector.speaking) onChange(false);
  };
}
