// The `janus` provider: the server's selective forwarding unit. This browser publishes once (camera
// and microphone on one connection, a shared screen on another, each in three simulcast layers) and
// receives one connection per feed of the others, whatever the room's size. Everything is negotiated
// through the room socket's media requests; the feeds come from the `feeds` answer, then the server's
// `media-feed` signals. Each publication and subscription is kept alive: opened again with backoff
// when its connection fails, when the media server is out of reach (shown through problem()), and
// after a rejoin when the server forgot it (its sessions belong to the socket), and all of it when the
// server says the room's media server was lost (`media-reset`). Loaded on demand.
import { createListeners } from '@lablive/client/realtime/listeners';
import type { IceServer } from '@lablive/domain';
import { createJanusFeedList } from './janusFeedList.ts';
import { createJanusPublishing } from './janusPublishing.ts';
import { createReachability, type KeptNegotiation } from './janusReachability.ts';
import { createJanusReceiving } from './janusReceiving.ts';
import { createJanusRecovery } from './janusRecovery.ts';
import { createJanusRemoteView } from './janusRemoteView.ts';
import type { LocalMedia } from './localMedia.ts';
import type { MediaRequests, MediaSession, SignalChannel } from './mediaSession.ts';
import { createSpeakingFeed } from './speakingFeed.ts';

export type JanusSessionOptions = {
  iceServers: readonly IceServer[];
  selfId: number;
  /** What the room token says the server allows: false publishes nothing (a plain observer). */
  mayPublish: boolean;
  requests: MediaRequests;
  signals: SignalChannel;
  local: LocalMedia;
  audioOutputId: string | null;
  onError: (error: unknown) => void;
  clock?: () => number;
};

/**
 * Composes the parts: the feed list (janusFeedList.ts), what is received (janusReceiving.ts) and
 * published (janusPublishing.ts), what the room shows and plays of the others (janusRemoteView.ts),
 * the media server's reachability (janusReachability.ts) and the recovery after a rejoin or a lost
 * media server (janusRecovery.ts).
 */
export function createJanusSession(options: JanusSessionOptions): MediaSession {
  const { local, selfId, requests, onError } = options;
  const changes = createListeners<[]>(onError);
  const screenEnded = createListeners<[]>(onError);
  let closed = false;
  const isClosed = () => closed;
  const reachability = createReachability({ isClosed, onChange: changes.emit, onError });
  const negotiation: KeptNegotiation = {
    configuration: {
      iceServers: options.iceServers.map((server) => ({ ...server })),
      bundlePolicy: 'max-bundle',
    },
    request: requests.request,
    failed: reachability.failed,
    succeeded: reachability.succeeded,
    onError,
  };
  const view = createJanusRemoteView({
    selfId,
    receivedFeeds: () => receiving.receivedFeeds(),
    audioOutputId: options.audioOutputId,
    isClosed,
    emit: changes.emit,
    onError,
  });
  const changed = view.changed;
  const speaking = createSpeakingFeed(local, onError);
  const receiving = createJanusReceiving({
    ...negotiation,
    selfId,
    feeds: () => feedList.table(),
    isClosed,
    changed,
    clock: options.clock ?? (() => Date.now()),
  });
  const feedList = createJanusFeedList({
    ...negotiation,
    signals: options.signals,
    isClosed,
    onLoaded() {
      receiving.followFeeds();
      recovery.feedsLoaded();
    },
    onFeedsChanged: () => receiving.followFeeds(),
    onMediaServerLost: () => recovery.mediaServerLost(),
  });
  const publishing = createJanusPublishing({
    ...negotiation,
    selfId,
    mayPublish: options.mayPublish,
    local,
    changed,
    onScreenShareEnded: screenEnded.emit,
  });
  const recovery = createJanusRecovery({ requests, isClosed, feedList, publishing, receiving, changed });
  // Only now: the relay hands the signals that came early at once, and following a feed needs
  // `receiving`, a `media-reset` needs `recovery` (and `publishing`).
  feedList.listen();
  feedList.ensure();

  return {
    provider: 'janus',
    localStream: () => (local.stream.getTracks().length > 0 ? local.stream : null),
    remotes: view.remotes,
    subscribe: changes.add,
    setAudioEnabled: (enabled) => publishing.setEnabled('audioinput', enabled),
    setVideoEnabled: (enabled) => publishing.setEnabled('videoinput', enabled),
    enabled: (kind) => local.enabled(kind),
    switchDevice: (kind, deviceId) => local.switchDevice(kind, deviceId),
    setAudioOutput: view.setAudioOutput,
    audioOutputId: view.audioOutputId,
    startScreenShare: publishing.startScreenShare,
    stopScreenShare: publishing.stopScreenShare,
    onScreenShareEnded: screenEnded.add,
    onDeviceEnded: local.onDeviceEnded,
    onSpeakingChange: speaking.onSpeakingChange,
    inboundVideoFrames: receiving.inboundVideoFrames,
    receivedLayers: receiving.receivedLayers,
    setPeers: view.setPeers,
    setStage: receiving.setStage,
    problem: reachability.problem,
    close() {
      if (closed) return;
      publishing.stopScreenShare();
      closed = true;
      recovery.close();
      feedList.close();
      publishing.close();
      receiving.close();
      speaking.close();
      view.close();
      local.close();
      changes.clear();
      screenEnded.clear();
    },
  };
}
