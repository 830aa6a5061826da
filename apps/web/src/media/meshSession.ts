// The `mesh` provider: browser WebRTC, one peer connection per other participant, signalled over the
// room socket (ICE servers from the room token). It follows the room's viewers (setPeers), sends this
// person's camera, microphone and screen to every peer, and plays what the peers send.

import { createListeners } from '@lablive/client/realtime/listeners';
import type { IceServer } from '@lablive/domain';
import type { LocalMedia } from './localMedia.ts';
import type { MediaSession, RemoteMedia, SignalChannel } from './mediaSession.ts';
import { createMeshPeer, type MeshPeer } from './meshPeer.ts';
import { parseMeshSignal } from './meshSignals.ts';
import { diffPeers } from './peerSet.ts';
import { createRemoteAudio } from './remoteAudio.ts';
import { nextRemotes } from './remoteList.ts';
import { captureScreen } from './screenCapture.ts';
import { createSpeakingFeed } from './speakingFeed.ts';

/** How long a peer that signalled before our room state listed it is kept unlisted. */
const UNLISTED_GRACE_MS = 15_000;

export type MeshSessionOptions = {
  iceServers: readonly IceServer[];
  selfId: number;
  signals: SignalChannel;
  local: LocalMedia;
  audioOutputId: string | null;
  onError: (error: unknown) => void;
  clock?: () => number;
  createId?: () => string;
};

/** What each peer shows: its camera and its shared screen, by participant. */
const mediaOfPeers = (peers: Iterable<MeshPeer>) =>
  [...peers].map((peer) => {
    const media = peer.media();
    return { participantId: peer.remoteId, stream: media.camera, screen: media.screen };
  });

/** Video frames decoded so far from each peer's camera. */
async function cameraFramesOfPeers(peers: Iterable<MeshPeer>): Promise<Map<number, number>> {
  const entries = await Promise.all(
    [...peers].map(async (peer) => [peer.remoteId, await peer.cameraFramesDecoded()] as const),
  );
  return new Map(entries);
}

export function createMeshSession(options: MeshSessionOptions): MediaSession {
  const { local, selfId, onError } = options;
  const clock = options.clock ?? (() => Date.now());
  const createId = options.createId ?? (() => crypto.randomUUID());
  const configuration: RTCConfiguration = {
    iceServers: options.iceServers.map((server) => ({ ...server })),
    // One transport for every line: fewer candidates to gather and check, so the first frame is sooner.
    bundlePolicy: 'max-bundle',
  };
  const peers = new Map<number, MeshPeer>();
  /** Peers created by their own signal, with when, until the room state lists them. */
  const unlisted = new Map<number, number>();
  const changes = createListeners<[]>(onError);
  const screenEnded = createListeners<[]>(onError);
  const remoteAudio = createRemoteAudio(onError);
  const speaking = createSpeakingFeed(local, onError);
  let remotes: readonly RemoteMedia[] = [];
  let screen: MediaStream | null = null;
  let audioOutputId = options.audioOutputId;
  let closed = false;

  const peerLocal = {
    stream: local.stream,
    track: (kind: 'audio' | 'video') => local.track(kind === 'audio' ? 'audioinput' : 'videoinput'),
    screen: () => screen,
  };

  function changed(): void {
    if (closed) return;
    remotes = nextRemotes(remotes, mediaOfPeers(peers.values()));
    // Shared screens are captured without sound (screenCapture.ts): only cameras' streams are heard.
    remoteAudio.play(remotes.flatMap((remote) => (remote.stream === null ? [] : [remote.stream])));
    changes.emit();
  }

  function addPeer(remoteId: number, greet: boolean): MeshPeer {
    const peer = createMeshPeer({
      selfId,
      remoteId,
      configuration,
      local: peerLocal,
      send: (kind, payload) => options.signals.send(remoteId, kind, payload),
      onChange: changed,
      onError,
      createId,
      greet,
    });
    peers.set(remoteId, peer);
    return peer;
  }

  function removePeer(remoteId: number): void {
    peers.get(remoteId)?.close();
    peers.delete(remoteId);
    unlisted.delete(remoteId);
  }

  const unsubscribeSignals = options.signals.onSignal((from, kind, payload) => {
    if (closed || from === selfId) return;
    const message = parseMeshSignal(kind, payload);
    if (message === null) return;
    let peer = peers.get(from);
    if (peer === undefined) {
      peer = addPeer(from, false);
      unlisted.set(from, clock());
      changed();
    }
    peer.receive(message);
  });

  const unsubscribeTracks = local.onTrackChange((kind) => {
    for (const peer of peers.values()) peer.localTrackChanged(kind === 'audioinput' ? 'audio' : 'video');
    changed();
  });

  function stopScreen(): void {
    if (screen === null) return;
    for (const track of screen.getTracks()) track.stop();
    screen = null;
    for (const peer of peers.values()) peer.screenChanged();
  }

  if (audioOutputId !== null) remoteAudio.setSinkId(audioOutputId).catch(onError);

  return {
    provider: 'mesh',
    localStream: () => (local.stream.getTracks().length > 0 ? local.stream : null),
    remotes: () => remotes,
    subscribe: changes.add,
    setAudioEnabled: (enabled) => local.setEnabled('audioinput', enabled).finally(changed),
    setVideoEnabled: (enabled) => local.setEnabled('videoinput', enabled).finally(changed),
    enabled: (kind) => local.enabled(kind),
    switchDevice: (kind, deviceId) => local.switchDevice(kind, deviceId),
    async setAudioOutput(deviceId) {
      await remoteAudio.setSinkId(deviceId);
      audioOutputId = deviceId;
      changed();
    },
    audioOutputId: () => audioOutputId,
    async startScreenShare() {
      if (screen !== null) return screen.id;
      const captured = await captureScreen(() => {
        if (screen !== captured) return;
        stopScreen();
        screenEnded.emit();
      });
      screen = captured;
      for (const peer of peers.values()) peer.screenChanged();
      return captured.id;
    },
    stopScreenShare: stopScreen,
    onScreenShareEnded: screenEnded.add,
    onDeviceEnded: local.onDeviceEnded,
    onSpeakingChange: speaking.onSpeakingChange,
    inboundVideoFrames: () => cameraFramesOfPeers(peers.values()),
    setPeers(participantIds) {
      if (closed) return;
      const now = clock();
      for (const id of participantIds) unlisted.delete(id);
      const spared = new Set(
        [...unlisted].filter(([, since]) => now - since < UNLISTED_GRACE_MS).map(([id]) => id),
      );
      const { add, remove } = diffPeers({ selfId, current: peers.keys(), next: participantIds, spared });
      for (const id of remove) removePeer(id);
      for (const id of add) addPeer(id, true);
      if (add.length > 0 || remove.length > 0) changed();
    },
    close() {
      if (closed) return;
      stopScreen();
      closed = true;
      unsubscribeSignals();
      unsubscribeTracks();
      for (const id of [...peers.keys()]) removePeer(id);
      speaking.close();
      remoteAudio.close();
      local.close();
      changes.clear();
      screenEnded.clear();
    },
  };
}
