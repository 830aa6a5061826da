// The mesh's messages on the room socket's signals (`webrtc-offer`, `webrtc-answer`, `webrtc-ice`),
// parsed at the boundary: the payload comes from another browser through the server untouched.
// Every message names the sender's connection and the one of ours it meant (see negotiation.ts).
import type { SignalKind } from '@lablive/protocol';
import { z } from 'zod';

const connectionId = z.string().min(1).max(64);
const streamId = z.string().min(1).max(100);

const address = { from: connectionId, target: connectionId.nullable() };

const descriptionSchema = z.object({ type: z.enum(['offer', 'answer']), sdp: z.string().max(200_000) });

/** What the sender sends and under which stream ids, so the receiver tells camera from screen. */
const streamsSchema = z.object({ camera: streamId.nullable(), screen: streamId.nullable() });

/** Counts the sender's offers on one connection: a repeated offer is recognised, a late answer ignored. */
const round = z.number().int().nonnegative();

const offerSchema = z.object({
  ...address,
  // Null is a hello: a new connection of the polite side asking the other side to open with an offer.
  description: descriptionSchema.extend({ type: z.literal('offer') }).nullable(),
  round,
  streams: streamsSchema,
});

const answerSchema = z.object({
  ...address,
  description: descriptionSchema.extend({ type: z.literal('answer') }),
  /** The round of the offer it answers. */
  round,
  streams: streamsSchema,
});

const candidateSchema = z.object({
  candidate: z.string().max(2000),
  sdpMid: z.string().max(100).nullable(),
  sdpMLineIndex: z.number().int().nonnegative().nullable(),
  usernameFragment: z.string().max(256).nullable(),
});

const iceSchema = z.object({ ...address, candidate: candidateSchema });

export type MeshStreams = z.infer<typeof streamsSchema>;
export type MeshCandidate = z.infer<typeof candidateSchema>;

export type MeshSignal =
  | ({ kind: 'webrtc-offer' } & z.infer<typeof offerSchema>)
  | ({ kind: 'webrtc-answer' } & z.infer<typeof answerSchema>)
  | ({ kind: 'webrtc-ice' } & z.infer<typeof iceSchema>);

/** The mesh signal in a room signal, or null when it is another kind or malformed (then dropped). */
export function parseMeshSignal(kind: SignalKind, payload: unknown): MeshSignal | null {
  switch (kind) {
    case 'webrtc-offer': {
      const parsed = offerSchema.safeParse(payload);
      return parsed.success ? { kind, ...parsed.data } : null;
    }
    case 'webrtc-answer': {
      const parsed = answerSchema.safeParse(payload);
      return parsed.success ? { kind, ...parsed.data } : null;
    }
    case 'webrtc-ice': {
      const parsed = iceSchema.safeParse(payload);
      return parsed.success ? { kind, ...parsed.data } : null;
    }
    case 'audio-level':
    case 'media-state':
    case 'media-feed':
    case 'media-reset':
      return null;
    default: {
      const unknownKind: never = kind;
      return unknownKind;
    }
  }
}

/** Offers and hellos may open a connection; answers and candidates only continue one. */
export function opensConnection(signal: MeshSignal): boolean {
  return signal.kind === 'webrtc-offer';
}

/** The plain fields of an RTCIceCandidate, as JSON carries them. */
export function candidateFields(candidate: RTCIceCandidate): MeshCandidate {
  return {
    candidate: candidate.candidate,
    sdpMid: candidate.sdpMid,
    sdpMLineIndex: candidate.sdpMLineIndex,
    usernameFragment: candidate.usernameFragment,
  };
}
