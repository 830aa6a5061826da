// What a `janus` session receives: one kept subscription per feed of the others, following the feed
// list, each in the simulcast layer the layout wants (setStage) lowered by the layer policy, which
// judges every subscription's inbound video every 2 s and says when a camera stalled (subscribed again).
import type { MediaLayer, PublishedFeed } from '@lablive/protocol';
import { mediaFailure } from './janusErrors.ts';
import { type FeedTable, feedsToReceive, type ReceivedFeed, wantedLayer } from './janusFeeds.ts';
import { type KeptNegotiation, retryAfter } from './janusReachability.ts';
import { type JanusSubscriber, subscribeToJanus } from './janusSubscriber.ts';
import { type Kept, keepAlive } from './keptAlive.ts';
import {
  effectiveLayer,
  initialLayerPolicy,
  isStalled,
  LAYER_POLICY,
  type LayerPolicyState,
  nextLayerPolicy,
} from './layerPolicy.ts';
import type { ReceivedLayer } from './mediaSession.ts';

export type JanusReceiving = {
  /** Subscribes to the feeds that appeared, drops the ones that went, and sets every layer. */
  followFeeds(): void;
  /** The participant the stage shows large: their feed gets the high layer, every other the low one. */
  setStage(participantId: number | null): void;
  /** Each subscription's stream (null until it arrived), for the remote list. */
  receivedFeeds(): ReceivedFeed[];
  /** After a rejoin: opens what waits, and opens again what the server forgot. */
  checkAfterRejoin(): void;
  /** Closes every subscription (the media server was lost); the next feed list subscribes again. */
  dropAll(): void;
  /** Decoded frames of the cameras received, per participant. */
  inboundVideoFrames(): Promise<Map<number, number>>;
  /** Each feed's layer: the one the layout wants, and whether the layer policy holds it lowest. */
  receivedLayers(): ReceivedLayer[];
  close(): void;
};

export type JanusReceivingOptions = KeptNegotiation & {
  selfId: number;
  feeds: () => FeedTable;
  isClosed: () => boolean;
  /** A subscription's stream came or went. */
  changed: () => void;
  clock: () => number;
};

type Received = { feed: PublishedFeed; kept: Kept<JanusSubscriber>; policy: LayerPolicyState };

/**
 * One feed's kept subscription, opened in the layer layerFor gives it then; once open, `settled` sets the
 * layer wanted by then (the stage may have changed while it opened).
 */
function receive(
  feed: PublishedFeed,
  layerFor: (entry: Pick<Received, 'feed' | 'policy'>) => MediaLayer,
  settled: (entry: Received) => void,
  options: JanusReceivingOptions,
): Received {
  const { onError, changed } = options;
  const entry: Received = {
    feed,
    policy: initialLayerPolicy,
    kept: keepAlive({
      open: () =>
        subscribeToJanus({
          feed,
          layer: layerFor(entry),
          configuration: options.configuration,
          request: options.request,
          onTrack: changed,
          onFailed: () => entry.kept.restart(),
          isGone: (error) => mediaFailure(error) === 'gone',
          onError,
        }),
      dispose: (subscriber) => subscriber.close(true),
      retryAfter,
      onError: options.failed,
      onChange() {
        entry.policy = initialLayerPolicy;
        if (entry.kept.current() !== null) {
          options.succeeded();
          settled(entry);
        }
        changed();
      },
    }),
  };
  entry.kept.ensure();
  return entry;
}

/** Each subscription's stream, null until it arrived. */
function receivedFeeds(entries: Iterable<Received>): ReceivedFeed[] {
  return [...entries].map(({ feed, kept }) => ({
    participantId: feed.participantId,
    source: feed.source,
    stream: kept.current()?.stream() ?? null,
  }));
}

