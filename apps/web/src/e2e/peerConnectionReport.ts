// What a page's WebRTC connections are doing, for a browser test that failed on video: each connection's
// states and its inbound video counters (packets, frames, keyframes, PLIs, freezes), read with getStats.
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
      stats.forEach((entry: Record<string, unknown>) => {
        if (entry.type !== 'inbound-rtp' || entry.kind !== 'video') return;
        const keys = [
          'packetsReceived',
          'packetsLost',
          'framesReceived',
          'framesDecoded',
          'keyFramesDecoded',
          'framesDropped',
          'pliCount',
          'firCount',
          'nackCount',
          'freezeCount',
          'frameWidth',
        ];
        const last = entry.lastPacketReceivedTimestamp;
        // Chromium stamps statistics in milliseconds since the epoch.
        const age = typeof last === 'number' ? `${Math.round(Date.now() - last)} ms` : '-';
        video.push(
          `${keys.map((key) => `${key}=${String(entry[key] ?? '-')}`).join(' ')} lastPacket=${age} ago`,
        );
      });
      lines.push(
        `#${index} ${connection.connectionState}/${connection.iceConnectionState} ${video.join(' | ') || 'no inbound video'}`,
      );
    }
    return lines.join('\n');
  });
}
