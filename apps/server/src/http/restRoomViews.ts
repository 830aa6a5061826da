// What the REST calls read of a live room's state: the polls a caller sees (the saved rows, with their
// live status and, for animators, their counts) and the documents shared. The state is read through
// RoomService.snapshot and shown as the caller may see it (stateFor), exactly as on the socket.
import {
  isAnimator,
  type PollView,
  type RoomActor,
  type RoomSessionStatus,
  type RoomState,
  sessionNumber,
  stateFor,
} from '@lablive/domain';
import type { Db } from '../db/connection.ts';
import { listRoomPolls, roomPollId, toPollView } from '../polls/polls.repository.ts';
import type { RoomService } from '../rooms/roomService.ts';

export async function visibleRoomState(
  rooms: RoomService,
  roomId: number,
  actor: RoomActor,
): Promise<RoomState> {
  const { state } = await rooms.snapshot(roomId);
  return stateFor(state, { participantId: actor.participantId, isAnimator: isAnimator(actor.role) });
}

/** Where the room's sessions are; a closed event closes its rooms even before their log says so. */
export async function roomSessionStatus(
  rooms: RoomService,
  roomId: number,
  eventClosed: boolean,
): Promise<RoomSessionStatus> {
  const { session } = (await rooms.snapshot(roomId)).state;
  return {
    status: session.status,
    number: sessionNumber(session),
    closed: eventClosed || (session.status === 'ended' && session.closed),
  };
}

export async function roomPollViews(
  db: Db,
  rooms: RoomService,
  room: { roomId: number; eventId: number; labId: number },
  actor: RoomActor,
): Promise<PollView[]> {
  const [rows, state] = await Promise.all([
    listRoomPolls(db, room.labId, room.roomId, room.eventId),
    visibleRoomState(rooms, room.roomId, actor),
  ]);
  return rows.map((row) => {
    const live = state.polls.find((poll) => poll.id === roomPollId(row.id));
    // In the room, the room's state is the truth of whether a poll is running.
    return live ? toPollView({ ...row, active: live.status === 'active' }, live.results) : toPollView(row);
  });
}
