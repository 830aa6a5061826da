// One participant's tab in one room at the media server: where its media go (sfuPlace.ts), what it
// publishes (sfuPublications.ts) and what it receives (sfuSubscriptions.ts). The server decides here,
// never the browser, whether a publish is allowed.
import { MEDIA_ERRORS, type MediaLayer, type MediaResults, type MediaSource } from '@lablive/protocol';
import type { JanusServer } from './janusServer.ts';
import { MediaRefusal } from './mediaRefusals.ts';
import type { MediaServers } from './mediaServers.ts';
import { createSfuPlace } from './sfuPlace.ts';
import { createSfuPublications, type FeedAnnouncer } from './sfuPublications.ts';
import { createSfuSubscriptions } from './sfuSubscriptions.ts';

export type SfuMember = {
  readonly roomId: number;
  readonly participantId: number;
  publish(source: MediaSource, offer: string): Promise<MediaResults['publish']>;
  unpublish(source: MediaSource): Promise<void>;
  subscribe(feed: number, layer: MediaLayer): Promise<MediaResults['subscribe']>;
  start(subscription: string, answer: string): Promise<void>;
  layer(subscription: string, layer: MediaLayer): Promise<void>;
  unsubscribe(subscription: string): Promise<void>;
  /** Whether this member's media go through that server. */
  isOn(server: JanusServer): boolean;
  /** The media server's connection was lost: everything here is gone, the browser starts again. */
  reset(): void;
  /** Leaves the media server: feeds announced gone, the Janus session destroyed, the room if idle. */
  close(): Promise<void>;
};

export function createSfuMember(input: {
  servers: MediaServers;
  roomId: number;
  participantId: number;
  displayName: string;
  mayPublish: boolean;
  announce: FeedAnnouncer;
  log: (level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>) => void;
}): SfuMember {
  const { roomId, participantId } = input;
  const place = createSfuPlace(input.servers, roomId);
  const publications = createSfuPublications({ ...input, place });
  const subscriptions = createSfuSubscriptions(place, roomId);

  return {
    roomId,
    participantId,
    async publish(source, offer) {
      if (!input.mayPublish)
        throw new MediaRefusal(
          MEDIA_ERRORS.publishForbidden,
          'Observers watch and listen: your role may not publish.',
        );
      return publications.publish(source, offer);
    },
    unpublish: (source) => publications.unpublish(source),
    subscribe: (feed, layer) => subscriptions.subscribe(feed, layer),
    start: (subscription, answer) => subscriptions.start(subscription, answer),
    layer: (subscription, layer) => subscriptions.layer(subscription, layer),
    unsubscribe: (subscription) => subscriptions.unsubscribe(subscription),
    isOn: (server) => place.current() === server,
    reset() {
      publications.forgetAll();
      subscriptions.forgetAll();
      place.forget();
    },
    async close() {
      await publications.endAll();
      subscriptions.forgetAll();
      await place.leave();
      const server = place.current();
      if (server?.connected())
        await server
          .destroyRoomIfIdle(roomId)
          .catch((error: unknown) =>
            input.log('warn', 'media room not destroyed', { roomId, error: String(error) }),
          );
    },
  };
}
