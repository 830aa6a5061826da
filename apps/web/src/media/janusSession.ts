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
import type { MediaSource, PublishedFeed } from '@lablive/protocol';
import { type MediaFailure, mediaFailure, unavailableProblem } from './janusErrors.ts';
import {
  applyFeedSignal,
  type FeedTable,
  feedsToReceive,
  feedTable,
  janusRemotes,
  wantedLayer,
} from './janusFeeds.ts';
import { type JanusPublisher, publishToJanus } from './janusPublisher.ts';
import { type JanusSubscriber, subscribeToJanus } from './janusSubscriber.ts';
import { type Kept, keepAlive } from './keptAlive.ts';
import {
  effectiveLayer,
  initialLayerPolicy,
  LAYER_POLICY,
  type LayerPolicyState,
  nextLayerPolicy,
} from './layerPolicy.ts';
import type { InputKind, LocalMedia } from './localMedia.ts';
import type {
  MediaRequests,
  MediaServerUnavailable,
  MediaSession,
  RemoteMedia,
  SignalChannel,
} from './mediaSession.ts';
import { createRemoteAudio } from './remoteAudio.ts';
import { nextRemotes } from './remoteList.ts';
import { captureScreen } from './screenCapture.ts';
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

type Received = { feed: PublishedFeed; kept: Kept<JanusSubscriber>; policy: LayerPolicyState };

/** Not retried by itself: offline waits for the rejoin, a gone feed for the next feed list, a refusal for nothing. */
const retryAfter = (error: unknown) =>
  !(['offline', 'gone', 'forbidden'] as MediaFailure[]).includes(mediaFailure(error));

