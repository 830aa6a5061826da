// One participant's tab in one room at the media server: its Janus session, what it publishes (camera,
// screen) and what it receives (one subscription per remote feed). The server decides here, never the
// browser, whether a publish is allowed; feed ids are the server's own (participant and source), so a
// browser cannot publish under another's name.
/// <reference path="./janode.d.ts" />
import { randomUUID } from 'node:crypto';
import type { MediaLayer, MediaResults, MediaSource } from '@lablive/protocol';
import type { JanodeSession } from 'janode';
import Janode from 'janode';
import type { VideoRoomHandle } from 'janode/plugins/videoroom';
import {
  type JanusServer,
  MediaServerUnavailable,
  VIDEOROOM_ERRORS,
  videoRoomErrorCode,
} from './janusServer.ts';
import type { MediaServers } from './mediaServers.ts';

/** A request the member refuses, with the protocol's code (MEDIA_ERRORS). */
export class MediaRefusal extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'MediaRefusal';
    this.code = code;
  }
}

const SOURCE_OFFSET: Record<MediaSource, number> = { camera: 1, screen: 2 };

/** The feed id of a participant's source: readable in Janus's own logs and admin pages. */
export function feedId(participantId: number, source: MediaSource): number {
  return participantId * 10 + SOURCE_OFFSET[source];
}

/** Whose feed this is, and which source; null for a feed LabLive did not name. */
export function feedOwner(feed: number): { participantId: number; source: MediaSource } | null {
  const offset = feed % 10;
  const source = (Object.keys(SOURCE_OFFSET) as MediaSource[]).find((s) => SOURCE_OFFSET[s] === offset);
  return source ? { participantId: Math.floor(feed / 10), source } : null;
}

/** Tells the room's sockets (on every instance) that a feed appeared or went away. */
export type FeedAnnouncer = (
  roomId: number,
  participantId: number,
  feed: number,
  source: MediaSource,
  published: boolean,
) => void;

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
  /** Leaves the media server: feeds announced gone, the Janus session destroyed. */
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
  /** The server carrying the room, found on the first request (and again after a reset). */
  let server: JanusServer | null = null;
  let session: Promise<JanodeSession> | null = null;
  const publishers = new Map<MediaSource, VideoRoomHandle>();
  const subscriptions = new Map<string, VideoRoomHandle>();

  async function roomServer(): Promise<JanusServer> {
    server ??= await input.servers.serverFor(roomId);
    return server;
  }

  /** A handle on this member's Janus session (opened on first use) on the room's server. */
  async function attach(): Promise<VideoRoomHandle> {
    const on = await roomServer();
    session ??= on.openSession().catch((error: unknown) => {
      session = null;
      throw error;
    });
    return on.attach(await session);
  }

  /** Runs a room request, creating the Janus room again if it went away (destroyed while idle). */
  async function inRoom<T>(run: () => Promise<T>): Promise<T> {
    const server = await roomServer();
    await server.ensureRoom(roomId);
    try {
      return await run();
    } catch (error) {
      if (videoRoomErrorCode(error) !== VIDEOROOM_ERRORS.noSuchRoom) throw error;
      server.forgetRoom(roomId);
      await server.ensureRoom(roomId);
      return run();
    }
  }

  function subscription(id: string): VideoRoomHandle {
    const handle = subscriptions.get(id);
    if (!handle) throw new MediaRefusal('media_not_found', `No subscription ${id} on this connection.`);
    return handle;
  }

  async function dropPublisher(source: MediaSource, handle: VideoRoomHandle) {
    if (publishers.get(source) !== handle) return;
    publishers.delete(source);
    input.announce(roomId, participantId, feedId(participantId, source), source, false);
    await handle.detach().catch(() => {});
  }

  return {
    roomId,
    participantId,
    async publish(source, offer) {
      if (!input.mayPublish)
        throw new MediaRefusal('publish_forbidden', 'Observers watch and listen: your role may not publish.');
      const previous = publishers.get(source);
      if (previous) await dropPublisher(source, previous);
      const handle = await attach();
      const feed = feedId(participantId, source);
      const join = () =>
        handle.joinConfigurePublisher({
          room: roomId,
          feed,
          display: input.displayName,
          audio: true,
          video: true,
          jsep: { type: 'offer', sdp: offer, trickle: false },
        });
      let joined: Awaited<ReturnType<typeof join>>;
      try {
        joined = await inRoom(async () => {
          try {
            return await join();
          } catch (error) {
            // The same person publishing from another tab (or a tab that came back): the newest wins.
            if (videoRoomErrorCode(error) !== VIDEOROOM_ERRORS.idExists) throw error;
            await (await roomServer()).kick(roomId, feed);
            return join();
          }
        });
      } catch (error) {
        await handle.detach().catch(() => {});
        throw refusalOf(error, 'publish');
      }
      if (!joined.jsep) {
        await handle.detach().catch(() => {});
        throw new MediaServerUnavailable('The media server answered the offer without an SDP');
      }
      publishers.set(source, handle);
      // Announced once its media reaches Janus: a viewer told sooner would find nothing to subscribe to.
      handle.once(Janode.EVENT.HANDLE_WEBRTCUP, () => {
        if (publishers.get(source) === handle) input.announce(roomId, participantId, feed, source, true);
      });
      // A publisher whose media dies (ICE failure, a browser gone) is a feed gone for everyone.
      handle.once(Janode.EVENT.HANDLE_HANGUP, () => void dropPublisher(source, handle));
      handle.once(Janode.EVENT.HANDLE_DETACHED, () => void dropPublisher(source, handle));
      return { feed, answer: joined.jsep.sdp };
    },
    async unpublish(source) {
      const handle = publishers.get(source);
      if (handle) await dropPublisher(source, handle);
    },
    async subscribe(feed, layer) {
      if (feedOwner(feed) === null)
        throw new MediaRefusal('media_not_found', `No feed ${feed} in this room.`);
      const handle = await attach();
      try {
        const joined = await inRoom(() =>
          handle.joinSubscriber({
            room: roomId,
            feed,
            sc_substream_layer: layer,
            sc_substream_fallback_ms: 500,
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
    isOn: (candidate) => server === candidate,
    reset() {
      for (const [source] of publishers)
        input.announce(roomId, participantId, feedId(participantId, source), source, false);
      publishers.clear();
      subscriptions.clear();
      session = null;
      server = null;
    },
    async close() {
      for (const [source, handle] of [...publishers]) await dropPublisher(source, handle);
      subscriptions.clear();
      const open = session;
      session = null;
      if (open) await (await open.catch(() => null))?.destroy().catch(() => {});
      if (server?.connected())
        await server
          .destroyRoomIfIdle(roomId)
          .catch((error: unknown) =>
            input.log('warn', 'media room not destroyed', { roomId, error: String(error) }),
          );
    },
  };
}

/** Janus refusing a request for this room or feed is a refusal; anything else is the server failing. */
function refusalOf(error: unknown, what: string): Error {
  if (error instanceof MediaRefusal || error instanceof MediaServerUnavailable) return error;
  const code = videoRoomErrorCode(error);
  if (code === VIDEOROOM_ERRORS.noSuchFeed)
    return new MediaRefusal('media_not_found', `That feed is not published (any more): cannot ${what}.`);
  if (code !== null)
    return new MediaRefusal(
      'invalid_message',
      `The media server refused to ${what}: ${(error as Error).message}`,
    );
  return new MediaServerUnavailable(`The media server failed to ${what}: ${String(error)}`, { cause: error });
}
