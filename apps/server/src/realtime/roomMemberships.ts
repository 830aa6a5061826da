// The rooms one socket is in. A join resolves the caller's access, follows the room's fan-out first
// (so nothing committed meanwhile is lost), greets the socket (welcome with the state, or resumed, the
// fan-out then sending the missed events from the log), goes live and records the connection in the
// room (JoinRoom). Someone the room keeps out (still in its lobby, locked out, removed: roomEntry.ts) is
// sent nothing of it. A leave, or the socket closing, stops following and records LeaveRoom once the
// join was decided; a host removing the person stops it at once, the socket told why.
import { randomUUID } from 'node:crypto';
import { isAnimator, ROOM_REJECTIONS, type RoomActor } from '@lablive/domain';
import { type ClientMessage, PROTOCOL_ERRORS } from '@lablive/protocol';
import type { Caller } from '../access/caller.ts';
import { consentsToLog } from '../consents/consentService.ts';
import type { ConnectionDeps } from './connectionDeps.ts';
import { admittedSnapshot, greet, roomAccessOrRefuse } from './roomEntry.ts';
import type { Member } from './roomMember.ts';
import type { SocketReplies } from './socketReplies.ts';
import type { SocketSender } from './socketSender.ts';

export type JoinedRoom = {
  member: Member;
  actor: RoomActor;
  connectionId: string;
  /** The client's own id for this tab's connection, kept across its reconnects (its media outlive a drop). */
  tabId: string;
  /**
   * Settles once this connection's JoinRoom was decided. The socket's commands (and its LeaveRoom) wait
   * for it: a client resuming after a move sends its unacknowledged commands as soon as it is told
   * `resumed`, and they must not reach the room before it is back in it.
   */
  entered: Promise<void>;
};

export type RoomMemberships = {
  /** The room this socket joined, or undefined. */
  get(roomId: number): JoinedRoom | undefined;
  join(message: Extract<ClientMessage, { type: 'join' }>, who: Caller): Promise<void>;
  /** The socket closed: it leaves every room, and a join still under way stops before going live. */
  closeAll(code: number): void;
};

export function createRoomMemberships(
  sender: SocketSender,
  deps: ConnectionDeps,
  replies: SocketReplies,
): RoomMemberships {
  const joined = new Map<number, JoinedRoom>();
  const joining = new Set<number>();
  let isClosed = false;

  /**
   * The guest's consents in force, into the room's log as they enter (issue 33): the room logs each
   * version once, so entering again adds nothing. A refusal here keeps nobody out: the record is the
   * consent tables', which the access check read.
   */
  async function logConsents(roomId: number, actor: RoomActor, connectionId: string) {
    const consents = await consentsToLog(deps.db, actor.participantId);
    if (consents.length === 0) return;
    await deps.rooms.execute({
      roomId,
      commandId: randomUUID(),
      actor,
      command: { type: 'RecordConsents', data: { consents } },
      correlationId: connectionId,
    });
  }

  async function join(message: Extract<ClientMessage, { type: 'join' }>, who: Caller) {
    const { roomId } = message;
    if (joining.has(roomId)) {
      replies.refuse(PROTOCOL_ERRORS.invalidMessage, `Already joining room ${roomId}.`, String(roomId));
      return;
    }
    joining.add(roomId);
    let markEntered = () => {};
    try {
      leave(roomId, 'left');
      const access = await roomAccessOrRefuse(deps, replies, roomId, who);
      if (!access) return;
      const snapshot = await admittedSnapshot(deps, replies, roomId, access.actor);
      if (!snapshot) return;
      const recipient = {
        participantId: access.actor.participantId,
        isAnimator: isAnimator(access.actor.role),
      };
      const member: Member = { recipient, sender, lastSent: 0, backlog: [] };
      // Follow first, so nothing committed while the welcome or the missed events are read is lost.
      deps.fanout.attach(roomId, member);
      deps.signals.attach(roomId, member);
      const entered = new Promise<void>((resolve) => {
        markEntered = resolve;
      });
      const entry: JoinedRoom = {
        member,
        actor: access.actor,
        connectionId: deps.rooms.newConnectionId(),
        tabId: message.connectionId,
        entered,
      };
      joined.set(roomId, entry);
      member.removed = () => removedFrom(roomId, entry);
      const lastVersion = message.lastVersion ?? null;
      greet(replies, { roomId, lastVersion, member, actor: access.actor, snapshot });
      if (isClosed || joined.get(roomId) !== entry) return;
      if (lastVersion === null) deps.fanout.goLive(roomId, member);
      else await deps.fanout.resume(roomId, member);
      if (isClosed || joined.get(roomId) !== entry) return;
      if (who.principal.kind === 'guest') await logConsents(roomId, access.actor, entry.connectionId);
      const outcome = await deps.rooms.execute({
        roomId,
        commandId: randomUUID(),
        actor: access.actor,
        command: { type: 'JoinRoom', data: { connectionId: entry.connectionId } },
        correlationId: entry.connectionId,
      });
      if (!outcome.ok) replies.refuse(outcome.code, outcome.message, String(roomId));
    } finally {
      markEntered();
      joining.delete(roomId);
    }
  }

  /** A host removed this person: the socket stops following the room (the removal left it) and is told. */
  function removedFrom(roomId: number, entry: JoinedRoom) {
    if (joined.get(roomId) !== entry) return;
    stopFollowing(roomId, entry);
    replies.refuse('removed_from_session', ROOM_REJECTIONS.removed_from_session, String(roomId));
  }

  /** The socket stops following the room: its events, its signals and its media. */
  function stopFollowing(roomId: number, room: JoinedRoom) {
    joined.delete(roomId);
    deps.fanout.detach(roomId, room.member);
    deps.signals.detach(roomId, room.member);
    deps.media?.released({ roomId, actor: room.actor, tabId: room.tabId });
  }

  function leave(roomId: number, reason: string) {
    const room = joined.get(roomId);
    if (!room) return;
    stopFollowing(roomId, room);
    void deps.inFlight
      .track(
        room.entered.then(() =>
          deps.rooms.execute({
            roomId,
            commandId: randomUUID(),
            actor: room.actor,
            command: { type: 'LeaveRoom', data: { connectionId: room.connectionId, reason } },
            correlationId: room.connectionId,
          }),
        ),
      )
      .then((outcome) => {
        if (!outcome.ok && outcome.code === 'room_unavailable')
          deps.log('warn', 'leave not recorded', { roomId, code: outcome.code });
      })
      .catch((error: unknown) => deps.log('warn', 'leave not recorded', { roomId, error: String(error) }));
  }

  return {
    get: (roomId) => joined.get(roomId),
    join,
    closeAll(code) {
      isClosed = true;
      for (const roomId of [...joined.keys()])
        leave(roomId, code === 1000 || code === 1001 ? 'left' : 'connection_lost');
    },
  };
}
