// A socket knocking at rooms whose event keeps its guests in the lobby (issue 33, part 2). The knock
// comes from outside the room: the socket follows the room's committed events (only to hear its own
// answer; it is sent none of them), asks the room whether this person may come in at all (lobby.ts'
// entryRefusal on its state), knocks (KnockToEnter) when they must wait, and answers `lobby`: waiting,
// then admitted (the client joins) or refused with the room's code. A socket that closes while waiting
// gives up its knock (WithdrawKnock), so hosts never see someone who left.
import { randomUUID } from 'node:crypto';
import {
  entryRefusal,
  ROOM_REJECTIONS,
  type RoomActor,
  type RoomRejectionCode,
  type SessionEvent,
} from '@lablive/domain';
import type { ClientMessage, LobbyStatus } from '@lablive/protocol';
import type { Caller } from '../access/caller.ts';
import type { ConnectionDeps } from './connectionDeps.ts';
import { roomAccessOrRefuse } from './roomEntry.ts';
import type { SocketReplies } from './socketReplies.ts';

export type SocketLobby = {
  knock(message: Extract<ClientMessage, { type: 'knock' }>, who: Caller): Promise<void>;
  /** The socket closed: every knock still waiting is given up. */
  closeAll(): void;
};

type Waiting = { actor: RoomActor; stop(): void; settled: boolean };

/** What one of the room's events says to a guest waiting at it, or null when it says nothing. */
function answerIn(event: SessionEvent, participantId: number): RoomRejectionCode | 'admitted' | null {
  switch (event.type) {
    case 'ParticipantAdmitted':
      return event.data.participantId === participantId ? 'admitted' : null;
    case 'ParticipantDenied':
      return event.data.participantId === participantId ? 'not_admitted' : null;
    case 'SessionEnded':
      return 'session_ended';
    default:
      return null;
  }
}

export function createSocketLobby(deps: ConnectionDeps, replies: SocketReplies): SocketLobby {
  const waiting = new Map<number, Waiting>();

  function settle(roomId: number, entry: Waiting, status: LobbyStatus, code?: RoomRejectionCode) {
    if (entry.settled || waiting.get(roomId) !== entry) return;
    if (status !== 'waiting') {
      entry.settled = true;
      entry.stop();
      waiting.delete(roomId);
    }
    replies.send({
      type: 'lobby',
      roomId,
      status,
      ...(code === undefined ? {} : { code, message: ROOM_REJECTIONS[code] }),
    });
  }

  function command(roomId: number, actor: RoomActor, type: 'KnockToEnter' | 'WithdrawKnock') {
    return deps.rooms.execute({ roomId, commandId: randomUUID(), actor, command: { type, data: {} } });
  }

  async function knock(message: Extract<ClientMessage, { type: 'knock' }>, who: Caller) {
    const { roomId } = message;
    waiting.get(roomId)?.stop();
    waiting.delete(roomId);
    const access = await roomAccessOrRefuse(deps, replies, roomId, who);
    if (!access) return;
    const { actor } = access;
    // Follow first, so an answer given while the knock is decided is not missed.
    const entry: Waiting = { actor, settled: false, stop: () => {} };
    const following = deps.rooms.follow(roomId, (batch) => {
      for (const { event } of batch.events) {
        const answer = answerIn(event, actor.participantId);
        if (answer === 'admitted') settle(roomId, entry, 'admitted');
        else if (answer !== null) settle(roomId, entry, 'refused', answer);
      }
    });
    entry.stop = () => following.stop();
    waiting.set(roomId, entry);
    const refusal = entryRefusal((await deps.rooms.snapshot(roomId)).state, actor);
    if (refusal === null) return settle(roomId, entry, 'admitted');
    if (refusal !== 'lobby_wait') return settle(roomId, entry, 'refused', refusal);
    const outcome = await command(roomId, actor, 'KnockToEnter');
    if (outcome.ok) return settle(roomId, entry, 'waiting');
    if (outcome.code in ROOM_REJECTIONS)
      return settle(roomId, entry, 'refused', outcome.code as RoomRejectionCode);
    // Not the room's answer (moving, overloaded): the client knocks again.
    entry.stop();
    waiting.delete(roomId);
    replies.refuse(outcome.code, outcome.message, String(roomId));
  }

  return {
    knock,
    closeAll() {
      for (const [roomId, entry] of waiting) {
        entry.stop();
        void deps.inFlight
          .track(command(roomId, entry.actor, 'WithdrawKnock'))
          .catch((error: unknown) =>
            deps.log('warn', 'knock not withdrawn', { roomId, error: String(error) }),
          );
      }
      waiting.clear();
    },
  };
}
