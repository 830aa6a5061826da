// Chaos scenario `network` (issue 31, part 6): video in Chromium on a bad network, 5 % loss, 150 ms of
// delay each way and 1 Mbps, through the web app as built (apps/web/dist: build it first, e.g.
// `TURBO_TELEMETRY_DISABLED=1 npx turbo run build --filter=@lablive/web`). An animator on a clean
// network publishes; guests in a browser behind the bad link (impairment.ts: why not libwebrtc's
// field trials) watch: one for the whole part, three coming and going, for 5 minutes (45 s with --quick)
// through the mesh, then the same through a real Janus. The link impairs the browser's UDP (the call's
// media, as libwebrtc's fake network did); `npm run chaos -- --only=network --network-all` impairs its
// HTTP and room socket too. Root, iptables, gcc and libnetfilter-queue-dev are needed (badLinkNeeds.ts:
// installed with apt-get when missing, else a failed check naming them). Checks: the link is in effect
// (RTCP round trip and loss, clean against impaired), join → first remote frame p90 ≤ 1.5 s, no picture
// frozen longer than 2 s, and through Janus the stage's picture dropping to the lowest layer and coming
// back once the link is lifted. Figures: the same joins on the clean network first (the baseline), and
// where a join's time went (peer connection made, ICE connected, DTLS done, first frame).
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchChromium } from '@lablive/testkit/browser';
import { onCleanup } from '../../bench/lib/cleanup.ts';
import { REPO_ROOT } from '../../bench/lib/pinnedProcess.ts';
import { startBenchJanus } from '../../bench/video/janusProcess.ts';
import type { ScenarioContext, ScenarioOutcome } from '../lib/scenario.ts';
import { ensureBadLinkNeeds } from './badLinkNeeds.ts';
import { type ImpairedTraffic, startBadLink } from './badLinkProcess.ts';
import {
  ALL_TRAFFIC_FLAG,
  BAD_NETWORK,
  badLinkConfig,
  describeProof,
  impairedTraffic,
  impairmentInEffect,
  launchImpairedChromium,
  proveImpairment,
} from './impairment.ts';
import { runNetworkPart } from './networkPart.ts';
import { MIN_JOINS, partChecks, partFigures, proofFigures } from './networkReport.ts';

const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist/index.html');

export async function run(context: ScenarioContext): Promise<ScenarioOutcome> {
  const { quick, log } = context;
  if (!existsSync(WEB_DIST))
    throw new Error(`no built web app at ${WEB_DIST}: run npx turbo run build --filter=@lablive/web first`);
  const plan = {
    cycling: 3,
    durationMs: quick ? 45_000 : 300_000,
    watchMs: quick ? 12_000 : 40_000,
    cleanJoins: quick ? 3 : 10,
  };
  const minJoins = quick ? MIN_JOINS.quick : MIN_JOINS.full;
  const loadAtStart = os.loadavg()[0] ?? 0;
  const traffic = impairedTraffic();
  const link = badLinkConfig(traffic);
  const needs = await ensureBadLinkNeeds(log);
  if (!needs.ready)
    return {
      setup: `Not run: the bad link cannot be set up on this machine (${needs.detail}).`,
      checks: [
        {
          name: 'the bad link can be set up (root, iptables, gcc, libnetfilter-queue-dev)',
          passed: false,
          detail: needs.detail,
        },
      ],
      figures: [],
    };

  const clean = await launchChromium({ signals: false });
  onCleanup('close the clean browser', () => clean.close());
  const impaired = await launchImpairedChromium();
  onCleanup('close the impaired browser', () => impaired.close());

  const proofLink = await startBadLink(link);
  const proof = await proveImpairment(clean, impaired, quick ? 8 : 20);
  await proofLink.stop();
  log(`the bad link: ${describeProof(proof)}`);

  const mesh = await runNetworkPart({ label: 'mesh', janus: null, link, clean, impaired, plan, log });
  const janus = await startBenchJanus();
  let media: Awaited<ReturnType<typeof runNetworkPart>>;
  try {
    media = await runNetworkPart({ label: 'Janus', janus, link, clean, impaired, plan, log });
  } finally {
    await janus.stop();
  }

  const { lossPercent, delayMs, capacityKbps } = BAD_NETWORK;
  return {
    setup:
      `An animator on a clean network publishes its camera; guests in a Chromium behind a bad link ` +
      `(${lossPercent} % loss, ${delayMs} ms each way, ${capacityKbps / 1000} Mbps; ${describeTraffic(traffic)}) ` +
      `watch through the built web app: one for the whole part, ${plan.cycling} joining and leaving, ` +
      `${plan.durationMs / 60_000} min through the mesh, then the same through Janus. ` +
      `Prerequisites: ${needs.detail} (the scenario runs as root and apt-gets what is missing).`,
    checks: [
      {
        name: 'the bad network is in effect',
        passed: impairmentInEffect(proof),
        detail: describeProof(proof),
      },
      ...partChecks(mesh, minJoins),
      ...partChecks(media, minJoins),
    ],
    figures: [
      ...proofFigures(proof),
      ...partFigures(mesh),
      ...partFigures(media),
      {
        name: 'load average (1 min) at start and end',
        value: `${loadAtStart.toFixed(2)} and ${(os.loadavg()[0] ?? 0).toFixed(2)} on ${os.cpus().length} cores`,
      },
    ],
    notes: [
      "libwebrtc's fake network (field trials WebRTC-FakeNetworkSendConfig/ReceiveConfig) is not " +
        'honoured by this Chromium (no added delay, no loss measured: PeerConnectionFactory builds its ' +
        'calls with Call::Create, not the DegradedCall of call/create_call.cc), and the kernel has no ' +
        'netem: the link is chaos/network/badLink.c, fed by iptables NFQUEUE for the browser run as its ' +
        `own user id; by default on its UDP only (media, ICE, DTLS), as DegradedCall impaired only the ` +
        `call's packets; ${ALL_TRAFFIC_FLAG} impairs its room socket and HTTP too, as a real bad network does.`,
      `A join's floor on this link: ICE connected takes at least one round trip (${2 * BAD_NETWORK.delayMs} ms), ` +
        "DTLS 1.2's handshake (Janus) two more, the first media half of one: about 1.05 s before any " +
        'signalling, any keyframe at 1 Mbps and any handshake packet lost (one of ten at 5 % loss; DTLS ' +
        'retransmits after a timer). The phases above show where the rest went; the clean joins show ' +
        'what the app and this machine take without the link.',
    ],
  };
}

function describeTraffic(traffic: ImpairedTraffic): string {
  return traffic === 'udp'
    ? "the browser's UDP only: RTP/RTCP with ICE and DTLS, HTTP and the room socket clean"
    : `every packet of the browser, HTTP and the room socket included (${ALL_TRAFFIC_FLAG})`;
}
