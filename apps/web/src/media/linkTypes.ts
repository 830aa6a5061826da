// The shapes shared by the parts of one mesh connection (peerLink.ts, linkSenders.ts, meshPeer.ts).
import type { SignalKind } from '@lablive/protocol';
import type { MeshStreams } from './meshSignals.ts';
import type { Received } from './streamRoles.ts';

export const KINDS = ['audio', 'video'] as const;
export type Kind = (typeof KINDS)[number];

export type PeerLocal = {
  readonly stream: MediaStream;
  track(kind: Kind): MediaStreamTrack | null;
  screen(): MediaStream | null;
};

export type Link = {
  /** Carried by every signal so both ends tell this connection from earlier ones. */
  id: string;
  pc: RTCPeerConnection;
  remote: string | null;
  makingOffer: boolean;
  ignoreOffer: boolean;
  settingRemoteAnswer: boolean;
  /** Our offers on this connection so far; the current one is this round. */
  offerRound: number;
  /** The round of the other side's offer we answered last. */
  answeredRound: number | null;
  senders: Record<Kind, RTCRtpSender | null>;
  screenSender: RTCRtpSender | null;
  declared: MeshStreams;
  received: Received<MediaStream>;
  failed: boolean;
  pendingCandidates: RTCIceCandidateInit[];
  /** The encoding changes of this connection's senders, one after the other (linkSenders.ts). */
  encodings: Promise<void>;
};

export type LinkContext = {
  polite: boolean;
  configuration: RTCConfiguration;
  local: PeerLocal;
  send(kind: SignalKind, payload: unknown): void;
  createId(): string;
  onError(error: unknown): void;
  /** Events of a connection that was replaced or closed are ignored. */
  isCurrent(link: Link): boolean;
  onChange(): void;
  onConnectionState(link: Link, state: RTCPeerConnectionState): void;
};
