// What a mesh connection sends: the shared screen's line added and removed as sharing starts and
// stops, the polite side's camera and microphone put on the lines the other side opened, and the
// spec's publishing bitrates applied once a negotiation settles.
import { KINDS, type Link, type LinkContext } from './linkTypes.ts';

/** Publishing bitrates of the live-room spec (section 9, second reading), per receiving peer. */
const MAX_BITRATE = { audio: 64_000, video: 200_000 } as const;

/** Adds or removes the shared screen's line to match what we share now. */
export function syncScreen({ local }: LinkContext, link: Link): void {
  if (link.pc.signalingState === 'closed') return;
  const screen = local.screen();
  const track = screen?.getVideoTracks()[0] ?? null;
  if (link.screenSender !== null && link.screenSender.track !== track) {
    link.pc.removeTrack(link.screenSender);
    link.screenSender = null;
  }
  if (screen !== null && track !== null && link.screenSender === null) {
    link.screenSender = link.pc.addTrack(track, screen);
  }
}

/** Polite side: send our camera and microphone on the lines the other side opened for them. */
export async function bindCamera({ local }: LinkContext, link: Link): Promise<void> {
  const camera = link.received.camera;
  if (camera === null) return;
  const replaced: Promise<void>[] = [];
  for (const kind of KINDS) {
    if (link.senders[kind] !== null) continue;
    const transceiver = link.pc
      .getTransceivers()
      .find(
        (candidate) =>
          candidate.receiver.track.kind === kind &&
          camera.getTrackById(candidate.receiver.track.id) !== null &&
          candidate.sender.track === null &&
          candidate.currentDirection !== 'stopped',
      );
    if (transceiver === undefined) continue;
    transceiver.direction = 'sendrecv';
    transceiver.sender.setStreams(local.stream);
    link.senders[kind] = transceiver.sender;
    replaced.push(transceiver.sender.replaceTrack(local.track(kind)));
  }
  // Both at once: the answer waits for them.
  await Promise.all(replaced);
}

export async function capBitrates(link: Link, onError: (error: unknown) => void): Promise<void> {
  for (const kind of KINDS) {
    const sender = link.senders[kind];
    if (sender === null) continue;
    const parameters = sender.getParameters();
    if (parameters.encodings.length === 0) continue;
    if (parameters.encodings.every((encoding) => encoding.maxBitrate === MAX_BITRATE[kind])) continue;
    for (const encoding of parameters.encodings) encoding.maxBitrate = MAX_BITRATE[kind];
    await sender.setParameters(parameters).catch(onError);
  }
}
