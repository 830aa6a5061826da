// One part of the chaos scenario `network`: a webinar (webinar.ts) through the mesh or through Janus,
// its animator on a clean network, its guests behind the bad link (a staying guest and guests coming
// and going, guestCycles.ts) for the part's duration; then the link is lifted and, through Janus, the
// staying guest's picture must come back to the stage's layer (the web app's layer policy drops a
// subscription to the lowest layer under loss and lifts it after 10 s of good readings).
import type { Browser } from 'playwright-core';
import type { BenchJanus } from '../../bench/video/janusProcess.ts';
import { type BadLinkConfig, type BadLinkCounts, startBadLink } from './badLinkProcess.ts';
import { type CyclesResult, cleanJoins, cycleGuests, type GuestPlan, stayingGuest } from './guestCycles.ts';
import { receivedWidth, type WatchedVideo } from './watchedVideo.ts';
import { startWebinar } from './webinar.ts';

/** The thumbnails' layer: a quarter of the 1280 px camera (apps/web/src/media/janusEncodings.ts). */
export const LOWEST_LAYER_WIDTH = 320;
/** Recovery: 10 s of good readings (layerPolicy.ts), a keyframe, and slack for a loaded machine. */
const RECOVERY_TIMEOUT_MS = 45_000;

export type PartResult = {
  label: string;
  cycles: CyclesResult;
  stayer: WatchedVideo;
  /** The staying guest's picture width, every 2 s, while the link was bad (0s left out). */
  widths: number[];
  link: BadLinkCounts | null;
  /** Through Janus: how long after the link was lifted the picture was wider than the lowest layer. */
  recovery: { ms: number | null; width: number } | null;
  /** The same joins on the clean network, before the link went up (the baseline). */
  cleanJoinsMs: number[];
};

async function waitForWidth(browserPage: Parameters<typeof receivedWidth>[0]) {
  const liftedAt = Date.now();
  let width = 0;
  while (Date.now() - liftedAt < RECOVERY_TIMEOUT_MS) {
    width = await receivedWidth(browserPage);
    if (width > LOWEST_LAYER_WIDTH) return { ms: Date.now() - liftedAt, width };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { ms: null, width };
}

export async function runNetworkPart(input: {
  label: string;
  janus: BenchJanus | null;
  link: BadLinkConfig;
  clean: Browser;
  impaired: Browser;
  plan: GuestPlan;
  log: (line: string) => void;
}): Promise<PartResult> {
  const { label, janus, clean, impaired, plan, log } = input;
  const webinar = await startWebinar(label, janus, clean);
  try {
    const cleanJoinsMs = await cleanJoins(impaired, webinar.url, webinar.eventPath, plan.cleanJoins, (line) =>
      log(`${label}: ${line}`),
    );
    log(`${label}: animator in the room at ${webinar.url}${webinar.eventPath}; the bad link goes up`);
    const link = await startBadLink(input.link);
    let counts: BadLinkCounts | null = null;
    try {
      const stayer = await stayingGuest(impaired, webinar.url, webinar.eventPath);
      try {
        const cycles = await cycleGuests(impaired, webinar.url, webinar.eventPath, plan, (line) =>
          log(`${label}: ${line}`),
        );
        const seen = await stayer.finish();
        const widths = stayer.widths.filter((width) => width > 0);
        counts = await link.stop();
        log(`${label}: the bad link is lifted; link counts ${JSON.stringify(counts)}`);
        const recovery = janus ? await waitForWidth(stayer.visitor.page) : null;
        return { label, cycles, stayer: seen, widths, link: counts, recovery, cleanJoinsMs };
      } finally {
        await stayer.visitor.close();
      }
    } finally {
      if (counts === null) await link.stop();
    }
  } finally {
    await webinar.stop();
  }
}
