// Which simulcast layer a subscription receives (provider `janus`): the one the layout wants (the
// stage's participant the highest, thumbnails the lowest), unless the network says otherwise. Every
// couple of seconds the session reads the subscription's inbound video statistics; a reading that
// loses more than 5 % of its packets, freezes (packets but no frame decoded, or nothing at all) or
// whose frame rate collapsed drops the subscription to the lowest layer, and it goes back up after
// 10 s of good readings. A camera that decoded frames and then none for 6 s, even in the lowest layer,
// is stalled: the session subscribes again (a new subscription gets a keyframe and a fresh simulcast
// state on the media server) instead of leaving the picture frozen. Pure: the session feeds it readings
// and the clock.
import type { MediaLayer } from '@lablive/protocol';

/** Cumulative counters of a subscription's inbound video (getStats `inbound-rtp`), at a time in ms. */
export type VideoReading = {
  at: number;
  packetsReceived: number;
  packetsLost: number;
  framesDecoded: number;
};

export const LAYER_POLICY = {
  /** How often the session reads the statistics. */
  intervalMs: 2_000,
  /** Above this share of lost packets, a reading is poor. */
  maxLossRatio: 0.05,
  /** Under this many frames a second a camera's reading is poor (a frozen or collapsed picture). */
  minCameraFps: 5,
  /** Good readings for this long lift the limit. */
  recoveryMs: 10_000,
  /** No frame decoded for this long, after some were: the subscription is stalled. */
  stallMs: 6_000,
} as const;

export type LayerPolicyState = {
  /** The previous reading, to measure the window since. */
  last: VideoReading | null;
  /** The network could not carry more: the lowest layer whatever the layout wants. */
  limited: boolean;
  /** Since when the readings have been good while limited. */
  goodSince: number | null;
  /** When a reading last saw more frames decoded (null: none yet on this subscription). */
  lastFrameAt: number | null;
};

export const initialLayerPolicy: LayerPolicyState = {
  last: null,
  limited: false,
  goodSince: null,
  lastFrameAt: null,
};

export type ReadingVerdict = 'good' | 'poor' | 'unknown';

/**
 * What the window between two readings says of the network. `watchFrameRate`: a camera is expected to
 * keep its frame rate; a shared screen sends few frames while nothing moves, so only its losses count.
 */
export function judgeReading(
  previous: VideoReading,
  current: VideoReading,
  watchFrameRate: boolean,
): ReadingVerdict {
  const seconds = (current.at - previous.at) / 1000;
  const received = current.packetsReceived - previous.packetsReceived;
  const lost = current.packetsLost - previous.packetsLost;
  const frames = current.framesDecoded - previous.framesDecoded;
  // Counters that went back (a new connection) or a window too short to mean anything.
  if (seconds <= 0.5 || received < 0 || frames < 0) return 'unknown';
  // Nothing received yet at all: the subscription is starting, not failing.
  if (current.packetsReceived === 0) return 'unknown';
  if (
    received + Math.max(0, lost) > 0 &&
    Math.max(0, lost) / (received + Math.max(0, lost)) > LAYER_POLICY.maxLossRatio
  )
    return 'poor';
  if (!watchFrameRate) return 'good';
  // Frozen: nothing arrives any more, or packets arrive and no picture comes out of them.
  if (received === 0 || frames === 0) return 'poor';
  return frames / seconds < LAYER_POLICY.minCameraFps ? 'poor' : 'good';
}

/** The state after a reading. */
export function nextLayerPolicy(
  state: LayerPolicyState,
  reading: VideoReading,
  watchFrameRate: boolean,
): LayerPolicyState {
  const verdict = state.last === null ? 'unknown' : judgeReading(state.last, reading, watchFrameRate);
  const decoded = reading.framesDecoded > (state.last?.framesDecoded ?? 0);
  const lastFrameAt = decoded ? reading.at : state.lastFrameAt;
  if (verdict === 'poor') return { last: reading, limited: true, goodSince: null, lastFrameAt };
  if (verdict === 'unknown' || !state.limited) return { ...state, last: reading, lastFrameAt };
  const goodSince = state.goodSince ?? state.last?.at ?? reading.at;
  if (reading.at - goodSince >= LAYER_POLICY.recoveryMs)
    return { last: reading, limited: false, goodSince: null, lastFrameAt };
  return { last: reading, limited: true, goodSince, lastFrameAt };
}

/**
 * Whether a camera's subscription decoded frames once and none for `stallMs` since, whatever the
 * layer: subscribe again. A subscription that never decoded one is left alone (its publisher may send
 * no video), so subscribing again happens once per stall, not in a loop.
 */
export function isStalled(state: LayerPolicyState): boolean {
  return (
    state.lastFrameAt !== null &&
    state.last !== null &&
    state.last.at - state.lastFrameAt >= LAYER_POLICY.stallMs
  );
}

/** The layer to receive: what the layout wants, or the lowest while the network is limited. */
export function effectiveLayer(state: LayerPolicyState, wanted: MediaLayer): MediaLayer {
  return state.limited ? 0 : wanted;
}

/** Cumulative inbound video counters of a stats report (all inbound video streams summed), or null. */
export function videoReading(report: ReadonlyMap<string, unknown>, at: number): VideoReading | null {
  let found = false;
  const reading: VideoReading = { at, packetsReceived: 0, packetsLost: 0, framesDecoded: 0 };
  for (const entry of report.values()) {
    if (typeof entry !== 'object' || entry === null) continue;
    const stats = entry as Record<string, unknown>;
    if (stats.type !== 'inbound-rtp' || stats.kind !== 'video') continue;
    found = true;
    const count = (key: string) => (typeof stats[key] === 'number' ? (stats[key] as number) : 0);
    reading.packetsReceived += count('packetsReceived');
    reading.packetsLost += count('packetsLost');
    reading.framesDecoded += count('framesDecoded');
  }
  return found ? reading : null;
}
