// How a `janus` session gets back what the media server lost. Its sessions belong to the room socket:
// after a rejoin the server may have forgotten our publications and subscriptions (the feed list and a
// probe of each subscription tell), and on the server's `media-reset` the room's media server itself
// was lost, so everything is published and subscribed again. A failed connection is the kept
// publication's or subscription's own business (keptAlive.ts).
import type { JanusFeedList } from './janusFeedList.ts';
import type { JanusPublishing } from './janusPublishing.ts';
import type { JanusReceiving } from './janusReceiving.ts';
import type { MediaRequests } from './mediaSession.ts';

export type JanusRecovery = {
  /** The feed list was answered: after a rejoin, it says which of our publications the server forgot. */
  feedsLoaded(): void;
  /** The server lost the room's media server (another carries it now): publish and subscribe again. */
  mediaServerLost(): void;
  close(): void;
};

export type JanusRecoveryOptions = {
  requests: Pick<MediaRequests, 'onRejoin'>;
  isClosed: () => boolean;
  feedList: Pick<JanusFeedList, 'table' | 'reopen' | 'restart' | 'forget'>;
  publishing: Pick<JanusPublishing, 'ensure' | 'checkOwnFeeds' | 'restart'>;
  receiving: Pick<JanusReceiving, 'checkAfterRejoin' | 'dropAll'>;
  /** Something to show changed (every subscription went). */
  changed: () => void;
};

export function createJanusRecovery(options: JanusRecoveryOptions): JanusRecovery {
  const { feedList, publishing, receiving } = options;
  /** The room was joined again: the next feed list says whether the server still has our publications. */
  let rejoined = false;

  const unsubscribeRejoin = options.requests.onRejoin(() => {
    if (options.isClosed()) return;
    rejoined = true;
    feedList.reopen();
    publishing.ensure();
    receiving.checkAfterRejoin();
  });

  return {
    feedsLoaded() {
      if (rejoined) publishing.checkOwnFeeds(feedList.table());
      rejoined = false;
    },
    mediaServerLost() {
      publishing.restart();
      receiving.dropAll();
      feedList.forget();
      options.changed();
      feedList.restart();
    },
    close: unsubscribeRejoin,
  };
}
