// Where a server message goes once the connection passed it on: a room's own messages to its room,
// acks and rejections to the room whose command they answer (by commandId), and errors to the command
// or the join they refuse, else to the application as an issue. A `media-reply` goes to the room whose
// media request it answers (by requestId), and so does an error naming that request. A join refused because the room's
// host is moving (`room_unavailable`) or too busy (`overloaded`) is asked again later, with the
// connection's backoff.
import { PROTOCOL_ERRORS, type ServerMessage, type ServerMessageOf } from '@lablive/protocol';
import { type BackoffOptions, backoffDelay } from './backoff.ts';
import type { RealtimeIssue } from './errors.ts';
import type { LobbyKnocks } from './lobbyKnocks.ts';
import type { RoomSession } from './roomHandle.ts';

/**
 * Codes by which the gateway refuses a join for good; the lobby's too (issue 33, part 2): still to be
 * let in, the room locked, or removed from the session (which also ends a room already joined).
 */
const JOIN_REFUSALS: ReadonlySet<string> = new Set([
  PROTOCOL_ERRORS.roomNotFound,
  PROTOCOL_ERRORS.notAllowedInRoom,
  'lobby_wait',
  'room_locked',
  'removed_from_session',
]);

/** Codes by which the gateway refuses a join for now: the join is asked again later. */
const TRANSIENT_JOIN_REFUSALS: ReadonlySet<string> = new Set([
  PROTOCOL_ERRORS.roomUnavailable,
  PROTOCOL_ERRORS.overloaded,
]);

export type JoinRetries = {
  /** Sends the room's join again after the next delay, if it is still followed and not joined. */
  later(room: RoomSession): void;
  /** The room was joined: its next refusal waits the shortest delay again. */
  joined(roomId: number): void;
  /** Cancels every join waiting to be sent again (the socket dropped, or the client ended). */
  clear(): void;
};

export function createJoinRetries(
  backoff: BackoffOptions,
  random: () => number,
  rooms: ReadonlyMap<number, RoomSession>,
  sendJoin: (room: RoomSession) => void,
): JoinRetries {
  const retries = new Map<number, { attempt: number; timer: ReturnType<typeof setTimeout> | null }>();
  return {
    later(room) {
      const retry = retries.get(room.roomId) ?? { attempt: 0, timer: null };
      const delay = backoffDelay(retry.attempt, backoff, random);
      retry.attempt += 1;
      retry.timer = setTimeout(() => {
        retry.timer = null;
        if (rooms.get(room.roomId) === room && !room.ready) sendJoin(room);
      }, delay);
      retries.set(room.roomId, retry);
    },
    joined(roomId) {
      retries.delete(roomId);
    },
    clear() {
      for (const retry of retries.values()) if (retry.timer !== null) clearTimeout(retry.timer);
      retries.clear();
    },
  };
}

export function createMessageRouter(
  rooms: ReadonlyMap<number, RoomSession>,
  joinRetries: JoinRetries,
  issue: (issue: RealtimeIssue) => void,
  knocks: LobbyKnocks,
): (message: ServerMessage) => void {
  function settle(commandId: string, result: Parameters<RoomSession['settle']>[1]): boolean {
    for (const room of rooms.values()) if (room.settle(commandId, result)) return true;
    return false;
  }

  function settleMedia(requestId: string, reply: Parameters<RoomSession['settleMedia']>[1]): boolean {
    for (const room of rooms.values()) if (room.settleMedia(requestId, reply)) return true;
    return false;
  }

  /** The room a join error is about: named by `ref`, else the oldest join still waiting for its answer. */
  function refusedRoom(ref: string | undefined): RoomSession | undefined {
    if (ref !== undefined) return rooms.get(Number(ref));
    for (const room of rooms.values()) if (!room.ready) return room;
    return undefined;
  }

  function routeError(error: ServerMessageOf<'error'>): void {
    const { code, message, ref } = error;
    // A command refused before the room decided (rate limited, malformed): it was not applied.
    if (ref !== undefined && settle(ref, { ok: false, code, message })) return;
    // A media request refused by the gateway itself (rate limited, malformed, room not joined).
    if (ref !== undefined && settleMedia(ref, { error: { code, message } })) return;
    if (ref !== undefined && knocks.refuse(Number(ref), code, message)) return;
    if (JOIN_REFUSALS.has(code) || TRANSIENT_JOIN_REFUSALS.has(code)) {
      const room = refusedRoom(ref);
      // A removal ends the room even once joined: the server let go of this socket there.
      if (room !== undefined && code === 'removed_from_session') {
        room.refuse(code, message);
        return;
      }
      if (room !== undefined && !room.ready) {
        if (TRANSIENT_JOIN_REFUSALS.has(code)) joinRetries.later(room);
        else room.refuse(code, message);
        return;
      }
    }
    issue({ type: 'server_error', code, message, ref: ref ?? null });
  }

  return (message) => {
    switch (message.type) {
      case 'welcome':
      case 'resumed':
      case 'events':
      case 'signal':
        if (message.type === 'welcome' || message.type === 'resumed') joinRetries.joined(message.roomId);
        rooms.get(message.roomId)?.receive(message);
        return;
      case 'ack':
        settle(message.commandId, { ok: true, version: message.version });
        return;
      case 'rejected':
        settle(message.commandId, { ok: false, code: message.code, message: message.message });
        return;
      case 'media-reply':
        settleMedia(message.requestId, { result: message.result, error: message.error });
        return;
      case 'error':
        routeError(message);
        return;
      case 'lobby':
        knocks.receive(message);
        return;
      case 'authenticated':
      case 'incompatible':
      case 'pong':
        // The connection's own business; it never passes these on.
        return;
      default: {
        const unhandled: never = message;
        throw new Error(`Unhandled server message ${JSON.stringify(unhandled)}`);
      }
    }
  };
}
