// What a page's WebRTC connections are doing, for a browser test that failed on video: each connection's
// states, its inbound video counters (packets, frames, keyframes, PLIs, freezes) and its outbound layers,
// read with getStats.
// A frozen picture on CI then says whether nothing arrived (the media server or the network) or packets
// came and no frame was decoded (a keyframe that never came).
import type { Page } from 'playwright-core';

declare global {
  interface Window {
    __peerConnections?: RTCPeerConnection[];
  }
}

/** Keeps every RTCPeerConnection the page creates, so peerConnectionReport can read them. */
export async function recordPeerConnections(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const created: RTCPeerConnection[] = [];
    window.__peerConnections = created;
    window.RTCPeerConnection = class extends Native {
      constructor(configuration?: RTCConfiguration) {
        super(configuration);
        created.push(this);
      }
    } as typeof RTCPeerConnection;
  });
}

/** One line per open connection of the page (closed ones are left out). */
export function peerConnectionReport(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const lines: string[] = [];
    for (const [index, connection] of (window.__peerConnections ?? []).entries()) {
      if (connection.connectionState === 'closed') continue;
      const stats = await connection.getStats();
      const video: string[] = [];
      const show = (entry: Record<string, unknown>, keys: string[]) =>
        keys.map((key) => `${key}=${String(entry[key] ?? '-')}`).join(' ');
      stats.forEach((entry: Record<string, unknown>) => {
        if (entry.kind !== 'video') return;
        if (entry.type === 'inbound-rtp') {
          const last = entry.lastPacketReceivedTimestamp;
          // Chromium stamps statistics in milliseconds since the epoch.
          const age = typeof last === 'number' ? `${Math.round(Date.now() - last)} ms` : '-';
          const keys = [
            'packetsReceived',
            'packetsLost',
            'framesDecoded',
            'keyFramesDecoded',
            'framesDropped',
            'framesPerSecond',
            'pliCount',
            'nackCount',
            'freezeCount',
            'frameWidth',
          ];
          video.push(`in: ${show(entry, keys)} lastPacket=${age} ago`);
        }
        // What a publisher sends, per simulcast layer: a layer the encoder stopped or shrank shows here.
        if (entry.type === 'outbound-rtp') {
          const keys = [
            'rid',
            'active',
            'frameWidth',
            'framesPerSecond',
            'framesSent',
            'qualityLimitationReason',
          ];
          video.push(`out: ${show(entry, keys)}`);
        }
      });
      lines.push(
        `#${index} ${connection.connectionState}/${connection.iceConnectionState} ${video.join(' | ') || 'no video'}`,
      );
    }
    return lines.join('\n');
  });
}

/**
 * The widths of the video layers a page sends now, largest first (a layer not sending is left out):
 * Chromium shrinks every simulcast layer when the CPU cannot encode them all, so a test reads them.
 */
export function sentVideoWidths(page: Page): Promise<number[]> {
  return page.evaluate(async () => {
    const widths: number[] = [];
    for (const connection of window.__peerConnections ?? []) {
      if (connection.connectionState === 'closed') continue;
      (await connection.getStats()).forEach((entry: Record<string, unknown>) => {
        if (entry.type !== 'outbound-rtp' || entry.kind !== 'video') return;
        const width = entry.frameWidth;
        const rate = entry.framesPerSecond;
        if (typeof width === 'number' && width > 0 && typeof rate === 'number' && rate > 0)
          widths.push(width);
      });
    }
    return widths.sort((a, b) => b - a);
  });
}
