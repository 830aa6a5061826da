/// <reference path="./janode.d.ts" />
// The VideoRoom rooms of one media server: each LabLive room has the Janus room of the same number,
// created when it first needs video (private, VP8 for simulcast, with a secret derived from the admin
// key, so no other API client could destroy it) and destroyed once nobody publishes in it any more.

import { createHmac } from 'node:crypto';
import type { VideoRoomHandle } from 'janode/plugins/videoroom';
import { VIDEOROOM_ERRORS, videoRoomErrorCode } from './janusErrors.ts';

/** Janus rooms of LabLive rooms: publishers are bounded well above a webinar's speakers. */
const MAX_PUBLISHERS = 100;
/** Each publisher's video is capped (the largest simulcast layer and some margin). */
const PUBLISHER_BITRATE = 1_500_000;

export type JanusRooms = {
  /** Creates the room unless it exists (several LabLive instances may race: the loser finds it made). */
  ensureRoom(roomId: number): Promise<void>;
  /** Forgets a room known to exist (Janus said it does not): the next ensureRoom creates it again. */
  forgetRoom(roomId: number): void;
  /** Destroys the room when no publisher is left in it. */
  destroyRoomIfIdle(roomId: number): Promise<void>;
  /** The feeds published in a room now (none when the room does not exist yet). */
  publishers(roomId: number): Promise<number[]>;
  /** Removes a feed from a room (a participant's older tab publishing the same source). */
  kick(roomId: number, feed: number): Promise<void>;
  /** Participants of all rooms on this server: its load, for placing rooms. */
  load(): Promise<number>;
  /** The connection was lost: no room is known to exist any more. */
  forgetAll(): void;
};

export function createJanusRooms(input: {
  adminHandle: () => Promise<VideoRoomHandle>;
  call: <T>(what: string, run: () => Promise<T>) => Promise<T>;
  adminKey: string;
}): JanusRooms {
  const { adminHandle, call, adminKey } = input;
  const knownRooms = new Set<number>();
  const roomSecret = (roomId: number) =>
    createHmac('sha256', adminKey).update(`room:${roomId}`).digest('base64url');

  return {
    async ensureRoom(roomId) {
      if (knownRooms.has(roomId)) return;
      const handle = await adminHandle();
      await call('create a room', async () => {
        try {
          await handle.create({
            room: roomId,
            description: `LabLive room ${roomId}`,
            max_publishers: MAX_PUBLISHERS,
            secret: roomSecret(roomId),
            admin_key: adminKey,
            bitrate: PUBLISHER_BITRATE,
            // Keyframes every few seconds: a viewer switching layers or joining sees a picture soon.
            fir_freq: 5,
            videocodec: 'vp8',
            audiocodec: 'opus',
            is_private: true,
          });
        } catch (error) {
          if (videoRoomErrorCode(error) !== VIDEOROOM_ERRORS.roomExists) throw error;
        }
      });
      knownRooms.add(roomId);
    },
    forgetRoom: (roomId) => knownRooms.delete(roomId),
    async destroyRoomIfIdle(roomId) {
      const handle = await adminHandle();
      await call('destroy a room', async () => {
        try {
          const { participants } = await handle.listParticipants({ room: roomId });
          if (participants.length > 0) return;
          knownRooms.delete(roomId);
          await handle.destroy({ room: roomId, secret: roomSecret(roomId) });
        } catch (error) {
          if (videoRoomErrorCode(error) !== VIDEOROOM_ERRORS.noSuchRoom) throw error;
        }
      });
    },
    async publishers(roomId) {
      const handle = await adminHandle();
      return call('list a room', async () => {
        try {
          const { participants } = await handle.listParticipants({ room: roomId });
          return participants
            .filter((participant) => participant.publisher)
            .map((participant) => participant.feed);
        } catch (error) {
          if (videoRoomErrorCode(error) === VIDEOROOM_ERRORS.noSuchRoom) return [];
          throw error;
        }
      });
    },
    async kick(roomId, feed) {
      const handle = await adminHandle();
      await call('remove a feed', async () => {
        try {
          await handle.kick({ room: roomId, feed, secret: roomSecret(roomId) });
        } catch (error) {
          if (videoRoomErrorCode(error) !== VIDEOROOM_ERRORS.noSuchFeed) throw error;
        }
      });
    },
    async load() {
      const handle = await adminHandle();
      const { list } = await call('list its rooms', () => handle.list({ admin_key: adminKey }));
      return list.reduce((sum, room) => sum + room.num_participants, 0);
    },
    forgetAll: () => knownRooms.clear(),
  };
}
