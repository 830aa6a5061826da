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

/**
 * The mid of the video line of an SDP, which a layer change names: Janus 1.x sets simulcast layers per
 * stream (its older top-level `substream` is not applied to a multistream subscription).
 */
export function videoMid(sdp: string): string | null {
  for (const section of sdp.split(/\r?\nm=/).slice(1)) {
    if (!section.startsWith('video')) continue;
    return /\r?\na=mid:([^\r\n]+)/.exec(section)?.[1] ?? null;
  }
  return null;
}

type Subscription = { handle: VideoRoomHandle; videoMid: string | null };

export function createSfuSubscriptions(place: SfuPlace, roomId: number): SfuSubscriptions {
  const subscriptions = new Map<string, Subscription>();

  function subscription(id: string): Subscription {
    const found = subscriptions.get(id);
    if (!found) throw new MediaRefusal(MEDIA_ERRORS.notFound, `No subscription ${id} on this connection.`);
    return found;
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
            streams: [{ feed, substream: layer, fallback: LAYER_FALLBACK_MS * 1000 }],
          }),
        );
        if (!joined.jsep) throw new MediaServerUnavailable('The media server offered no SDP');
        const id = randomUUID();
        subscriptions.set(id, { handle, videoMid: videoMid(joined.jsep.sdp) });
        handle.once(Janode.EVENT.HANDLE_DETACHED, () => subscriptions.delete(id));
        return { subscription: id, offer: joined.jsep.sdp };
      } catch (error) {
        await handle.detach().catch(() => {});
        throw refusalOf(error, 'subscribe');
      }
    },
    async start(id, answer) {
      await subscription(id)
        .handle.start({ jsep: { type: 'answer', sdp: answer, trickle: false } })
        .catch((error: unknown) => {
          throw refusalOf(error, 'start');
        });
    },
    async layer(id, layer) {
      const { handle, videoMid: mid } = subscription(id);
      // A feed without video (a microphone alone) has no layers: nothing to change.
      if (mid === null) return;
      await handle.configure({ streams: [{ mid, substream: layer }] }).catch((error: unknown) => {
        throw refusalOf(error, 'change layer');
      });
    },
    async unsubscribe(id) {
      const found = subscriptions.get(id);
      if (!found) return;
      subscriptions.delete(id);
      await found.handle.detach().catch(() => {});
    },
    forgetAll: () => subscriptions.clear(),
  };
}
