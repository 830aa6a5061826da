// The `opentok` provider: an @opentok/client session opened with the room token's apiKey, sessionId
// and token. It publishes clones of the session's own tracks (so the waiting room's camera carries on
// and OpenTok never stops our tracks), subscribes to every stream without OpenTok's UI, and maps each
// stream to a participant through its connection data. The library is imported here only, on demand.

import { createListeners } from '@lablive/client/realtime/listeners';
import type OT from '@opentok/client';
import type { InputKind, LocalMedia } from './localMedia.ts';
import { type MediaSession, type RemoteMedia, VideoSessionDisconnected } from './mediaSession.ts';
import {
  participantIdFromConnectionData,
  remoteEntries,
  type Subscription,
  screenPublisherProperties,
  subscriberProperties,
} from './opentokMapping.ts';
import { type CameraPublisher, createCameraPublisher, done } from './opentokPublisher.ts';
import { nextRemotes } from './remoteList.ts';
import { createSpeakingFeed } from './speakingFeed.ts';
import { framesDecoded } from './videoStats.ts';

export type OpenTokSessionOptions = {
  selfId: number;
  apiKey: string;
  sessionId: string;
  token: string;
  local: LocalMedia;
  audioOutputId: string | null;
  onError: (error: unknown) => void;
};

type Subscribed = Subscription<MediaStream> & { subscriber: OT.Subscriber };

/**
 * A screen publisher started and published in `session`. The browser's "Stop sharing" bar ends the
 * capture without going through the room: `onStopped` hears of it.
 */
async function publishScreen(
  ot: typeof OT,
  session: OT.Session,
  onStopped: (publisher: OT.Publisher) => void,
): Promise<OT.Publisher> {
  const created = await new Promise<OT.Publisher>((resolve, reject) => {
    const screen = ot.initPublisher(
      undefined,
      screenPublisherProperties(),
      done(() => resolve(screen), reject),
    );
  });
  created.on('mediaStopped', () => onStopped(created));
  await new Promise<void>((resolve, reject) => session.publish(created, done(resolve, reject)));
  return created;
}

/** Video frames decoded so far from each participant's camera streams (screens left out). */
async function cameraFramesDecoded(subscriptions: Iterable<Subscribed>): Promise<Map<number, number>> {
  const frames = new Map<number, number>();
  for (const entry of subscriptions) {
    if (entry.participantId === null || entry.videoType === 'screen') continue;
    const report: ReadonlyMap<string, unknown> = await entry.subscriber.getRtcStatsReport();
    frames.set(entry.participantId, (frames.get(entry.participantId) ?? 0) + framesDecoded(report));
  }
  return frames;
}