export function createJanusSession(options: JanusSessionOptions): MediaSession {
  const { local, selfId, requests, onError } = options;
  const clock = options.clock ?? (() => Date.now());
  const request = requests.request;
  const configuration: RTCConfiguration = {
    iceServers: options.iceServers.map((server) => ({ ...server })),
    bundlePolicy: 'max-bundle',
  };
  const changes = createListeners<[]>(onError);
  const screenEnded = createListeners<[]>(onError);
  const remoteAudio = createRemoteAudio(onError);
  const speaking = createSpeakingFeed(local, onError);
  const received = new Map<number, Received>();
  let feeds: FeedTable = new Map();
  let peers: readonly number[] = [];
  let stageId: number | null = null;
  let remotes: readonly RemoteMedia[] = [];
  let problem: MediaServerUnavailable | null = null;
  let audioOutputId = options.audioOutputId;
  let screenStream: MediaStream | null = null;
  /** The room was joined again: the next feed list says whether the server still has our publications. */
  let rejoined = false;
  let closed = false;

  function changed(): void {
    if (closed) return;
    remotes = nextRemotes(
      remotes,
      janusRemotes(
        peers,
        [...received.values()].map(({ feed, kept }) => ({
          participantId: feed.participantId,
          source: feed.source,
          stream: kept.current()?.stream() ?? null,
        })),
      ),
    );
    remoteAudio.play(remotes.flatMap((remote) => (remote.stream === null ? [] : [remote.stream])));
    changes.emit();
  }

  function failed(error: unknown): void {
    if (closed) return;
    const unavailable = unavailableProblem(error);
    if (unavailable !== null && problem === null) {
      problem = unavailable;
      changes.emit();
    }
    onError(error);
  }

  function succeeded(): void {
    if (problem === null) return;
    problem = null;
    changes.emit();
  }

  // --- The feeds of the room -------------------------------------------------------------------------

  /** Signals that came while the feed list was asked: applied again over its answer. */
  let signalsWhileLoading: { from: number; payload: unknown }[] | null = null;
  const feedList = keepAlive<true>({
    async open() {
      signalsWhileLoading = [];
      try {
        const answer = await request({ action: 'feeds' });
        let table = feedTable(answer.feeds);
        for (const signal of signalsWhileLoading)
          table = applyFeedSignal(table, signal.from, 'media-feed', signal.payload);
        feeds = table;
        return true;
      } finally {
        signalsWhileLoading = null;
      }
    },
    dispose: () => undefined,
    retryAfter,
    onError: failed,
    onChange() {
      if (feedList.current() === null) return;
      succeeded();
      followFeeds();
      if (rejoined) checkOwnFeeds();
      rejoined = false;
    },
  });

  const unsubscribeSignals = options.signals.onSignal((from, kind, payload) => {
    if (closed) return;
    if (kind === 'media-reset') {
      mediaServerLost();
      return;
    }
    if (kind !== 'media-feed') return;
    signalsWhileLoading?.push({ from, payload });
    const next = applyFeedSignal(feeds, from, kind, payload);
    if (next === feeds) return;
    feeds = next;
    followFeeds();
  });

  // --- Receiving ----------------------------------------------------------------------------------

  function layerFor(entry: Pick<Received, 'feed' | 'policy'>) {
    return effectiveLayer(entry.policy, wantedLayer(entry.feed, stageId, feeds));
  }

  function receive(feed: PublishedFeed): Received {
    const entry: Received = {
      feed,
      policy: initialLayerPolicy,
      kept: keepAlive({
        open: () =>
          subscribeToJanus({
            feed,
            layer: layerFor(entry),
            configuration,
            request,
            onTrack: changed,
            onFailed: () => entry.kept.restart(),
            isGone: (error) => mediaFailure(error) === 'gone',
            onError,
          }),
        dispose: (subscriber) => subscriber.close(true),
        retryAfter,
        onError: failed,
        onChange() {
          entry.policy = initialLayerPolicy;
          if (entry.kept.current() !== null) succeeded();
          changed();
        },
      }),
    };
    entry.kept.ensure();
    return entry;
  }

  /** Subscribes to the feeds that appeared, drops the ones that went, and sets every layer. */
  function followFeeds(): void {
    if (closed) return;
    const wanted = new Map(feedsToReceive(feeds, selfId).map((feed) => [feed.feed, feed]));
    let touched = false;
    for (const [id, entry] of received) {
      if (wanted.has(id)) continue;
      entry.kept.close();
      received.delete(id);
      touched = true;
    }
    for (const [id, feed] of wanted) {
      if (received.has(id)) continue;
      received.set(id, receive(feed));
      touched = true;
    }
    applyLayers();
    if (touched) changed();
  }

  function applyLayers(): void {
    for (const entry of received.values()) {
      const subscriber = entry.kept.current();
      if (subscriber === null) continue;
      subscriber.setLayer(layerFor(entry)).catch((error: unknown) => {
        if (mediaFailure(error) === 'gone') entry.kept.restart();
        else onError(error);
      });
    }
  }

  /** Every 2 s: each subscription's inbound video, judged by the layer policy. */
  const statsTimer = setInterval(() => {
    for (const entry of received.values()) {
      const subscriber = entry.kept.current();
      if (subscriber === null) continue;
      subscriber
        .reading(clock())
        .then((reading) => {
          if (reading === null || entry.kept.current() !== subscriber) return;
          const before = layerFor(entry);
          entry.policy = nextLayerPolicy(entry.policy, reading, entry.feed.source === 'camera');
          if (layerFor(entry) !== before) applyLayers();
        })
        .catch(onError);
    }
  }, LAYER_POLICY.intervalMs);

  // --- Publishing -----------------------------------------------------------------------------------

  function publication(
    source: MediaSource,
    tracks: () => { audio: MediaStreamTrack | null; video: MediaStreamTrack | null },
  ): Kept<JanusPublisher> {
    const kept: Kept<JanusPublisher> = keepAlive({
      open: () =>
        publishToJanus({
          source,
          tracks: tracks(),
          configuration,
          request,
          onFailed: () => kept.restart(),
          onError,
        }),
      dispose: (publisher) => publisher.close(true),
      retryAfter,
      onError: failed,
      onChange() {
        const publisher = kept.current();
        if (publisher === null) return;
        succeeded();
        // A track that changed while the publication was negotiated.
        const { audio, video } = tracks();
        publisher.setTrack('audio', audio).catch(onError);
        publisher.setTrack('video', video).catch(onError);
      },
    });
    return kept;
  }

  const camera = options.mayPublish
    ? publication('camera', () => ({ audio: local.track('audioinput'), video: local.track('videoinput') }))
    : null;
  /** Set once the camera or microphone was first switched on: from then on the publication is kept. */
  let cameraWanted = false;
  let screen: Kept<JanusPublisher> | null = null;

  /** After a rejoin: a publication the server's feed list no longer has was forgotten, publish again. */
  function checkOwnFeeds(): void {
    for (const kept of [camera, screen]) {
      const publisher = kept?.current();
      if (publisher === null || publisher === undefined) continue;
      const listed = feeds.get(publisher.feed);
      if (listed === undefined || listed.participantId !== selfId) kept?.restart();
    }
  }

  const unsubscribeTracks = local.onTrackChange((kind: InputKind) => {
    const publisher = camera?.current();
    const track = local.track(kind);
    publisher?.setTrack(kind === 'audioinput' ? 'audio' : 'video', track).catch(onError);
    changed();
  });

  const unsubscribeRejoin = requests.onRejoin(() => {
    if (closed) return;
    rejoined = true;
    feedList.reopen();
    if (cameraWanted) camera?.ensure();
    screen?.ensure();
    for (const entry of received.values()) {
      const subscriber = entry.kept.current();
      if (subscriber === null) {
        entry.kept.ensure();
        continue;
      }
      subscriber.probe().then((known) => {
        if (!known && entry.kept.current() === subscriber) entry.kept.restart();
      }, onError);
    }
  });

  /** The server lost the room's media server (another carries it now): publish and subscribe again. */
  function mediaServerLost(): void {
    if (cameraWanted) camera?.restart();
    screen?.restart();
    for (const entry of received.values()) entry.kept.close();
    received.clear();
    feeds = new Map();
    changed();
    feedList.restart();
  }

  function stopScreen(): void {
    if (screenStream === null) return;
    for (const track of screenStream.getTracks()) track.stop();
    screenStream = null;
    screen?.close();
    screen = null;
  }

  /**
   * Publishes the camera and microphone once one of them is on, and keeps the publication after (a
   * muted microphone sends silence): a webinar's forty listeners who never speak publish nothing, so
   * nobody subscribes to them, while someone who unmutes again is heard at once, not after a new
   * negotiation.
   */
  function publishOnceSomethingIsOn(): void {
    if (cameraWanted || camera === null) return;
    if (!local.enabled('audioinput') && !local.enabled('videoinput')) return;
    cameraWanted = true;
    camera.ensure();
  }

  if (audioOutputId !== null) remoteAudio.setSinkId(audioOutputId).catch(onError);
  publishOnceSomethingIsOn();
  feedList.ensure();

  async function setEnabled(kind: InputKind, enabled: boolean): Promise<void> {
    if (!options.mayPublish && enabled)
      throw new Error('This role watches and listens: it does not publish.');
    await local.setEnabled(kind, enabled);
    publishOnceSomethingIsOn();
    changed();
  }

  return {
    provider: 'janus',
    localStream: () => (local.stream.getTracks().length > 0 ? local.stream : null),
    remotes: () => remotes,
    subscribe: changes.add,
    setAudioEnabled: (enabled) => setEnabled('audioinput', enabled),
    setVideoEnabled: (enabled) => setEnabled('videoinput', enabled),
    enabled: (kind) => local.enabled(kind),
    switchDevice: (kind, deviceId) => local.switchDevice(kind, deviceId),
    async setAudioOutput(deviceId) {
      await remoteAudio.setSinkId(deviceId);
      audioOutputId = deviceId;
      changed();
    },
    audioOutputId: () => audioOutputId,
    async startScreenShare() {
      if (!options.mayPublish) throw new Error('This role watches and listens: it does not publish.');
      if (screenStream !== null) return screenStream.id;
      const captured = await captureScreen(() => {
        if (screenStream !== captured) return;
        stopScreen();
        screenEnded.emit();
      });
      const video = captured.getVideoTracks()[0] ?? null;
      const kept = publication('screen', () => ({ audio: null, video }));
      screenStream = captured;
      screen = kept;
      kept.ensure();
      return captured.id;
    },
    stopScreenShare: stopScreen,
    onScreenShareEnded: screenEnded.add,
    onDeviceEnded: local.onDeviceEnded,
    onSpeakingChange: speaking.onSpeakingChange,
    async inboundVideoFrames() {
      const frames = new Map<number, number>();
      for (const { feed, kept } of received.values()) {
        const subscriber = kept.current();
        if (feed.source !== 'camera' || subscriber === null) continue;
        frames.set(
          feed.participantId,
          (frames.get(feed.participantId) ?? 0) + (await subscriber.framesDecoded()),
        );
      }
      return frames;
    },
    setPeers(participantIds) {
      peers = participantIds.filter((id) => id !== selfId);
      changed();
    },
    setStage(participantId) {
      if (participantId === stageId) return;
      stageId = participantId;
      applyLayers();
    },
    problem: () => problem,
    close() {
      if (closed) return;
      stopScreen();
      closed = true;
      clearInterval(statsTimer);
      unsubscribeSignals();
      unsubscribeTracks();
      unsubscribeRejoin();
      feedList.close();
      camera?.close();
      for (const entry of received.values()) entry.kept.close();
      received.clear();
      speaking.close();
      remoteAudio.close();
      local.close();
      changes.clear();
      screenEnded.clear();
    },
  };
}
