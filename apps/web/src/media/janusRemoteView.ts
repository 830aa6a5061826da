// What a `janus` session shows and plays of the others: one RemoteMedia per participant (the room's
// peers first, then anyone else who publishes), the same array until something changes, and the sound
// of their streams, routed to the chosen audio output.
import { janusRemotes, type ReceivedFeed } from './janusFeeds.ts';
import type { RemoteMedia } from './mediaSession.ts';
import { createRemoteAudio } from './remoteAudio.ts';
import { nextRemotes } from './remoteList.ts';

export type JanusRemoteView = {
  remotes(): readonly RemoteMedia[];
  /** Something changed (a stream, the peers, our own tracks): rebuilds the list, plays it, tells the listeners. */
  changed(): void;
  setPeers(participantIds: readonly number[]): void;
  setAudioOutput(deviceId: string): Promise<void>;
  audioOutputId(): string | null;
  close(): void;
};

export type JanusRemoteViewOptions = {
  selfId: number;
  /** What the subscriptions receive. */
  receivedFeeds: () => ReceivedFeed[];
  audioOutputId: string | null;
  isClosed: () => boolean;
  /** Tells the session's listeners. */
  emit: () => void;
  onError: (error: unknown) => void;
};

export function createJanusRemoteView(options: JanusRemoteViewOptions): JanusRemoteView {
  const remoteAudio = createRemoteAudio(options.onError);
  let peers: readonly number[] = [];
  let remotes: readonly RemoteMedia[] = [];
  let audioOutputId = options.audioOutputId;

  function changed(): void {
    if (options.isClosed()) return;
    remotes = nextRemotes(remotes, janusRemotes(peers, options.receivedFeeds()));
    remoteAudio.play(remotes.flatMap((remote) => (remote.stream === null ? [] : [remote.stream])));
    options.emit();
  }

  if (audioOutputId !== null) remoteAudio.setSinkId(audioOutputId).catch(options.onError);

  return {
    remotes: () => remotes,
    changed,
    setPeers(participantIds) {
      peers = participantIds.filter((id) => id !== options.selfId);
      changed();
    },
    async setAudioOutput(deviceId) {
      await remoteAudio.setSinkId(deviceId);
      audioOutputId = deviceId;
      changed();
    },
    audioOutputId: () => audioOutputId,
    close: () => remoteAudio.close(),
  };
}
