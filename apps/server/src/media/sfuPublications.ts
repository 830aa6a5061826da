/// <reference path="./janode.d.ts" />
// What one member publishes at the media server: a camera and a screen at most, each a VideoRoom
// publisher under the feed id the server chose (feedIds.ts). A feed is announced to the room once its
// media reached Janus (a viewer told sooner would find nothing to subscribe to) and announced gone when
// it ends, however it ends (unpublished, its media dead, the member gone).
import type { MediaResults, MediaSource } from '@lablive/protocol';
import Janode from 'janode';
import type { VideoRoomHandle } from 'janode/plugins/videoroom';
import { feedId } from './feedIds.ts';
import { MediaServerUnavailable, VIDEOROOM_ERRORS, videoRoomErrorCode } from './janusErrors.ts';
import { refusalOf } from './mediaRefusals.ts';
import type { SfuPlace } from './sfuPlace.ts';

/** Tells the room's sockets (on every instance) that a feed appeared or went away. */
export type FeedAnnouncer = (
  roomId: number,
  participantId: number,
  feed: number,
  source: MediaSource,
  published: boolean,
) => void;

export type SfuPublications = {
  publish(source: MediaSource, offer: string): Promise<MediaResults['publish']>;
  unpublish(source: MediaSource): Promise<void>;
  /** Every publication ends (announced gone). */
  endAll(): Promise<void>;
  /** The server was lost with them: announced gone, nothing to detach. */
  forgetAll(): void;
};

export function createSfuPublications(input: {
  place: SfuPlace;
  roomId: number;
  participantId: number;
  displayName: string;
  announce: FeedAnnouncer;
}): SfuPublications {
  const { place, roomId, participantId } = input;
  const publishers = new Map<MediaSource, VideoRoomHandle>();

  async function end(source: MediaSource, handle: VideoRoomHandle) {
    if (publishers.get(source) !== handle) return;
    publishers.delete(source);
    input.announce(roomId, participantId, feedId(participantId, source), source, false);
    await handle.detach().catch(() => {});
  }

  /** Joins the room as this feed's publisher; the same person's older feed (another tab) is replaced. */
  async function join(handle: VideoRoomHandle, feed: number, offer: string) {
    const joinAsPublisher = () =>
      handle.joinConfigurePublisher({
        room: roomId,
        feed,
        display: input.displayName,
        audio: true,
        video: true,
        jsep: { type: 'offer', sdp: offer, trickle: false },
      });
    return place.inRoom(async () => {
      try {
        return await joinAsPublisher();
      } catch (error) {
        if (videoRoomErrorCode(error) !== VIDEOROOM_ERRORS.idExists) throw error;
        await (await place.server()).kick(roomId, feed);
        return joinAsPublisher();
      }
    });
  }

  return {
    async publish(source, offer) {
      const previous = publishers.get(source);
      if (previous) await end(source, previous);
      const handle = await place.attach();
      const feed = feedId(participantId, source);
      let answer: string;
      try {
        const joined = await join(handle, feed, offer);
        if (!joined.jsep)
          throw new MediaServerUnavailable('The media server answered the offer without an SDP');
        answer = joined.jsep.sdp;
      } catch (error) {
        await handle.detach().catch(() => {});
        throw refusalOf(error, 'publish');
      }
      publishers.set(source, handle);
      handle.once(Janode.EVENT.HANDLE_WEBRTCUP, () => {
        if (publishers.get(source) === handle) input.announce(roomId, participantId, feed, source, true);
      });
      // A publisher whose media dies (ICE failure, a browser gone) is a feed gone for everyone.
      handle.once(Janode.EVENT.HANDLE_HANGUP, () => void end(source, handle));
      handle.once(Janode.EVENT.HANDLE_DETACHED, () => void end(source, handle));
      return { feed, answer };
    },
    async unpublish(source) {
      const handle = publishers.get(source);
      if (handle) await end(source, handle);
    },
    async endAll() {
      for (const [source, handle] of [...publishers]) await end(source, handle);
    },
    forgetAll() {
      for (const [source] of publishers)
        input.announce(roomId, participantId, feedId(participantId, source), source, false);
      publishers.clear();
    },
  };
}
