// What a guest of the chaos scenario `network` sees of the remote video, read inside its page of the
// web app: every RTCPeerConnection the page makes is noted by an init script (the app's own code is
// untouched), and, once the guest watches, the decoded frames are polled every 100 ms in the page
// (no round trip to the driver) to find the longest time without a new frame: a frozen picture.
// At the end: frames per second, the longest gap, the gaps over 2 s, Chromium's own freeze counts,
// the picture's size, the video packets lost and received, and ICE's round trip.
import type { Page } from 'playwright-core';

/**
 * Notes every peer connection the page makes in `globalThis.chaosConnections`, with when (page clock) it
 * was made and its ICE and DTLS got connected, and when Join was clicked: a join's phases (joinPhases).
 */
export async function notePeerConnections(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Noted = { createdAt: number; iceConnectedAt: number | null; connectedAt: number | null };
    const scope = globalThis as unknown as {
      RTCPeerConnection: new (
        ...args: unknown[]
      ) => EventTarget & { iceConnectionState: string; connectionState: string };
      chaosConnections: object[];
      chaosPhases: Noted[];
      chaosJoinAt: number | null;
      document: EventTarget;
    };
    const Original = scope.RTCPeerConnection;
    const noted: object[] = [];
    const phases: Noted[] = [];
    scope.chaosConnections = noted;
    scope.chaosPhases = phases;
    scope.chaosJoinAt = null;
    scope.document.addEventListener(
      'click',
      (event) => {
        const target = event.target as { closest?: (selector: string) => unknown } | null;
        if (target?.closest?.('[data-testid="waiting-join"]')) scope.chaosJoinAt = performance.now();
      },
      true,
    );
    scope.RTCPeerConnection = class extends Original {
      constructor(...args: unknown[]) {
        super(...args);
        noted.push(this);
        const phase: Noted = { createdAt: performance.now(), iceConnectedAt: null, connectedAt: null };
        phases.push(phase);
        this.addEventListener('iceconnectionstatechange', () => {
          if (this.iceConnectionState === 'connected' && phase.iceConnectedAt === null)
            phase.iceConnectedAt = performance.now();
        });
        this.addEventListener('connectionstatechange', () => {
          if (this.connectionState === 'connected' && phase.connectedAt === null)
            phase.connectedAt = performance.now();
        });
      }
    };
  });
}

/** Where a join's time went, in ms from the Join click (null: not seen). */
export type JoinPhases = {
  /** The first peer connection made. */
  connection: number | null;
  /** The first one's ICE connected. */
  ice: number | null;
  /** The first one's DTLS done (connectionState connected). */
  dtls: number | null;
};

/** A join's phases, read in the page after its first remote frame (the earliest of each). */
export function joinPhases(page: Page): Promise<JoinPhases> {
  return page.evaluate(() => {
    type Noted = { createdAt: number; iceConnectedAt: number | null; connectedAt: number | null };
    const scope = globalThis as unknown as { chaosPhases?: Noted[]; chaosJoinAt?: number | null };
    const joinAt = scope.chaosJoinAt;
    const after = (values: (number | null)[]) => {
      if (joinAt === null || joinAt === undefined) return null;
      const seen = values.filter((value): value is number => value !== null && value >= joinAt);
      return seen.length === 0 ? null : Math.round(Math.min(...seen) - joinAt);
    };
    const phases = scope.chaosPhases ?? [];
    return {
      connection: after(phases.map((phase) => phase.createdAt)),
      ice: after(phases.map((phase) => phase.iceConnectedAt)),
      dtls: after(phases.map((phase) => phase.connectedAt)),
    };
  });
}

export const describePhases = (phases: JoinPhases) =>
  `connection +${phases.connection ?? '–'}, ICE +${phases.ice ?? '–'}, DTLS +${phases.dtls ?? '–'} ms`;