export async function createOpenTokSession(options: OpenTokSessionOptions): Promise<MediaSession> {
  const { local, onError } = options;
  const ot = (await import('@opentok/client')).default;
  const session = ot.initSession(options.apiKey, options.sessionId);
  const subscriptions = new Map<string, Subscribed>();
  const changes = createListeners<[]>(onError);
  const screenEnded = createListeners<[]>(onError);
  const speaking = createSpeakingFeed(local, onError);
  let peers: readonly number[] = [];
  let remotes: readonly RemoteMedia[] = [];
  let audioOutputId = options.audioOutputId;
  let screenPublisher: OT.Publisher | null = null;
  let closed = false;

  function changed(): void {
    if (closed) return;
    // Another tab of this same participant publishes too: not someone to show.
    const others = [...subscriptions.values()].filter((entry) => entry.participantId !== options.selfId);
    remotes = nextRemotes(remotes, remoteEntries(peers, others));
    changes.emit();
  }

  session.on('streamCreated', ({ stream }) => {
    const subscriber = session.subscribe(stream, undefined, subscriberProperties(), (error) => {
      if (error !== undefined) onError(error);
    });
    const entry: Subscribed = {
      participantId: participantIdFromConnectionData(stream.connection.data),
      videoType: stream.videoType,
      stream: null,
      subscriber,
    };
    subscriptions.set(stream.streamId, entry);
    // Fired again with a new MediaStream when OpenTok moves the stream between relayed and routed.
    subscriber.on('mediaStreamAvailable', ({ mediaStream }) => {
      entry.stream = mediaStream;
      changed();
    });
    changed();
  });
  session.on('streamDestroyed', ({ stream }) => {
    subscriptions.delete(stream.streamId);
    changed();
  });
  session.on('sessionDisconnected', ({ reason }) => {
    if (!closed) onError(new VideoSessionDisconnected(reason));
  });
  const onException = (event: OT.ExceptionEvent) =>
    onError(new Error(`OpenTok ${event.code}: ${event.title} ${event.message}`));
  ot.on('exception', onException);

  const connected = new Promise<void>((resolve, reject) =>
    session.connect(options.token, done(resolve, reject)),
  );

  let camera: CameraPublisher;
  try {
    await connected;
    camera = await createCameraPublisher(ot, session, local, onError);
  } catch (error) {
    // Nothing started: leave no session, listener or watcher behind (the caller releases the devices).
    closed = true;
    ot.off('exception', onException);
    speaking.close();
    session.disconnect();
    throw error;
  }

  const unsubscribeTracks = local.onTrackChange((kind) => {
    camera.follow(kind).catch(onError);
    changed();
  });

  async function setEnabled(kind: InputKind, enabled: boolean): Promise<void> {
    const hadTrack = local.track(kind) !== null;
    await local.setEnabled(kind, enabled);
    // A track opened just now reaches the publisher through onTrackChange; the flag is set here.
    if (!hadTrack && enabled) return;
    camera.publish(kind, enabled);
    changed();
  }

  if (audioOutputId !== null) ot.setAudioOutputDevice(audioOutputId).catch(onError);

  function stopScreen(): void {
    if (screenPublisher === null) return;
    session.unpublish(screenPublisher);
    screenPublisher.destroy();
    screenPublisher = null;
  }

  return {
    provider: 'opentok',
    localStream: () => (local.stream.getTracks().length > 0 ? local.stream : null),
    remotes: () => remotes,
    subscribe: changes.add,
    setAudioEnabled: (enabled) => setEnabled('audioinput', enabled),
    setVideoEnabled: (enabled) => setEnabled('videoinput', enabled),
    enabled: (kind) => local.enabled(kind),
    switchDevice: (kind, deviceId) => local.switchDevice(kind, deviceId),
    async setAudioOutput(deviceId) {
      await ot.setAudioOutputDevice(deviceId);
      audioOutputId = deviceId;
      changed();
    },
    audioOutputId: () => audioOutputId,
    async startScreenShare() {
      if (screenPublisher?.stream !== undefined) return screenPublisher.stream.streamId;
      const created = await publishScreen(ot, session, (stopped) => {
        if (screenPublisher !== stopped) return;
        stopScreen();
        screenEnded.emit();
      });
      screenPublisher = created;
      const streamId = created.stream?.streamId;
      if (streamId === undefined) throw new Error('OpenTok published the screen without a stream.');
      return streamId;
    },
    stopScreenShare: stopScreen,
    onScreenShareEnded: screenEnded.add,
    onDeviceEnded: local.onDeviceEnded,
    onSpeakingChange: speaking.onSpeakingChange,
    inboundVideoFrames: () => cameraFramesDecoded(subscriptions.values()),
    setPeers(participantIds) {
      // OpenTok finds the streams itself; the list only gives everyone present an entry, in order.
      peers = participantIds.filter((id) => id !== options.selfId);
      changed();
    },
    close() {
      if (closed) return;
      closed = true;
      stopScreen();
      unsubscribeTracks();
      camera.close();
      session.disconnect();
      ot.off('exception', onException);
      speaking.close();
      local.close();
      changes.clear();
      screenEnded.clear();
    },
  };
}
