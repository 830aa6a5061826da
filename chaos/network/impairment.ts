// The bad network of the chaos scenario `network` and the proof that it is in effect. The issue asked
// for libwebrtc's fake network (field trials WebRTC-FakeNetworkSendConfig / ReceiveConfig, read by
// call/create_call.cc into a DegradedCall); this Chromium ignores them (measured: no added delay, no
// loss), as libwebrtc's PeerConnectionFactory now builds its calls with Call::Create
// (api/enable_media.cc) and only test code goes through CreateCall. This machine's kernel has no netem
// either, so the link is badLink.c behind iptables NFQUEUE (badLinkProcess.ts), around a browser run as its own
// user id (impairedChromium.sh): like DegradedCall, by default only the call's packets, i.e. the browser's
// UDP (RTP/RTCP, with ICE and DTLS on the same 5-tuple), both ways; with `--network-all`, every packet
// of it, room socket and HTTP too.
// The proof: one clean browser sends the same 200 kbps camera to a page of a clean browser and to a
// page of the impaired one (bare connections of the video bench, bench/video/pageRtc.js); the sender's
// RTCP round trip must grow by about twice the link's delay (once each way) and the receiver must lose
// about the configured share of packets (the RTCP back loses its own share, unseen here).
import path from 'node:path';
import { launchChromium } from '@lablive/testkit/browser';
import type { Browser } from 'playwright-core';
import { openRtcPage, type RtcPage } from '../../bench/video/rtcPage.ts';
import { BAD_LINK_UID, type BadLinkConfig, type ImpairedTraffic } from './badLinkProcess.ts';

/** Issue 31's bad network: 5 % loss, 150 ms of queue delay, 1 Mbps. */
export const BAD_NETWORK = {
  lossPercent: 5,
  delayMs: 150,
  capacityKbps: 1000,
  queueLimitMs: 500,
} as const satisfies Omit<BadLinkConfig, 'traffic'>;

/** The option that puts every packet of the impaired browser behind the link, not only its UDP. */
export const ALL_TRAFFIC_FLAG = '--network-all';

/** UDP only (the call's packets, as libwebrtc's fake network), unless the run was given ALL_TRAFFIC_FLAG. */
export function impairedTraffic(argv: readonly string[] = process.argv): ImpairedTraffic {
  return argv.includes(ALL_TRAFFIC_FLAG) ? 'all' : 'udp';
}

export function badLinkConfig(traffic: ImpairedTraffic): BadLinkConfig {
  return { ...BAD_NETWORK, traffic };
}

const IMPAIRED_CHROMIUM = path.join(import.meta.dirname, 'impairedChromium.sh');

/**
 * A Chromium whose every packet goes through the bad link while startBadLink runs. Pages of the
 * web app served on 127.0.0.1 stay a secure context, so the waiting room's devices work as usual.
 */
export function launchImpairedChromium(): Promise<Browser> {
  process.env.LABLIVE_BADNET_UID = String(BAD_LINK_UID);
  return launchChromium({ signals: false, executablePath: IMPAIRED_CHROMIUM });
}

export type LinkSeen = {
  /** Share of the video packets the receiver lost during the window, in %. */
  lossPercent: number;
  /** The sender's RTCP round trip at the end of the window (ms). */
  rtcpRoundTripMs: number;
  /** ICE's round trip (STUN) at the end of the window (ms). */
  iceRoundTripMs: number;
};

export type ImpairmentProof = { clean: LinkSeen; impaired: LinkSeen };

const FIRST_FRAME_TIMEOUT_MS = 20_000;

/** One camera sent from `sender` to a new page of `receiverBrowser` for `seconds`: what the link did. */
async function measureLink(sender: RtcPage, receiverBrowser: Browser, label: string, seconds: number) {
  const receiver = await openRtcPage(receiverBrowser);
  try {
    const sending = `to-${label}`;
    const offer = await sender.meshOffer(sending);
    await sender.acceptAnswer(sending, await receiver.answerOffer(label, offer));
    if ((await receiver.firstFrameAt(label, FIRST_FRAME_TIMEOUT_MS)) === null)
      throw new Error(`the ${label} link decoded no frame in ${FIRST_FRAME_TIMEOUT_MS / 1000} s`);
    const before = await receiver.network(label);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const after = await receiver.network(label);
    const sent = await sender.network(sending);
    await sender.closeConnection(sending);
    const lost = after.packetsLost - before.packetsLost;
    const received = after.packetsReceived - before.packetsReceived;
    return {
      lossPercent: lost + received > 0 ? (100 * lost) / (lost + received) : Number.NaN,
      rtcpRoundTripMs: sent.rtcpRoundTripMs ?? Number.NaN,
      iceRoundTripMs: sent.iceRoundTripMs ?? Number.NaN,
    };
  } finally {
    await receiver.dispose();
  }
}

/** The same camera over a clean link and over the impaired one, one after the other. */
export async function proveImpairment(
  clean: Browser,
  impaired: Browser,
  seconds: number,
): Promise<ImpairmentProof> {
  const sender = await openRtcPage(clean);
  try {
    return {
      clean: await measureLink(sender, clean, 'clean', seconds),
      impaired: await measureLink(sender, impaired, 'impaired', seconds),
    };
  } finally {
    await sender.dispose();
  }
}

/** Whether the impaired link shows the configured loss and delay (and the clean one neither). */
export function impairmentInEffect(proof: ImpairmentProof): boolean {
  const addedRoundTrip = proof.impaired.rtcpRoundTripMs - proof.clean.rtcpRoundTripMs;
  const twoWayDelay = 2 * BAD_NETWORK.delayMs;
  return (
    addedRoundTrip >= 0.8 * twoWayDelay &&
    addedRoundTrip <= twoWayDelay + 150 &&
    // NACK retransmissions recover part of what the link drops before the receiver counts it lost.
    proof.impaired.lossPercent >= 1 &&
    proof.impaired.lossPercent <= BAD_NETWORK.lossPercent * 2 &&
    proof.clean.lossPercent < 1
  );
}

const ms = (value: number) => `${Math.round(value)} ms`;
const pct = (value: number) => `${value.toFixed(1)} %`;

export function describeProof(proof: ImpairmentProof): string {
  const { clean, impaired } = proof;
  return (
    `RTCP round trip ${ms(impaired.rtcpRoundTripMs)} impaired vs ${ms(clean.rtcpRoundTripMs)} clean ` +
    `(+${ms(impaired.rtcpRoundTripMs - clean.rtcpRoundTripMs)}, expected +${2 * BAD_NETWORK.delayMs} ms), ` +
    `video packets lost ${pct(impaired.lossPercent)} vs ${pct(clean.lossPercent)} ` +
    `(expected ${BAD_NETWORK.lossPercent} %); ICE round trip ${ms(impaired.iceRoundTripMs)} vs ${ms(clean.iceRoundTripMs)}`
  );
}
