// The media server's side of this instance's room sockets: each socket joined to a room gets a member
// (sfuMember.ts) on its first media request, answers each request from it, and lets it go a grace period
// after the socket closed, so a socket that drops and comes back (a resume, same tab) keeps its
// publications and subscriptions: the browser's media kept flowing through Janus meanwhile.

import { mayPublish, type RoomActor } from '@lablive/domain';
import { MEDIA_ERRORS, type MediaRequest, type MediaResults, type MediaSource } from '@lablive/protocol';
import { feedOwner } from './feedIds.ts';
import { MediaServerUnavailable } from './janusErrors.ts';
import { MediaRefusal } from './mediaRefusals.ts';
import type { MediaServers } from './mediaServers.ts';
import { createSfuMember, type SfuMember } from './sfuMember.ts';
import type { FeedAnnouncer } from './sfuPublications.ts';

export type MediaAnswer = { result: unknown } | { error: { code: string; message: string } };

/** Who asks: the socket's participation in the room and its tab (kept across reconnects). */
export type MediaCaller = { roomId: number; actor: RoomActor; tabId: string };

export type SfuMedia = {
  handle(caller: MediaCaller, request: MediaRequest): Promise<MediaAnswer>;
  /** The socket of this caller left the room or closed: its member goes after the grace period. */
  released(caller: MediaCaller): void;
  /** Members held now (for metrics and tests). */
  members(): number;
  close(): Promise<void>;
};

/** How long a member outlives its socket: a reconnecting tab resumes within it and keeps its media. */
export const MEDIA_GRACE_MS = 20_000;

export function createSfuMedia(options: {
  servers: MediaServers;
  announce: FeedAnnouncer;
  /** Tells a room's sockets that its media server was lost: publish and subscribe again. */
  announceReset: (roomId: number) => void;
  log: (level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>) => void;
  graceMs?: number;
}): SfuMedia {
  const { servers } = options;
  const members = new Map<string, { member: SfuMember; releaseTimer?: NodeJS.Timeout }>();
  const keyOf = (caller: MediaCaller) => `${caller.roomId}:${caller.actor.participantId}:${caller.tabId}`;

  servers.onLost((lost) => {
    const rooms = new Set<number>();
    for (const { member } of members.values()) {
      if (!member.isOn(lost)) continue;
      member.reset();
      rooms.add(member.roomId);
    }
    for (const roomId of rooms) options.announceReset(roomId);
  });

  function memberFor(caller: MediaCaller): SfuMember {
    const key = keyOf(caller);
    const held = members.get(key);
    if (held) {
      clearTimeout(held.releaseTimer);
      held.releaseTimer = undefined;
      return held.member;
    }
    const member = createSfuMember({
      servers,
      roomId: caller.roomId,
      participantId: caller.actor.participantId,
      displayName: caller.actor.name,
      mayPublish: mayPublish(caller.actor.role),
      announce: options.announce,
      log: options.log,
    });
    members.set(key, { member });
    return member;
  }

  async function feeds(roomId: number): Promise<MediaResults['feeds']> {
    const published = await (await servers.serverFor(roomId)).publishers(roomId);
    return {
      feeds: published.flatMap((feed) => {
        const owner = feedOwner(feed);
        return owner
          ? [{ feed, participantId: owner.participantId, source: owner.source as MediaSource }]
          : [];
      }),
    };
  }

  async function run(caller: MediaCaller, request: MediaRequest): Promise<unknown> {
    if (request.action === 'feeds') return feeds(caller.roomId);
    const member = memberFor(caller);
    switch (request.action) {
      case 'publish':
        return member.publish(request.source, request.offer);
      case 'unpublish':
        await member.unpublish(request.source);
        return {};
      case 'subscribe':
        return member.subscribe(request.feed, request.layer);
      case 'start':
        await member.start(request.subscription, request.answer);
        return {};
      case 'layer':
        await member.layer(request.subscription, request.layer);
        return {};
      case 'unsubscribe':
        await member.unsubscribe(request.subscription);
        return {};
      default: {
        const unreachable: never = request;
        return unreachable;
      }
    }
  }

  return {
    async handle(caller, request) {
      try {
        return { result: await run(caller, request) };
      } catch (error) {
        if (error instanceof MediaRefusal) return { error: { code: error.code, message: error.message } };
        if (error instanceof MediaServerUnavailable) {
          options.log('warn', 'media request failed', {
            roomId: caller.roomId,
            participantId: caller.actor.participantId,
            action: request.action,
            error: error.message,
          });
          return {
            error: {
              code: MEDIA_ERRORS.serverUnavailable,
              message: 'The media server cannot be reached; video will come back when it does.',
            },
          };
        }
        throw error;
      }
    },
    released(caller) {
      const key = keyOf(caller);
      const held = members.get(key);
      if (!held || held.releaseTimer) return;
      held.releaseTimer = setTimeout(() => {
        members.delete(key);
        void held.member
          .close()
          .catch((error: unknown) =>
            options.log('warn', 'media member not closed', { key, error: String(error) }),
          );
      }, options.graceMs ?? MEDIA_GRACE_MS);
      held.releaseTimer.unref();
    },
    members: () => members.size,
    async close() {
      const held = [...members.values()];
      members.clear();
      for (const { member, releaseTimer } of held) {
        clearTimeout(releaseTimer);
        await member.close().catch(() => {});
      }
      await servers.close();
    },
  };
}
