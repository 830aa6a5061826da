/// <reference path="./janode.d.ts" />
// What one member receives from the media server: one VideoRoom subscriber per remote feed, under an
// id of ours (a browser names only its own subscriptions), each at the simulcast layer it asks for.
import { randomUUID } from 'node:crypto';
import { MEDIA_ERRORS, type MediaLayer, type MediaResults } from '@lablive/protocol';
import Janode from 'janode';
import type { VideoRoomHandle } from 'janode/plugins/videoroom';
import { feedOwner } from './feedIds.ts';
import { MediaServerUnavailable } from './janusErrors.ts';
import { MediaRefusal, refusalOf } from './mediaRefusals.ts';
import type { SfuPlace } from './sfuPlace.ts';

export type SfuSubscriptions = {
  subscribe(feed: number, layer: MediaLayer): Promise<MediaResults['subscribe']>;
  start(subscription: string, answer: string): Promise<void>;
  layer(subscription: string, layer: MediaLayer): Promise<void>;
  unsubscribe(subscription: string): Promise<void>;
  /** They ended with the member's session or its server. */
  forgetAll(): void;
};

/** How long without packets on a layer before Janus drops the viewer to the one below. */
const LAYER_FALLBACK_MS = 500;

export function createSfuSubscriptions(place: SfuPlace, roomId: number): SfuSubscriptions {
  const subscriptions = new Map<string, VideoRoomHandle>();

  function subscription(id: string): VideoRoomHandle {
    const handle = subscriptions.get(id);
    if (!handle) throw new MediaRefusal(MEDIA_ERRORS.notFound, `No subscription ${id} on this connection.`);
    return handle;
  }

  return {
    async subscribe(feed, layer) {
      if (feedOwner(feed) === null)
        throw new MediaRefusal(MEDIA_ERRORS.notFound, `No feed ${feed} in this room.`);
      const handle = await place.attach();
      try {
        const joined = await place.inRoom(() =>
          handle.joinSubscriber({
            room: roomId,
            feed,
            sc_substream_layer: layer,
            sc_substream_fallback_ms: LAYER_FALLBACK_MS,
          }),
        );
        if (!joined.jsep) throw new MediaServerUnavailable('The media server offered no SDP');
        const id = randomUUID();
        subscriptions.set(id, handle);
        handle.once(Janode.EVENT.HANDLE_DETACHED, () => subscriptions.delete(id));
        return { subscription: id, offer: joined.jsep.sdp };
      } catch (error) {
        await handle.detach().catch(() => {});
        throw refusalOf(error, 'subscribe');
      }
    },
    async start(id, answer) {
      await subscription(id)
        .start({ jsep: { type: 'answer', sdp: answer, trickle: false } })
        .catch((error: unknown) => {
          throw refusalOf(error, 'start');
        });
    },
    async layer(id, layer) {
      await subscription(id)
        .configure({ sc_substream_layer: layer })
        .catch((error: unknown) => {
          throw refusalOf(error, 'change layer');
        });
    },
    async unsubscribe(id) {
      const handle = subscriptions.get(id);
      if (!handle) return;
      subscriptions.delete(id);
      await handle.detach().catch(() => {});
    },
    forgetAll: () => subscriptions.clear(),
  };
}
