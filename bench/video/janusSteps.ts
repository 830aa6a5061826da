// One publisher to a growing number of viewers through Janus, as LabLive's server drives it: the
// publisher's page offers its camera in three simulcast layers through the room socket's `publish`; each
// viewer added asks `subscribe` (layer 2, the full picture), answers the server's offer in its page and
// sends `start`, timed from the subscribe request to its first decoded frame. At each step every viewer's
// frame rate and Janus's CPU are measured over a window. The steps stop early when a viewer gets no
// picture: past what this machine carries.
import type { Browser } from 'playwright-core';
import type { BenchJanus } from './janusProcess.ts';
import { enterRoom, type RoomPerson } from './roomPerson.ts';
import type { RtcPage } from './rtcPage.ts';
import { openRtcPage } from './rtcPage.ts';
import { describeWindow, measureStep, notCarried, percent, quietMachine } from './stepWindow.ts';
import { FIRST_FRAME_TIMEOUT_MS, VIEWER_LAYER, type VideoPlan, type VideoStep } from './videoPlan.ts';
import type { VideoServer } from './videoServer.ts';
import { type Viewer, viewerPages } from './viewerPages.ts';

const PUBLISHER_CONNECTION = 'publisher';
/** A feed is listed once its media reached Janus. */
const FEED_LIVE_TIMEOUT_MS = 20_000;
/** The top layer appears once the publisher's bandwidth estimate allows it. */
const TOP_LAYER_TIMEOUT_MS = 20_000;

export type JanusRun = {
  steps: VideoStep[];
  stoppedBecause: string | null;
  cameraFps: number;
  layerZeroFrame: string | null;
};

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== null) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Publishes the camera and waits until its feed is live at Janus and its top layer is being sent. */
async function publish(publisher: RoomPerson, page: RtcPage): Promise<number> {
  const offer = await page.publishOffer(PUBLISHER_CONNECTION);
  const { feed, answer } = await publisher.media({ action: 'publish', source: 'camera', offer });
  await page.acceptAnswer(PUBLISHER_CONNECTION, answer);
  await until('the feed listed as live', FEED_LIVE_TIMEOUT_MS, async () => {
    const { feeds } = await publisher.media({ action: 'feeds' });
    return feeds.some((listed) => listed.feed === feed) ? true : null;
  });
  await until('the top simulcast layer sent', TOP_LAYER_TIMEOUT_MS, async () => {
    const [sent] = await page.sent([PUBLISHER_CONNECTION]);
    return sent?.layers.some((layer) => layer.rid === 'h' && layer.framesEncoded > 0) ? true : null;
  });
  return feed;
}

/** Frames the publisher's top layer encoded per second: the camera's pace. */
async function cameraFps(page: RtcPage): Promise<number> {
  const topFrames = async () =>
    (await page.sent([PUBLISHER_CONNECTION]))[0]?.layers.find((layer) => layer.rid === 'h')?.framesEncoded ??
    0;
  const before = await topFrames();
  const startedAt = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  return ((await topFrames()) - before) / ((performance.now() - startedAt) / 1000);
}

type JanusViewer = Viewer & { person: RoomPerson; subscription: string };

/** One viewer in: subscribe, answer, start; the milliseconds from the request to the first frame, or null. */
async function addViewer(
  person: RoomPerson,
  viewer: Viewer,
  feed: number,
): Promise<{ joined: JanusViewer; ms: number | null }> {
  const requestedAt = Date.now();
  const { subscription, offer } = await person.media({ action: 'subscribe', feed, layer: VIEWER_LAYER });
  const answer = await viewer.page.answerOffer(viewer.id, offer);
  await person.media({ action: 'start', subscription, answer });
  const firstFrameAt = await viewer.page.firstFrameAt(viewer.id, FIRST_FRAME_TIMEOUT_MS);
  return {
    joined: { ...viewer, person, subscription },
    ms: firstFrameAt === null ? null : firstFrameAt - requestedAt,
  };
}