export type WatchedVideo = {
  seconds: number;
  frames: number;
  /** The longest time without a new decoded frame while watching, end included (ms). */
  longestGapMs: number;
  /** Gaps longer than FROZEN_MS. */
  frozen: number;
  /** Chromium's inbound-rtp freezeCount and totalFreezesDuration (its own, shorter definition). */
  chromiumFreezes: number;
  chromiumFrozenMs: number;
  frameWidth: number;
  frameHeight: number;
  packetsLost: number;
  packetsReceived: number;
  iceRoundTripMs: number | null;
};

/** A picture that does not change for longer than this is frozen (issue 31). */
export const FROZEN_MS = 2_000;

/** Starts polling the page's decoded frames (call right after the first remote frame showed). */
export function startWatching(page: Page): Promise<void> {
  return page.evaluate((frozenMs) => {
    type Media = { inboundVideoFrames(): Promise<ReadonlyMap<number, number>> };
    const scope = globalThis as unknown as {
      lablive?: { media: Media | null };
      chaosWatch?: { startedAt: number; last: number; frames: number; longest: number; frozen: number };
    };
    const watch = { startedAt: performance.now(), last: performance.now(), frames: 0, longest: 0, frozen: 0 };
    scope.chaosWatch = watch;
    let first: number | null = null;
    const poll = async () => {
      const counts = await scope.lablive?.media?.inboundVideoFrames();
      const total = counts ? [...counts.values()].reduce((sum, count) => sum + count, 0) : 0;
      first ??= total;
      const now = performance.now();
      if (total - first > watch.frames) {
        const gap = now - watch.last;
        watch.longest = Math.max(watch.longest, gap);
        if (gap > frozenMs) watch.frozen += 1;
        watch.frames = total - first;
        watch.last = now;
      }
      setTimeout(poll, 100);
    };
    void poll();
  }, FROZEN_MS);
}

/** What the guest saw since startWatching. */
export function watched(page: Page): Promise<WatchedVideo> {
  return page.evaluate(async (frozenMs) => {
    type Stats = Record<string, unknown>;
    const scope = globalThis as unknown as {
      chaosConnections: Array<{ getStats(): Promise<Map<string, Stats>>; connectionState: string }>;
      chaosWatch: { startedAt: number; last: number; frames: number; longest: number; frozen: number };
    };
    const watch = scope.chaosWatch;
    const now = performance.now();
    const tail = now - watch.last;
    const result = {
      seconds: (now - watch.startedAt) / 1000,
      frames: watch.frames,
      longestGapMs: Math.max(watch.longest, tail),
      frozen: watch.frozen + (tail > frozenMs ? 1 : 0),
      chromiumFreezes: 0,
      chromiumFrozenMs: 0,
      frameWidth: 0,
      frameHeight: 0,
      packetsLost: 0,
      packetsReceived: 0,
      iceRoundTripMs: null as number | null,
    };
    const number = (value: unknown) => (typeof value === 'number' ? value : 0);
    for (const connection of scope.chaosConnections) {
      if (connection.connectionState === 'closed') continue;
      for (const entry of (await connection.getStats()).values()) {
        if (entry.type === 'inbound-rtp' && entry.kind === 'video') {
          result.chromiumFreezes += number(entry.freezeCount);
          result.chromiumFrozenMs += number(entry.totalFreezesDuration) * 1000;
          result.packetsLost += number(entry.packetsLost);
          result.packetsReceived += number(entry.packetsReceived);
          if (number(entry.frameWidth) > result.frameWidth) {
            result.frameWidth = number(entry.frameWidth);
            result.frameHeight = number(entry.frameHeight);
          }
        }
        if (
          entry.type === 'candidate-pair' &&
          entry.nominated &&
          typeof entry.currentRoundTripTime === 'number'
        )
          result.iceRoundTripMs = entry.currentRoundTripTime * 1000;
      }
    }
    return result;
  }, FROZEN_MS);
}

/** The widest picture the page decodes right now (the stage's layer), 0 without video. */
export async function receivedWidth(page: Page): Promise<number> {
  return (await watched(page)).frameWidth;
}
