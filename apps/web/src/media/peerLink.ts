// One RTCPeerConnection towards a remote participant, negotiated with the "perfect negotiation"
// pattern (W3C WebRTC 1.0, section 10.7). The impolite side opens with the camera and microphone
// transceivers; the polite side answers on those same transceivers, so a pair always has exactly one
// audio and one video line for the camera, whoever offered first. A screen share adds a line.
import type { SignalKind } from '@lablive/protocol';
import { applyEncodings, bindCamera, syncScreen } from './linkSenders.ts';
import { KINDS, type Link, type LinkContext } from './linkTypes.ts';
import { candidateFields, type MeshStreams } from './meshSignals.ts';
import { acceptsAnswer, offerAction, shouldIgnoreOffer } from './negotiation.ts';
import { sendEncoding } from './sendEncoding.ts';
import { NOTHING_RECEIVED, withDeclared, withoutStream, withStream } from './streamRoles.ts';

export type DescriptionMessage = {
  description: { type: 'offer' | 'answer'; sdp: string };
  round: number;
  streams: MeshStreams;
};

const signal = (context: LinkContext, link: Link, kind: SignalKind, body: object) =>
  context.send(kind, { from: link.id, target: link.remote, ...body });

const ours = ({ local }: LinkContext): MeshStreams => ({
  camera: local.stream.id,
  screen: local.screen()?.id ?? null,
});

export function openLink(context: LinkContext): Link {
  const { local, onError } = context;
  const pc = new RTCPeerConnection(context.configuration);
  const link: Link = {
    id: context.createId(),
    pc,
    remote: null,
    makingOffer: false,
    ignoreOffer: false,
    settingRemoteAnswer: false,
    offerRound: 0,
    answeredRound: null,
    senders: { audio: null, video: null },
    screenSender: null,
    declared: { camera: null, screen: null },
    received: NOTHING_RECEIVED,
    failed: false,
    pendingCandidates: [],
    encodings: Promise.resolve(),
  };
  const isCurrent = () => context.isCurrent(link);
  if (!context.polite) {
    for (const kind of KINDS) {
      // Sent even without a device: the line exists, so the other side's camera is still received.
      // The encoding is set from the start, so the encoder never begins with a picture it would drop.
      const track = local.track(kind);
      const init: RTCRtpTransceiverInit = {
        direction: 'sendrecv',
        streams: [local.stream],
        sendEncodings: [sendEncoding(kind, track?.getSettings() ?? null)],
      };
      link.senders[kind] = pc.addTransceiver(track ?? kind, init).sender;
    }
  }
  syncScreen(context, link);
  pc.onnegotiationneeded = async () => {
    if (!isCurrent()) return;
    try {
      link.makingOffer = true;
      link.offerRound += 1;
      await pc.setLocalDescription();
      if (isCurrent()) describe(context, link);
    } catch (error) {
      onError(error);
    } finally {
      link.makingOffer = false;
    }
  };
  pc.onicecandidate = ({ candidate }) => {
    if (candidate === null || candidate.candidate === '' || !isCurrent()) return;
    signal(context, link, 'webrtc-ice', { candidate: candidateFields(candidate) });
  };
  pc.ontrack = ({ streams }) => {
    const stream = streams[0];
    if (stream === undefined || !isCurrent()) return;
    link.received = withStream(link.received, stream, link.declared);
    stream.onremovetrack = () => {
      if (stream.getTracks().length > 0 || !isCurrent()) return;
      link.received = withoutStream(link.received, stream.id);
      context.onChange();
    };
    context.onChange();
  };
  pc.onconnectionstatechange = () => {
    if (!isCurrent()) return;
    const failed = pc.connectionState === 'failed' || pc.connectionState === 'closed';
    if (failed !== link.failed) {
      link.failed = failed;
      context.onChange();
    }
    context.onConnectionState(link, pc.connectionState);
  };
  pc.onsignalingstatechange = () => {
    if (isCurrent() && pc.signalingState === 'stable') void applyEncodings(link, onError);
  };
  return link;
}

/** Sends our current description, offer or answer, with the round it belongs to. */
export function describe(context: LinkContext, link: Link): void {
  const description = link.pc.localDescription;
  if (description === null) return;
  const { type, sdp } = description;
  if (type !== 'offer' && type !== 'answer') return;
  signal(context, link, type === 'offer' ? 'webrtc-offer' : 'webrtc-answer', {
    description: { type, sdp },
    round: type === 'offer' ? link.offerRound : (link.answeredRound ?? 0),
    streams: ours(context),
  });
}

/** The polite side's hello: a new connection asking the other side to open with an offer. */
export function greet(context: LinkContext, link: Link): void {
  signal(context, link, 'webrtc-offer', { description: null, round: 0, streams: ours(context) });
}

export async function addCandidate(
  context: LinkContext,
  link: Link,
  candidate: RTCIceCandidateInit,
): Promise<void> {
  if (link.pc.remoteDescription === null) {
    link.pendingCandidates.push(candidate);
    return;
  }
  try {
    await link.pc.addIceCandidate(candidate);
  } catch (error) {
    // Candidates of an offer we ignored (collision) fail by design.
    if (!link.ignoreOffer) context.onError(error);
  }
}

/** An offer or answer of the current remote connection: perfect negotiation, one round at a time. */
export async function applyDescription(
  context: LinkContext,
  link: Link,
  message: DescriptionMessage,
): Promise<void> {
  const { description } = message;
  if (description.type === 'answer') {
    if (!acceptsAnswer(message.round, link.offerRound, link.pc.signalingState)) return;
  } else {
    const action = offerAction(message.round, link.answeredRound, link.pc.signalingState);
    if (action === 'ignore') return;
    if (action === 'repeat-answer') {
      if (link.pc.localDescription?.type === 'answer') describe(context, link);
      return;
    }
  }
  link.declared = message.streams;
  link.received = withDeclared(link.received, message.streams);
  link.ignoreOffer = shouldIgnoreOffer(context.polite, description.type, {
    makingOffer: link.makingOffer,
    signalingState: link.pc.signalingState,
    settingRemoteAnswer: link.settingRemoteAnswer,
  });
  if (link.ignoreOffer) return;
  link.settingRemoteAnswer = description.type === 'answer';
  try {
    await link.pc.setRemoteDescription(description);
  } finally {
    link.settingRemoteAnswer = false;
  }
  // Nothing waits for the browser longer than it must (the first frame depends on it): the candidates
  // that came early and the answer are queued on the connection together, which runs them in order,
  // and our tracks go onto their lines while the answer is made.
  const added = link.pendingCandidates.splice(0).map((candidate) => addCandidate(context, link, candidate));
  if (description.type === 'offer') {
    const bound = context.polite ? bindCamera(context, link) : Promise.resolve();
    await link.pc.setLocalDescription();
    link.answeredRound = message.round;
    if (context.isCurrent(link)) describe(context, link);
    await bound;
  }
  await Promise.all(added);
  context.onChange();
}
