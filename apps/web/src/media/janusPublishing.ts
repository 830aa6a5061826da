// What a `janus` session publishes: the camera and microphone on one kept publication, a shared screen
// on another, each in three simulcast layers. A plain observer (mayPublish false) publishes nothing.
import type { FeedTable } from './janusFeeds.ts';
import { keepPublication, type PublishedTracks } from './janusPublication.ts';
import type { JanusPublisher } from './janusPublisher.ts';
import type { KeptNegotiation } from './janusReachability.ts';
import type { Kept } from './keptAlive.ts';
import type { InputKind, LocalMedia } from './localMedia.ts';
import { captureScreen } from './screenCapture.ts';

export type JanusPublishing = {
  /** Switches a device; the first one switched on starts the camera publication. */
  setEnabled(kind: InputKind, enabled: boolean): Promise<void>;
  /** Resolves with the id of the shared screen's stream. */
  startScreenShare(): Promise<string>;
  stopScreenShare(): void;
  /** After a rejoin: opens again what is wanted and not open. */
  ensure(): void;
  /** After a rejoin: a publication the server's feed list no longer has was forgotten, publish again. */
  checkOwnFeeds(feeds: FeedTable): void;
  /** The media server was lost: publish again, after the backoff's delay. */
  restart(): void;
  /** Stops publishing the camera (the screen: stopScreenShare). */
  close(): void;
};

export type JanusPublishingOptions = KeptNegotiation & {
  selfId: number;
  /** What the room token says the server allows: false publishes nothing (a plain observer). */
  mayPublish: boolean;
  local: LocalMedia;
  /** Something to show changed (our own tracks). */
  changed: () => void;
  /** The browser's own "Stop sharing" ended the screen share. */
  onScreenShareEnded: () => void;
};

/** The camera publication's tracks: the camera and the microphone, on or off. */
function cameraTracks(local: LocalMedia): PublishedTracks {
  return { audio: local.track('audioinput'), video: local.track('videoinput') };
}

/** After a rejoin: a publication the server's feed list no longer has was forgotten, publish again. */
function republishForgotten(
  publications: readonly (Kept<JanusPublisher> | null)[],
  feeds: FeedTable,
  selfId: number,
): void {
  for (const kept of publications) {
    const publisher = kept?.current();
    if (publisher === null || publisher === undefined) continue;
    const listed = feeds.get(publisher.feed);
    if (listed === undefined || listed.participantId !== selfId) kept?.restart();
  }
}

export function createJanusPublishing(options: JanusPublishingOptions): JanusPublishing {
  const { local, onError, changed } = options;
  const camera = options.mayPublish ? keepPublication('camera', () => cameraTracks(local), options) : null;
  /** Set once the camera or microphone was first switched on: from then on the publication is kept. */
  let cameraWanted = false;
  let screen: Kept<JanusPublisher> | null = null;
  let screenStream: MediaStream | null = null;

  const unsubscribeTracks = local.onTrackChange((kind: InputKind) => {
    const publisher = camera?.current();
    const track = local.track(kind);
    publisher?.setTrack(kind === 'audioinput' ? 'audio' : 'video', track).catch(onError);
    changed();
  });

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

  publishOnceSomethingIsOn();

  return {
    async setEnabled(kind, enabled) {
      if (!options.mayPublish && enabled)
        throw new Error('This role watches and listens: it does not publish.');
      await local.setEnabled(kind, enabled);
      publishOnceSomethingIsOn();
      changed();
    },
    async startScreenShare() {
      if (!options.mayPublish) throw new Error('This role watches and listens: it does not publish.');
      if (screenStream !== null) return screenStream.id;
      const captured = await captureScreen(() => {
        if (screenStream !== captured) return;
        stopScreen();
        options.onScreenShareEnded();
      });
      const video = captured.getVideoTracks()[0] ?? null;
      const kept = keepPublication('screen', () => ({ audio: null, video }), options);
      screenStream = captured;
      screen = kept;
      kept.ensure();
      return captured.id;
    },
    stopScreenShare: stopScreen,
    ensure() {
      if (cameraWanted) camera?.ensure();
      screen?.ensure();
    },
    checkOwnFeeds: (feeds) => republishForgotten([camera, screen], feeds, options.selfId),
    restart() {
      if (cameraWanted) camera?.restart();
      screen?.restart();
    },
    close() {
      unsubscribeTracks();
      camera?.close();
    },
  };
}
