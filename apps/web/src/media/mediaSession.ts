// The one interface the room's screens use for audio and video, whatever carries it: `mesh` (browser
// WebRTC peer connections signalled over the room socket), `janus` (the server's media forwarding,
// negotiated through the room socket's media requests) or `opentok` (@opentok/client), chosen by the
// server's answer to GET rooms/{id}/token. Screens never talk to WebRTC or OpenTok directly.
import type { MediaRequestOf } from '@lablive/client';
import type { MediaAction, MediaLayer, MediaResults, PublishedFeed, SignalKind } from '@lablive/protocol';

export type MediaProviderName = 'mesh' | 'janus' | 'opentok';

/** What a person chose in the waiting room; kept in cookies between visits (live-room spec, section 9). */
export type MediaPreferences = {
  audioEnabled: boolean;
  videoEnabled: boolean;
  audioInputId: string | null;
  videoInputId: string | null;
  audioOutputId: string | null;
};

/** The room socket's ephemeral signals, as the mesh provider needs them (RoomHandle.signal/onSignal). */
export type SignalChannel = {
  send(to: number | null, kind: SignalKind, payload: unknown): void;
  onSignal(listener: (from: number, kind: SignalKind, payload: unknown) => void): () => void;
};

/** The room socket's media requests, as the `janus` provider needs them (RoomHandle.media/onRejoin). */
export type MediaRequests = {
  request<A extends MediaAction>(request: MediaRequestOf<A>): Promise<MediaResults[A]>;
  /** The room was joined again on a new socket: what the media server held for us may be gone. */
  onRejoin(listener: () => void): () => void;
};

export type RemoteMedia = {
  participantId: number;
  /** Camera and microphone of that participant, or null while nothing arrived. */
  stream: MediaStream | null;
  /** A screen they share, shown on the stage to non-animators. */
  screen: MediaStream | null;
};

/** A device that could not be started: the toast says "Unable to start the audio source: {label}". */
export class DeviceStartError extends Error {
  readonly kind: 'audioinput' | 'videoinput';
  readonly label: string;

  constructor(kind: 'audioinput' | 'videoinput', label: string, cause?: unknown) {
    super(`Unable to start the ${kind === 'audioinput' ? 'audio' : 'video'} source: ${label}`, { cause });
    this.name = 'DeviceStartError';
    this.kind = kind;
    this.label = label;
  }
}

export interface MediaSession {
  readonly provider: MediaProviderName;
  /** This person's camera and microphone (tracks disabled while toggled off), or null without devices. */
  localStream(): MediaStream | null;
  /**
   * One entry per other participant, the same array until something changes (safe for
   * useSyncExternalStore). Tiles show `stream` muted: the session plays the sound itself.
   */
  remotes(): readonly RemoteMedia[];
  /** Called on any change of the streams above; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Rejects with DeviceStartError when switching on a device that was not open and cannot start. */
  setAudioEnabled(enabled: boolean): Promise<void>;
  setVideoEnabled(enabled: boolean): Promise<void>;
  /** Whether the microphone or camera is on: false too when its device is missing or was unplugged. */
  enabled(kind: 'audioinput' | 'videoinput'): boolean;
  /** Throws DeviceStartError when the chosen source cannot be started. */
  switchDevice(kind: 'audioinput' | 'videoinput', deviceId: string): Promise<void>;
  setAudioOutput(deviceId: string): Promise<void>;
  /** The speaker the others are heard on (HTMLMediaElement.setSinkId), or null for the system default. */
  audioOutputId(): string | null;
  /** Shares the screen (animators); resolves with the stream id announced in StartScreenShare. */
  startScreenShare(): Promise<string>;
  stopScreenShare(): void;
  /** The share stopped without stopScreenShare (the browser's "Stop sharing" bar): announce StopScreenShare. */
  onScreenShareEnded(listener: () => void): () => void;
  /** A device stopped by itself (unplugged, permission revoked): that kind is now off. */
  onDeviceEnded(listener: (kind: 'audioinput' | 'videoinput') => void): () => void;
  /** Video frames decoded so far from each remote participant's camera (getStats framesDecoded). */
  inboundVideoFrames(): Promise<ReadonlyMap<number, number>>;
  /** The local audio level crossed the speaking threshold (0.02) up or down. */
  onSpeakingChange(listener: (speaking: boolean) => void): () => void;
  /** The participants currently in the room, from the room state: peers to connect to (mesh). */
  setPeers(participantIds: readonly number[]): void;
  /**
   * Whose media the stage shows large (the sharer of the screen on the stage), or null: `janus` sends
   * them in the highest simulcast layer and every thumbnail in the lowest. Mesh and OpenTok ignore it.
   */
  setStage?(participantId: number | null): void;
  /**
   * `janus`: each received feed's simulcast layer, the one the layout wants and whether the layer policy
   * holds it at the lowest (a network or a decoder that could not keep up). For support and the tests.
   */
  receivedLayers?(): readonly ReceivedLayer[];
  /**
   * A lasting failure the screen shows while it lasts, or null: with `janus`, the media server cannot
   * be reached (the session keeps retrying). Changes are announced through subscribe().
   */
  problem?(): MediaServerUnavailable | null;
  close(): void;
}

export type ReceivedLayer = {
  participantId: number;
  source: PublishedFeed['source'];
  wanted: MediaLayer;
  limited: boolean;
  /** The layer the media server confirmed last (null while the subscription opens). */
  asked: MediaLayer | null;
};

/** The media server cannot be reached or refused the room (`media_server_unavailable`, `media_not_available`). */
export class MediaServerUnavailable extends Error {
  /** The server's code. */
  readonly code: string;

  constructor(code: string, message: string, cause?: unknown) {
    super(`The media server is unavailable (${code}): ${message}`, { cause });
    this.name = 'MediaServerUnavailable';
    this.code = code;
  }
}

/** The video session dropped this person (OpenTok's sessionDisconnected), with the provider's reason. */
export class VideoSessionDisconnected extends Error {
  readonly reason: string;

  constructor(reason: string) {
    super(`The video session was disconnected: ${reason}`);
    this.name = 'VideoSessionDisconnected';
    this.reason = reason;
  }
}
