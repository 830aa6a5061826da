// The feeds of a `janus` room as this browser knows them: the `feeds` answer, kept like a publication
// (asked again after a rejoin, after the media server was lost, with backoff after a failure), then
// the server's `media-feed` signals applied over it. The server's `media-reset` signal, the room's
// media server was lost, comes through here too.
import type { SignalKind } from '@lablive/protocol';
import { applyFeedSignal, type FeedTable, feedTable } from './janusFeeds.ts';
import { type KeptNegotiation, retryAfter } from './janusReachability.ts';
import { keepAlive } from './keptAlive.ts';
import type { SignalChannel } from './mediaSession.ts';

export type JanusFeedList = {
  /** The room's feeds by feed id (empty until the first answer). */
  table(): FeedTable;
  /**
   * Starts applying the server's signals. Once the session can follow feeds: the room's relay hands
   * the signals that came before to its first listener at once.
   */
  listen(): void;
  ensure(): void;
  /** Asks for the list again now (after a rejoin). */
  reopen(): void;
  /** Asks for the list again after the backoff's delay (after the media server was lost). */
  restart(): void;
  /** Forgets every feed until the next answer. */
  forget(): void;
  close(): void;
};

export type JanusFeedListOptions = Pick<KeptNegotiation, 'request' | 'failed' | 'succeeded'> & {
  signals: SignalChannel;
  isClosed: () => boolean;
  /** The list was answered (the first time, or again). */
  onLoaded: () => void;
  /** A `media-feed` signal changed the table. */
  onFeedsChanged: () => void;
  /** The server's `media-reset`: it lost the room's media server (another carries it now). */
  onMediaServerLost: () => void;
};

export function createJanusFeedList(options: JanusFeedListOptions): JanusFeedList {
  let feeds: FeedTable = new Map();
  /** Signals that came while the feed list was asked: applied again over its answer. */
  let signalsWhileLoading: { from: number; payload: unknown }[] | null = null;
  const feedList = keepAlive<true>({
    async open() {
      signalsWhileLoading = [];
      try {
        const answer = await options.request({ action: 'feeds' });
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
    onError: options.failed,
    onChange() {
      if (feedList.current() === null) return;
      options.succeeded();
      options.onLoaded();
    },
  });

  function onSignal(from: number, kind: SignalKind, payload: unknown): void {
    if (options.isClosed()) return;
    if (kind === 'media-reset') {
      options.onMediaServerLost();
      return;
    }
    if (kind !== 'media-feed') return;
    signalsWhileLoading?.push({ from, payload });
    const next = applyFeedSignal(feeds, from, kind, payload);
    if (next === feeds) return;
    feeds = next;
    options.onFeedsChanged();
  }
  let unsubscribeSignals: (() => void) | null = null;

  return {
    table: () => feeds,
    listen() {
      unsubscribeSignals ??= options.signals.onSignal(onSignal);
    },
    ensure: feedList.ensure,
    reopen: feedList.reopen,
    restart: feedList.restart,
    forget() {
      feeds = new Map();
    },
    close() {
      unsubscribeSignals?.();
      feedList.close();
    },
  };
}
