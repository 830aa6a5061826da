// The one interface the room's screens use for audio and video, whatever carries it: `mesh` (browser
// WebRTC peer connections signalled over the room socket) or `opentok` (@opentok/client), chosen by
// the server's answer to GET rooms/{id}/token. Screens never talk to WebRTC or OpenTok directly.
import type { SignalKind } from '@lablive/protocol';

export type MediaProviderName = 'mesh' | 'opentok';

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
  remotes(): readonly RemoteMedia[];
  /** Called on any change of the streams above; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  setAudioEnabled(enabled: boolean): Promise<void>;
  setVideoEnabled(enabled: boolean): Promise<void>;
  /** Throws DeviceStartError when the chosen source cannot be started. */
  switchDevice(kind: 'audioinput' | 'videoinput', deviceId: string): Promise<void>;
  setAudioOutput(deviceId: string): Promise<void>;
  /** Shares the screen (animators); resolves with the stream id announced in StartScreenShare. */
  startScreenShare(): Promise<string>;
  stopScreenShare(): void;
  /** The local audio level crossed the speaking threshold (0.02) up or down. */
  onSpeakingChange(listener: (speaking: boolean) => void): () => void;
  /** The participants currently in the room, from the room state: peers to connect to (mesh). */
  setPeers(participantIds: readonly number[]): void;
  close(): void;
}
