// One publisher to a growing number of viewers through the browser mesh (LabLive without JANUS_URL): each
// viewer's connection is signalled through the room socket's `signal` messages in the shape of
// apps/web/src/media/meshSignals.ts: the viewer sends a hello (`webrtc-offer` without a description),
// the publisher's page makes one more sending connection (one more encoding of the camera) and offers
// it, the viewer's page answers. Whole descriptions, no `webrtc-ice` (the web app trickles its
// candidates; here both sides wait for gathering, as with Janus, which adds the same to both). Timed
// from the viewer's hello to its first decoded frame; every step measures the viewers' frame rates and
// the publisher page's CPU, which grow with the viewers: where the mesh ends.
import type { Browser } from 'playwright-core';
import { enterRoom, type RoomPerson } from './roomPerson.ts';
import { openRtcPage, type RtcPage } from './rtcPage.ts';
import { describeWindow, measureStep, notCarried, quietMachine } from './stepWindow.ts';
import { FIRST_FRAME_TIMEOUT_MS, type VideoPlan, type VideoStep } from './videoPlan.ts';
import type { VideoServer } from './videoServer.ts';
import { type Viewer, viewerPages } from './viewerPages.ts';

const SIGNAL_TIMEOUT_MS = 20_000;
const PUBLISHER_TAB = 'publisher-tab';
/** The stream ids meshSignals.ts sends beside each description (camera only here). */
const STREAMS = { camera: 'camera', screen: null };

type Description = { type: 'offer' | 'answer'; sdp: string };
type MeshPayload = { from: string; target: string | null; description: Description | null; round: number };

const payloadOf = (payload: unknown) => payload as MeshPayload;
/** The publisher page's connection sending to a viewer. */
const sendingIdOf = (viewer: Viewer) => `to-${viewer.id}`;

/** One viewer in through the mesh; the milliseconds from its hello to its first decoded frame, or null. */
async function addViewer(
  publisher: RoomPerson,
  publisherPage: RtcPage,
  person: RoomPerson,
  viewer: Viewer,
): Promise<number | null> {
  const viewerTab = `${viewer.id}-tab`;
  const sendingId = sendingIdOf(viewer);
  const helloAt = Date.now();
  person.signal(publisher.participantId, 'webrtc-offer', {
    from: viewerTab,
    target: null,
    description: null,
    round: 0,
    streams: { camera: null, screen: null },
  });
  await publisher.nextSignal(
    'webrtc-offer',
    (signal) => signal.from === person.participantId && payloadOf(signal.payload).description === null,
    SIGNAL_TIMEOUT_MS,
  );
  const offer = await publisherPage.meshOffer(sendingId);
  publisher.signal(person.participantId, 'webrtc-offer', {
    from: PUBLISHER_TAB,
    target: viewerTab,
    description: { type: 'offer', sdp: offer },
    round: 1,
    streams: STREAMS,
  });
  const offered = await person.nextSignal(
    'webrtc-offer',
    (signal) => signal.from === publisher.participantId && payloadOf(signal.payload).target === viewerTab,
    SIGNAL_TIMEOUT_MS,
  );
  const answer = await viewer.page.answerOffer(viewer.id, payloadOf(offered.payload).description?.sdp ?? '');
  person.signal(publisher.participantId, 'webrtc-answer', {
    from: viewerTab,
    target: PUBLISHER_TAB,
    description: { type: 'answer', sdp: answer },
    round: 1,
    streams: { camera: null, screen: null },
  });
  const answered = await publisher.nextSignal(
    'webrtc-answer',
    (signal) => signal.from === person.participantId && payloadOf(signal.payload).from === viewerTab,
    SIGNAL_TIMEOUT_MS,
  );
  await publisherPage.acceptAnswer(sendingId, payloadOf(answered.payload).description?.sdp ?? '');
  const firstFrameAt = await viewer.page.firstFrameAt(viewer.id, FIRST_FRAME_TIMEOUT_MS);
  return firstFrameAt === null ? null : firstFrameAt - helloAt;
}

export async function runMeshSteps(input: {
  browser: Browser;
  server: VideoServer;
  plan: VideoPlan;
  log: (line: string) => void;
}): Promise<{ steps: VideoStep[]; stoppedBecause: string | null }> {
  const { browser, server, plan, log } = input;
  const [publisherPerson, ...viewerPeople] = server.people;
  if (!publisherPerson) throw new Error('no publisher');
  const people: RoomPerson[] = [];
  const viewers: Viewer[] = [];
  const steps: VideoStep[] = [];
  const pages = viewerPages(browser, plan.viewersPerPage);
  let publisherPage: RtcPage | null = null;
  let stoppedBecause: string | null = null;
  try {
    const publisher = await enterRoom(server.wsUrl, publisherPerson, server.roomId);
    people.push(publisher);
    publisherPage = await openRtcPage(browser);
    try {
      for (const target of plan.meshSteps) {
        const joinsMs: Array<number | null> = [];
        // Joins are timed too: they start when other processes leave this machine alone (or after a while).
        await quietMachine(null, server.pid, plan.quietWaitMs);
        while (viewers.length < target) {
          const person = viewerPeople[viewers.length];
          if (!person) throw new Error(`only ${viewerPeople.length} viewers in the room`);
          const entered = await enterRoom(server.wsUrl, person, server.roomId);
          people.push(entered);
          const viewer = await pages.place(viewers.length);
          joinsMs.push(await addViewer(publisher, publisherPage, entered, viewer));
          viewers.push(viewer);
        }
        const window = await measureStep({
          viewers,
          publisher: publisherPage,
          sending: viewers.map((viewer) => sendingIdOf(viewer)),
          janusPid: null,
          serverPid: server.pid,
          seconds: plan.windowSeconds,
          quietWaitMs: plan.quietWaitMs,
        });
        steps.push({ viewers: viewers.length, joinsMs, ...window });
        log(
          `mesh, ${viewers.length} viewers: ${describeWindow(window)}, joins ${joinsMs.map((value) => value ?? 'none').join(' ')} ms`,
        );
        if (window.frames.decoding < viewers.length || joinsMs.includes(null)) {
          stoppedBecause = notCarried(viewers.length, joinsMs, window.frames.decoding);
          break;
        }
      }
    } catch (error) {
      stoppedBecause = `at ${viewers.length + 1} viewers: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
      log(`mesh: stopped ${stoppedBecause}`);
    }
    return { steps, stoppedBecause };
  } finally {
    for (const person of people) person.close();
    for (const page of [...pages.pages(), ...(publisherPage ? [publisherPage] : [])]) await page.dispose();
  }
}
