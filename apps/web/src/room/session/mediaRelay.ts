// The media session's requests to the server's media forwarding (provider `janus`) before and after
// the room is joined. The session starts with the room token, while the socket still joins: its first
// requests (publish, feeds) wait here for the join, then go through the room handle, which rejects
// them, without sending them again, when the socket is down (the session renegotiates on the rejoin).
import { REALTIME_ERROR_CODES, RealtimeError, type RoomHandle } from '@lablive/client';
import { createListeners } from '@lablive/client/realtime/listeners';
import type { MediaRequests } from '../../media/mediaSession.ts';

export type MediaRelay = MediaRequests & {
  /** The room is joined: waiting requests go out, and its rejoins are heard. Once per relay. */
  attach(handle: Pick<RoomHandle, 'media' | 'onRejoin'>): void;
  /** Rejects what still waits for the join; later requests are rejected at once. */
  close(): void;
};

export function createMediaRelay(onError: (error: unknown) => void = () => {}): MediaRelay {
  let handle: Pick<RoomHandle, 'media' | 'onRejoin'> | null = null;
  let unsubscribe: (() => void) | null = null;
  let closed = false;
  const rejoins = createListeners<[]>(onError);
  let attached: (joined: Pick<RoomHandle, 'media'>) => void = () => {};
  let abandoned: (error: RealtimeError) => void = () => {};
  const joined = new Promise<Pick<RoomHandle, 'media'>>((resolve, reject) => {
    attached = resolve;
    abandoned = reject;
  });
  // Nobody may be waiting when the relay closes before the join.
  joined.catch(() => undefined);

  return {
    async request(request) {
      if (closed) throw new RealtimeError(REALTIME_ERROR_CODES.left, 'The room was left');
      const room = handle ?? (await joined);
      return room.media(request);
    },
    onRejoin: rejoins.add,
    attach(room) {
      if (closed || handle !== null) return;
      handle = room;
      unsubscribe = room.onRejoin(() => rejoins.emit());
      attached(room);
    },
    close() {
      if (closed) return;
      closed = true;
      unsubscribe?.();
      rejoins.clear();
      abandoned(new RealtimeError(REALTIME_ERROR_CODES.left, 'The room was left before it was joined'));
    },
  };
}
