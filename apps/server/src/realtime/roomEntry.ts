// A socket coming into a room: who its caller is there (resolveRoomAccess's answer, or null once the
// socket was told why not: another lab's room, a participation that keeps them out), which the join
// (roomMemberships.ts) and the knock (socketLobby.ts) ask alike; whether the room lets them in now (the
// lobby, a lock, a removal: lobby.ts); and its greeting, the whole state or the resume.
import { DomainError, entryRefusal, ROOM_REJECTIONS, type RoomActor, stateFor } from '@lablive/domain';
import { PROTOCOL_ERRORS } from '@lablive/protocol';
import type { Caller } from '../access/caller.ts';
import { type RoomAccess, resolveRoomAccess } from '../access/roomAccess.ts';
import type { RoomSnapshot } from '../rooms/roomService.ts';
import type { ConnectionDeps } from './connectionDeps.ts';
import type { Member } from './roomMember.ts';
import type { SocketReplies } from './socketReplies.ts';

export async function roomAccessOrRefuse(
  deps: Pick<ConnectionDeps, 'db'>,
  replies: SocketReplies,
  roomId: number,
  who: Caller,
): Promise<RoomAccess | null> {
  try {
    return await resolveRoomAccess(deps.db, who.principal, roomId);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const code = error.code === 'not_found' ? PROTOCOL_ERRORS.roomNotFound : PROTOCOL_ERRORS.notAllowedInRoom;
    replies.refuse(code, `Room ${roomId}: ${error.message}`, String(roomId));
    return null;
  }
}

/**
 * The room's state when this person may come in, or null once the socket was told why not: a guest
 * still in the lobby, locked out or removed is sent nothing of the room, not even on resume.
 */
export async function admittedSnapshot(
  deps: Pick<ConnectionDeps, 'rooms'>,
  replies: SocketReplies,
  roomId: number,
  actor: RoomActor,
): Promise<RoomSnapshot | null> {
  const snapshot = await deps.rooms.snapshot(roomId);
  const refusal = entryRefusal(snapshot.state, actor);
  if (refusal === null) return snapshot;
  replies.refuse(refusal, ROOM_REJECTIONS[refusal], String(roomId));
  return null;
}

type Greeting = {
  roomId: number;
  lastVersion: number | null;
  member: Member;
  actor: RoomActor;
  snapshot: RoomSnapshot;
};

/** Welcome with the whole state, or resumed then (by the fan-out) the events after `lastVersion`. */
export function greet(replies: SocketReplies, { roomId, lastVersion, member, actor, snapshot }: Greeting) {
  if (lastVersion === null) {
    member.lastSent = snapshot.version;
    replies.send({
      type: 'welcome',
      roomId,
      version: snapshot.version,
      participantId: actor.participantId,
      role: actor.role,
      state: stateFor(snapshot.state, member.recipient),
    });
  } else {
    replies.send({
      type: 'resumed',
      roomId,
      fromVersion: lastVersion,
      participantId: actor.participantId,
      role: actor.role,
    });
    member.lastSent = lastVersion;
  }
}