/**
 * Moves a viewer to layer 0 (thumbnails, poor networks) and returns the picture it decodes once the
 * switch shows (Janus switches at the next keyframe), or what it still decodes after 10 s.
 */
async function switchToLayerZero(viewer: JanusViewer): Promise<string | null> {
  const [before] = await viewer.page.received([viewer.id]);
  await viewer.person.media({ action: 'layer', subscription: viewer.subscription, layer: 0 });
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [seen] = await viewer.page.received([viewer.id]);
    const changed = seen && before && seen.width * seen.height < before.width * before.height;
    if (!seen || changed || Date.now() > deadline) return seen ? `${seen.width}x${seen.height}` : null;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function runJanusSteps(input: {
  browser: Browser;
  server: VideoServer;
  janus: BenchJanus;
  plan: VideoPlan;
  log: (line: string) => void;
}): Promise<JanusRun> {
  const { browser, server, plan, log } = input;
  const [publisherPerson, ...viewerPeople] = server.people;
  if (!publisherPerson) throw new Error('no publisher');
  const people: RoomPerson[] = [];
  const steps: VideoStep[] = [];
  const viewers: JanusViewer[] = [];
  let stoppedBecause: string | null = null;
  let layerZeroFrame: string | null = null;
  const pages = viewerPages(browser, plan.viewersPerPage);
  let publisherPage: RtcPage | null = null;
  try {
    const publisher = await enterRoom(server.wsUrl, publisherPerson, server.roomId);
    people.push(publisher);
    publisherPage = await openRtcPage(browser);
    const feed = await publish(publisher, publisherPage);
    const fps = await cameraFps(publisherPage);
    log(`Janus: feed ${feed} live, camera at ${fps.toFixed(1)} frames/s`);
    try {
      for (const target of plan.janusSteps) {
        const joinsMs: Array<number | null> = [];
        // Joins are timed too: they start when other processes leave this machine alone (or after a while).
        await quietMachine(input.janus.pid, server.pid, plan.quietWaitMs);
        while (viewers.length < target) {
          const person = viewerPeople[viewers.length];
          if (!person) throw new Error(`only ${viewerPeople.length} viewers in the room`);
          const entered = await enterRoom(server.wsUrl, person, server.roomId);
          people.push(entered);
          const { joined, ms } = await addViewer(entered, await pages.place(viewers.length), feed);
          viewers.push(joined);
          joinsMs.push(ms);
        }
        const window = await measureStep({
          viewers,
          publisher: publisherPage,
          sending: [PUBLISHER_CONNECTION],
          janusPid: input.janus.pid,
          serverPid: server.pid,
          seconds: plan.windowSeconds,
          quietWaitMs: plan.quietWaitMs,
        });
        steps.push({ viewers: viewers.length, joinsMs, ...window });
        log(
          `Janus, ${viewers.length} viewers: ${describeWindow(window)}, Janus ${percent(window.cpu.janus)} of a core, ` +
            `joins ${joinsMs.map((value) => value ?? 'none').join(' ')} ms`,
        );
        if (window.frames.decoding < viewers.length || joinsMs.includes(null)) {
          stoppedBecause = notCarried(viewers.length, joinsMs, window.frames.decoding);
          break;
        }
      }
    } catch (error) {
      // Chromium or Janus giving up is this machine's limit: the steps measured so far stand.
      stoppedBecause = `at ${viewers.length + 1} viewers: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
      log(`Janus: stopped ${stoppedBecause}`);
    }
    const first = viewers[0];
    if (first && stoppedBecause === null) {
      layerZeroFrame = await switchToLayerZero(first);
      log(`Janus: viewer 0 on layer 0 decodes ${layerZeroFrame}`);
    }
    return { steps, stoppedBecause, cameraFps: fps, layerZeroFrame };
  } finally {
    for (const person of people) person.close();
    // The next part measures the mesh on the same machine: nothing of this one may go on decoding.
    for (const page of [...pages.pages(), ...(publisherPage ? [publisherPage] : [])]) await page.dispose();
  }
}
