// What a mesh connection sends: the shared screen's line added and removed as sharing starts and
// stops, the polite side's camera and microphone put on the lines the other side opened, and each
// camera line's encoding (sendEncoding.ts) kept to the track it sends.
import { KINDS, type Link, type LinkContext } from './linkTypes.ts';
import { sendEncoding } from './sendEncoding.ts';

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

/**
 * Polite side: send our camera and microphone on the lines the other side opened for them. The lines
 * change at once (the answer made next says sendrecv); the tracks are put on them meanwhile, so the
 * answer does not wait: the returned promise settles once they are on, with their encodings.
 */
export function bindCamera(context: LinkContext, link: Link): Promise<void> {
  const { local } = context;
  const camera = link.received.camera;
  if (camera === null) return Promise.resolve();
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
  if (replaced.length === 0) return Promise.resolve();
  // The encodings follow the tracks: the encoder starts only once the connection is up, later still.
  return Promise.all(replaced).then(() => applyEncodings(link, context.onError));
}

/**
 * Applies the spec's bitrates and the camera's scale to the camera lines: when a negotiation settles, a
 * line is bound and a track replaced (another camera may have another size). Lines not negotiated yet
 * have no encoding to change: the next settled negotiation gets them.
 */
export function applyEncodings(link: Link, onError: (error: unknown) => void): Promise<void> {
  // One at a time: a sender accepts only the parameters it returned last, so two interleaved changes
  // would refuse each other.
  link.encodings = link.encodings.then(() => applyNow(link)).catch(onError);
  return link.encodings;
}

async function applyNow(link: Link): Promise<void> {
  for (const kind of KINDS) {
    const sender = link.senders[kind];
    if (sender === null) continue;
    const parameters = sender.getParameters();
    if (parameters.encodings.length === 0) continue;
    const wanted = sendEncoding(kind, sender.track?.getSettings() ?? null);
    const applied = (encoding: RTCRtpEncodingParameters) =>
      encoding.maxBitrate === wanted.maxBitrate &&
      (wanted.scaleResolutionDownBy === undefined ||
        encoding.scaleResolutionDownBy === wanted.scaleResolutionDownBy);
    if (parameters.encodings.every(applied)) continue;
    for (const encoding of parameters.encodings) Object.assign(encoding, wanted);
    await sender.setParameters(parameters);
  }
}