/** After a rejoin: opens what waits, and opens again what the server forgot (probe). */
function checkAfterRejoin(entries: Iterable<Received>, onError: (error: unknown) => void): void {
  for (const entry of entries) {
    const subscriber = entry.kept.current();
    if (subscriber === null) {
      entry.kept.ensure();
      continue;
    }
    subscriber.probe().then((known) => {
      if (!known && entry.kept.current() === subscriber) entry.kept.restart();
    }, onError);
  }
}

/** Decoded frames of the cameras received, per participant. */
async function inboundVideoFrames(entries: Iterable<Received>): Promise<Map<number, number>> {
  const frames = new Map<number, number>();
  for (const { feed, kept } of entries) {
    const subscriber = kept.current();
    if (feed.source !== 'camera' || subscriber === null) continue;
    frames.set(
      feed.participantId,
      (frames.get(feed.participantId) ?? 0) + (await subscriber.framesDecoded()),
    );
  }
  return frames;
}

export function createJanusReceiving(options: JanusReceivingOptions): JanusReceiving {
  const { onError, changed } = options;
  const received = new Map<number, Received>();
  let stageId: number | null = null;

  function layerFor(entry: Pick<Received, 'feed' | 'policy'>) {
    return effectiveLayer(entry.policy, wantedLayer(entry.feed, stageId, options.feeds()));
  }

  function followFeeds(): void {
    if (options.isClosed()) return;
    const wanted = new Map(feedsToReceive(options.feeds(), options.selfId).map((feed) => [feed.feed, feed]));
    let touched = false;
    for (const [id, entry] of received) {
      if (wanted.has(id)) continue;
      entry.kept.close();
      received.delete(id);
      touched = true;
    }
    for (const [id, feed] of wanted) {
      if (received.has(id)) continue;
      received.set(id, receive(feed, layerFor, applyLayer, options));
      touched = true;
    }
    applyLayers();
    if (touched) changed();
  }

  /** Asks the media server for the layer the entry should have now (nothing if it has it already). */
  function applyLayer(entry: Received): void {
    const subscriber = entry.kept.current();
    if (subscriber === null) return;
    subscriber.setLayer(layerFor(entry)).catch((error: unknown) => {
      if (mediaFailure(error) === 'gone') entry.kept.restart();
      else onError(error);
    });
  }

  function applyLayers(): void {
    for (const entry of received.values()) applyLayer(entry);
  }

  /** Every 2 s: each subscription's inbound video, judged by the layer policy; a stalled one reopened. */
  const statsTimer = setInterval(() => {
    for (const entry of received.values()) {
      const subscriber = entry.kept.current();
      if (subscriber === null) continue;
      subscriber
        .reading(options.clock())
        .then((reading) => {
          if (reading === null || entry.kept.current() !== subscriber) return;
          const before = layerFor(entry);
          const camera = entry.feed.source === 'camera';
          entry.policy = nextLayerPolicy(entry.policy, reading, camera);
          if (camera && isStalled(entry.policy)) entry.kept.reopen();
          else if (layerFor(entry) !== before) applyLayers();
        })
        .catch(onError);
    }
  }, LAYER_POLICY.intervalMs);

  function dropAll(): void {
    for (const entry of received.values()) entry.kept.close();
    received.clear();
  }

  return {
    followFeeds,
    setStage(participantId) {
      if (participantId === stageId) return;
      stageId = participantId;
      applyLayers();
    },
    receivedFeeds: () => receivedFeeds(received.values()),
    checkAfterRejoin: () => checkAfterRejoin(received.values(), onError),
    dropAll,
    inboundVideoFrames: () => inboundVideoFrames(received.values()),
    receivedLayers: () =>
      [...received.values()].map(({ feed, policy, kept }) => ({
        participantId: feed.participantId,
        source: feed.source,
        wanted: wantedLayer(feed, stageId, options.feeds()),
        limited: policy.limited,
        asked: kept.current()?.layer() ?? null,
      })),
    close() {
      clearInterval(statsTimer);
      dropAll();
    },
  };
}
