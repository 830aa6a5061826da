// The pure part of following the media server's feeds (provider `janus`): the feeds published in the
// room, from the `feeds` answer and then the server's `media-feed` signals; which of them this browser
// subscribes to; which simulcast layer the layout wants for each; and how they become RemoteMedia.
import {
  type MediaLayer,
  type MediaSource,
  mediaFeedSignalSchema,
  type PublishedFeed,
  type SignalKind,
} from '@lablive/protocol';
import type { RemoteMedia } from './mediaSession.ts';
import { remoteEntries } from './opentokMapping.ts';

/** The room's feeds by feed id. */
export type FeedTable = ReadonlyMap<number, PublishedFeed>;

/** The table after a room signal: a `media-feed` from the server adds or removes one; others change nothing. */
export function applyFeedSignal(
  feeds: FeedTable,
  from: number,
  kind: SignalKind,
  payload: unknown,
): FeedTable {
  if (kind !== 'media-feed') return feeds;
  const parsed = mediaFeedSignalSchema.safeParse(payload);
  if (!parsed.success) return feeds;
  const { feed, source, published } = parsed.data;
  const next = new Map(feeds);
  // A participant has one feed per source: a new one replaces the one it republished over.
  for (const [id, known] of feeds)
    if (known.participantId === from && known.source === source) next.delete(id);
  if (published) next.set(feed, { feed, participantId: from, source });
  else next.delete(feed);
  return next;
}

/** The table from the `feeds` answer (the latest feed of a participant's source wins). */
export function feedTable(feeds: readonly PublishedFeed[]): FeedTable {
  const table = new Map<number, PublishedFeed>();
  for (const feed of feeds) {
    for (const [id, known] of table)
      if (known.participantId === feed.participantId && known.source === feed.source) table.delete(id);
    table.set(feed.feed, feed);
  }
  return table;
}

/** The feeds to receive: everybody's but this person's own (another tab of theirs publishes too). */
export function feedsToReceive(feeds: FeedTable, selfId: number): PublishedFeed[] {
  return [...feeds.values()].filter((feed) => feed.participantId !== selfId);
}

/**
 * The layer the layout wants for a feed: the highest for what the stage shows large (the stage
 * participant's shared screen, or their camera when they share none), the lowest for thumbnails.
 */
export function wantedLayer(feed: PublishedFeed, stageId: number | null, feeds: FeedTable): MediaLayer {
  if (stageId === null || feed.participantId !== stageId) return 0;
  if (feed.source === 'screen') return 2;
  const sharesScreen = [...feeds.values()].some(
    (other) => other.participantId === stageId && other.source === 'screen',
  );
  return sharesScreen ? 0 : 2;
}

export type ReceivedFeed = { participantId: number; source: MediaSource; stream: MediaStream | null };

/**
 * One entry per participant: the room's peers first (in their order, without streams until something
 * arrived), then anyone else who publishes; a camera feed is `stream`, a screen feed `screen`.
 */
export function janusRemotes(peers: readonly number[], received: Iterable<ReceivedFeed>): RemoteMedia[] {
  return remoteEntries(
    peers,
    [...received].map((feed) => ({
      participantId: feed.participantId,
      videoType: feed.source,
      stream: feed.stream,
    })),
  );
}
