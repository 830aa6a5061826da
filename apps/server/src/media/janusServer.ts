// One Janus media server as LabLive's server sees it: a janode connection (LabLive is Janus's only API
// client: the API secret stays here), sessions for the participants, and the VideoRoom rooms, created
// when a LabLive room first needs video and destroyed once nobody publishes in it any more. A lost
// connection is reopened in the background; meanwhile every request fails with `unavailable`, which
// the browser retries.
/// <reference path="./janode.d.ts" />
import Janode, { type JanodeConnection, type JanodeSession } from 'janode';
import VideoRoomPlugin, { type VideoRoomHandle } from 'janode/plugins/videoroom';
import { MediaServerUnavailable, videoRoomErrorCode } from './janusErrors.ts';
import { createJanusRooms, type JanusRooms } from './janusRooms.ts';

export type JanusServerOptions = {
  url: string;
  apiSecret: string;
  /** The VideoRoom plugin's admin_key: only holders create rooms. */
  adminKey: string;
  log: (level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>) => void;
  /** Between attempts to reopen a lost connection. */
  reconnectMs?: number;
};

export type JanusServer = Omit<JanusRooms, 'forgetAll'> & {
  readonly url: string;
  /** Connects once; rejects with MediaServerUnavailable naming the address when Janus does not answer. */
  start(): Promise<void>;
  /** After a failed start: keeps trying in the background (one of several servers may come later). */
  retryInBackground(): void;
  connected(): boolean;
  /** A new Janus session for one participant's connection. */
  openSession(): Promise<JanodeSession>;
  attach(session: JanodeSession): Promise<VideoRoomHandle>;
  /** Called when the connection is lost: every session on it is gone. */
  onLost(listener: () => void): () => void;
  close(): Promise<void>;
};

export function createJanusServer(options: JanusServerOptions): JanusServer {
  Janode.Logger.setLevel('warning');
  let connection: JanodeConnection | null = null;
  /** A session and VideoRoom handle of the server's own, for creating, listing and destroying rooms. */
  let admin: Promise<VideoRoomHandle> | null = null;
  let connecting: Promise<JanodeConnection> | null = null;
  let closing = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  const lostListeners = new Set<() => void>();

  function lost(reason: string) {
    if (!connection) return;
    connection = null;
    admin = null;
    rooms.forgetAll();
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

  const rooms = createJanusRooms({ adminHandle, call, adminKey: options.adminKey });

  return {
    url: options.url,
    async start() {
      await connect();
    },
    retryInBackground: scheduleReconnect,
    connected: () => connection !== null,
    openSession: () => call('open a session', async () => (await connect()).create()),
    attach: (session) => call('attach to the VideoRoom plugin', () => session.attach(VideoRoomPlugin)),
    ensureRoom: rooms.ensureRoom,
    forgetRoom: rooms.forgetRoom,
    destroyRoomIfIdle: rooms.destroyRoomIfIdle,
    publishers: rooms.publishers,
    kick: rooms.kick,
    load: rooms.load,
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
