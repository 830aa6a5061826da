// One Janus media server as LabLive's server sees it: a janode connection (LabLive is Janus's only API
// client: the API secret stays here), sessions for the participants, and the VideoRoom rooms, created
// when a LabLive room first needs video and destroyed once nobody publishes in it any more. A lost
// connection is reopened in the background; meanwhile every request fails with `unavailable`, which
// the browser retries.
/// <reference path="./janode.d.ts" />
import { createHmac } from 'node:crypto';
import Janode, { type JanodeConnection, type JanodeSession } from 'janode';
import VideoRoomPlugin, { type VideoRoomHandle } from 'janode/plugins/videoroom';

export type JanusServerOptions = {
  url: string;
  apiSecret: string;
  /** The VideoRoom plugin's admin_key: only holders create rooms. */
  adminKey: string;
  log: (level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>) => void;
  /** Between attempts to reopen a lost connection. */
  reconnectMs?: number;
};

/** The media server cannot be reached now, or refused in a way a retry (maybe elsewhere) may fix. */
export class MediaServerUnavailable extends Error {
  constructor(message: string, options?: { cause: unknown }) {
    super(message, options);
    this.name = 'MediaServerUnavailable';
  }
}

/** Janus's VideoRoom error codes that LabLive acts on. */
export const VIDEOROOM_ERRORS = { noSuchRoom: 426, noSuchFeed: 428, roomExists: 427, idExists: 436 } as const;

/** The VideoRoom error code of a failed janode request, if it is one. */
export function videoRoomErrorCode(error: unknown): number | null {
  const code = (error as { _code?: unknown } | null)?._code;
  return typeof code === 'number' ? code : null;
}

export type JanusServer = {
  readonly url: string;
  /** Connects once; rejects with MediaServerUnavailable naming the address when Janus does not answer. */
  start(): Promise<void>;
  /** After a failed start: keeps trying in the background (one of several servers may come later). */
  retryInBackground(): void;
  connected(): boolean;
  /** A new Janus session for one participant's connection. */
  openSession(): Promise<JanodeSession>;
  attach(session: JanodeSession): Promise<VideoRoomHandle>;
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
  /** Called when the connection is lost: every session on it is gone. */
  onLost(listener: () => void): () => void;
  close(): Promise<void>;
};

/** Janus rooms of LabLive rooms: publishers are bounded well above a webinar's speakers. */
const MAX_PUBLISHERS = 100;
/** Each publisher's video is capped (the largest simulcast layer and some margin). */
const PUBLISHER_BITRATE = 1_500_000;

export function createJanusServer(options: JanusServerOptions): JanusServer {
  Janode.Logger.setLevel('warning');
  let connection: JanodeConnection | null = null;
  /** A session and VideoRoom handle of the server's own, for creating, listing and destroying rooms. */
  let admin: Promise<VideoRoomHandle> | null = null;
  let connecting: Promise<JanodeConnection> | null = null;
  let closing = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  const knownRooms = new Set<number>();
  const lostListeners = new Set<() => void>();
  // Rooms are protected by a secret derived from ours, so a Janus API client could not destroy them.
  const roomSecret = (roomId: number) =>
    createHmac('sha256', options.adminKey).update(`room:${roomId}`).digest('base64url');

  function lost(reason: string) {
    if (!connection) return;
    connection = null;
    admin = null;
    knownRooms.clear();
    options.log('warn', 'media server connection lost', { url: options.url, reason });
    for (const listener of lostListeners) listener();
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (closing || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect().catch(() => scheduleReconnect());
    }, options.reconnectMs ?? 2_000);
    reconnectTimer.unref();
  }

  async function connect(): Promise<JanodeConnection> {
    if (connection) return connection;
    connecting ??= (async () => {
      try {
        const opened = await Janode.connect({
          address: { url: options.url, apisecret: options.apiSecret },
          retry_time_secs: 1,
          max_retries: 1,
        });
        opened.once(Janode.EVENT.CONNECTION_CLOSED, () => lost('closed'));
        opened.once(Janode.EVENT.CONNECTION_ERROR, (error) => lost(String(error)));
        // A wrong API secret only shows on the first request: check it here, at connection time.
        const session = await opened.create();
        const handle = await session.attach(VideoRoomPlugin);
        await handle.list({ admin_key: options.adminKey });
        connection = opened;
        admin = Promise.resolve(handle);
        options.log('info', 'media server connected', { url: options.url });
        return opened;
      } catch (cause) {
        throw new MediaServerUnavailable(
          `The media server at ${options.url} cannot be reached: ${describe(cause)}`,
          {
            cause,
          },
        );
      } finally {
        connecting = null;
      }
    })();
    return connecting;
  }

  async function adminHandle(): Promise<VideoRoomHandle> {
    await connect();
    if (!admin) throw new MediaServerUnavailable(`The media server at ${options.url} is reconnecting`);
    return admin;
  }

  /** Any janode failure that is not Janus answering a request is the server being unreachable. */
  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof MediaServerUnavailable || videoRoomErrorCode(error) !== null) throw error;
      throw new MediaServerUnavailable(
        `The media server at ${options.url} failed to ${what}: ${describe(error)}`,
        {
          cause: error,
        },
      );
    }
  }

  return {
    url: options.url,
    async start() {
      await connect();
    },
    retryInBackground: scheduleReconnect,
    connected: () => connection !== null,
    openSession: () => call('open a session', async () => (await connect()).create()),
    attach: (session) => call('attach to the VideoRoom plugin', () => session.attach(VideoRoomPlugin)),
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
            admin_key: options.adminKey,
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
      const { list } = await call('list its rooms', () => handle.list({ admin_key: options.adminKey }));
      return list.reduce((sum, room) => sum + room.num_participants, 0);
    },
    onLost(listener) {
      lostListeners.add(listener);
      return () => lostListeners.delete(listener);
    },
    async close() {
      closing = true;
      clearTimeout(reconnectTimer);
      const open = connection;
      connection = null;
      admin = null;
      await open?.close().catch(() => {});
    },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
