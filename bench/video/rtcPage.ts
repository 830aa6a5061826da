// A Chromium page running pageRtc.js, seen from Node: typed calls into its `benchRtc`, and the CPU time of
// the renderer process behind it (Chromium's own figure, CDP Performance.getMetrics' ProcessTime: a page
// cannot tell its process id, and software VP8 encoding and decoding happen in that process).
import path from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';

const PAGE_SCRIPT = path.join(import.meta.dirname, 'pageRtc.js');
/**
 * An origin of its own, answered by the page's route and never by a network: getUserMedia needs a secure
 * context, which localhost is (about:blank is not).
 */
const PAGE_URL = 'http://localhost/lablive-video-bench';

export type ReceivedVideo = { id: string; framesDecoded: number; width: number; height: number };
export type SentVideo = {
  id: string;
  layers: Array<{
    rid: string;
    framesEncoded: number;
    width: number;
    height: number;
    /** What WebRTC says holds the layer back: 'none', 'cpu', 'bandwidth' or 'other'. */
    limitation: string;
  }>;
};

/** What the network did to a connection's video so far (pageRtc.js `network`). */
export type NetworkSeen = {
  packetsLost: number;
  packetsReceived: number;
  /** The sender's round trip from RTCP (media packets), or null on a receiving connection. */
  rtcpRoundTripMs: number | null;
  /** ICE's round trip (STUN), or null before one was measured. */
  iceRoundTripMs: number | null;
};

/** The page's `globalThis.benchRtc` (pageRtc.js). */
type BenchRtc = {
  publishOffer(id: string): Promise<string>;
  meshOffer(id: string): Promise<string>;
  acceptAnswer(id: string, sdp: string): Promise<void>;
  answerOffer(id: string, sdp: string): Promise<string>;
  firstFrameAt(id: string, timeoutMs: number): Promise<number | null>;
  received(ids: string[]): Promise<ReceivedVideo[]>;
  sent(ids: string[]): Promise<SentVideo[]>;
  network(id: string): Promise<NetworkSeen>;
  closeConnection(id: string): void;
};
/** The page's global object; written out in each call, as page.evaluate sends only the function's text. */
type InPage = { benchRtc: BenchRtc };

export type RtcPage = {
  readonly page: Page;
  /** An offer publishing the fake camera (640x480) and microphone to the media server, in 3 simulcast layers. */
  publishOffer(id: string): Promise<string>;
  /** An offer sending the camera to one mesh peer (320x240 at 200 kbps, as the web app's mesh). */
  meshOffer(id: string): Promise<string>;
  acceptAnswer(id: string, sdp: string): Promise<void>;
  /** A new receiving connection `id` answering `offer`. */
  answerOffer(id: string, offer: string): Promise<string>;
  /** Date.now() when connection `id` first decoded a video frame, or null after `timeoutMs`. */
  firstFrameAt(id: string, timeoutMs: number): Promise<number | null>;
  received(ids: string[]): Promise<ReceivedVideo[]>;
  sent(ids: string[]): Promise<SentVideo[]>;
  /** Packets lost and received, and the round trips, of connection `id`. */
  network(id: string): Promise<NetworkSeen>;
  closeConnection(id: string): Promise<void>;
  /** Closes the page and its browser context (every connection in it). */
  dispose(): Promise<void>;
  /** CPU seconds of the page's renderer process since it started. */
  processCpuSeconds(): Promise<number>;
};

async function processTime(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'ProcessTime')?.value ?? Number.NaN;
}

/** A new page, in a browser context of its own (as a separate person's browser would be). */
export async function openRtcPage(browser: Browser): Promise<RtcPage> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.route(PAGE_URL, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>LabLive video bench</title>' }),
  );
  await page.addInitScript({ path: PAGE_SCRIPT });
  await page.goto(PAGE_URL);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  return {
    page,
    publishOffer: (id) =>
      page.evaluate((id) => (globalThis as unknown as InPage).benchRtc.publishOffer(id), id),
    meshOffer: (id) => page.evaluate((id) => (globalThis as unknown as InPage).benchRtc.meshOffer(id), id),
    acceptAnswer: (id, sdp) =>
      page.evaluate(([id, sdp]) => (globalThis as unknown as InPage).benchRtc.acceptAnswer(id, sdp), [
        id,
        sdp,
      ] as const),
    answerOffer: (id, offer) =>
      page.evaluate(([id, offer]) => (globalThis as unknown as InPage).benchRtc.answerOffer(id, offer), [
        id,
        offer,
      ] as const),
    firstFrameAt: (id, timeoutMs) =>
      page.evaluate(
        ([id, timeoutMs]) => (globalThis as unknown as InPage).benchRtc.firstFrameAt(id, timeoutMs),
        [id, timeoutMs] as const,
      ),
    received: (ids) => page.evaluate((ids) => (globalThis as unknown as InPage).benchRtc.received(ids), ids),
    sent: (ids) => page.evaluate((ids) => (globalThis as unknown as InPage).benchRtc.sent(ids), ids),
    network: (id) => page.evaluate((id) => (globalThis as unknown as InPage).benchRtc.network(id), id),
    closeConnection: (id) =>
      page.evaluate((id) => (globalThis as unknown as InPage).benchRtc.closeConnection(id), id),
    dispose: () => context.close(),
    processCpuSeconds: () => processTime(cdp),
  };
}
