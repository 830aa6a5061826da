// The room's audio and video, started as soon as the room token arrives rather than once the room is
// joined: the provider and the devices get ready while the socket joins (signals wait in the relay),
// and on the join the peers follow the room's viewers at once, not after the room's screen rendered.
// Joining to the first remote frame is the live room's performance figure (docs/performance.md).
import type { RoomHandle } from '@lablive/client';
import type { RoomState, RoomTokenResponse } from '@lablive/domain';
import type { CreateMediaSessionOptions } from '../../media/createMediaSession.ts';
import type { MediaSession } from '../../media/mediaSession.ts';
import { createMediaRelay } from './mediaRelay.ts';
import { createSignalRelay } from './signalRelay.ts';

/** The other participants present, in a stable order: who the mesh connects to. */
export function peerIds(state: RoomState, selfId: number): number[] {
  return state.viewers
    .filter((viewer) => viewer.id !== selfId)
    .map((viewer) => viewer.id)
    .sort((a, b) => a - b);
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, index) => id === b[index]);

export type RoomMediaStart = {
  /** The started session; rejects when it could not start (the room stays usable without media). */
  readonly media: Promise<MediaSession>;
  /** The room is joined: signals flow and the peers follow its viewers. Only the first call counts. */
  join(handle: RoomHandle): void;
  /** Closes the session (now, or as soon as it started) and stops relaying. */
  close(): void;
};

export type StartRoomMediaOptions = Omit<
  CreateMediaSessionOptions,
  'session' | 'selfId' | 'signals' | 'requests'
> & {
  token: RoomTokenResponse;
  create: (options: CreateMediaSessionOptions) => Promise<MediaSession>;
};

export function startRoomMedia(options: StartRoomMediaOptions): RoomMediaStart {
  const { token, create, ...rest } = options;
  // The room's participant id is the participation's id (the server's room access says so), so the
  // session knows who it is before the socket's welcome.
  const selfId = token.participation.id;
  const relay = createSignalRelay();
  // The media server's requests (provider `janus`) wait for the join the same way.
  const requests = createMediaRelay(rest.onError);
  let session: MediaSession | null = null;
  let handle: RoomHandle | null = null;
  let unfollow: (() => void) | null = null;
  let closed = false;

  function follow(media: MediaSession, joined: RoomHandle): void {
    let peers = peerIds(joined.state, selfId);
    media.setPeers(peers);
    unfollow = joined.onState((state) => {
      const next = peerIds(state, selfId);
      if (sameIds(next, peers)) return;
      peers = next;
      media.setPeers(next);
    });
  }

  const media = create({ ...rest, session: token.session, selfId, signals: relay, requests }).then(
    (started) => {
      if (closed) {
        started.close();
        return started;
      }
      session = started;
      if (handle !== null) follow(started, handle);
      return started;
    },
    (error: unknown) => {
      relay.close();
      requests.close();
      throw error;
    },
  );

  return {
    media,
    join(joined) {
      if (closed || handle !== null) return;
      handle = joined;
      relay.attach(joined);
      requests.attach(joined);
      if (session !== null) follow(session, joined);
    },
    close() {
      if (closed) return;
      closed = true;
      unfollow?.();
      relay.close();
      requests.close();
      session?.close();
    },
  };
}
