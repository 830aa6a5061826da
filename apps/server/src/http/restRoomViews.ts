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

/**
 * The room's polls as the REST calls show them, and to its animators the prepared polls they may ask
 * there. A poll the room has is shown as the room has it (its content as asked, its status, its counts):
 * a prepared poll edited or archived in the back office since stays, in this room, the poll it was asked.
 */
export async function roomPollViews(
  db: Db,
  rooms: RoomService,
  room: { roomId: number; eventId: number; labId: number },
  actor: RoomActor,
): Promise<PollView[]> {
  const state = await visibleRoomState(rooms, room.roomId, actor);
  const live = new Map(state.polls.map((poll) => [poll.id, poll]));
  const asked = [...live.keys()].filter((id) => /^[1-9][0-9]{0,15}$/.test(id)).map(Number);
  // The lab's prepared polls are offered to those who may ask them: the room's animators.
  const rows = await listRoomPolls(db, room, asked, isAnimator(actor.role));
  return rows.map((row) => {
    const poll = live.get(roomPollId(row.id));
    if (!poll) return toPollView(row);
    const asAsked = {
      ...row,
      title: poll.title,
      question: poll.question,
      options: [...poll.options],
      allow_multiple: poll.allowMultiple,
      // In the room, the room's state is the truth of whether a poll is running.
      active: poll.status === 'active',
    };
    return toPollView(asAsked, poll.results);
  });
}
