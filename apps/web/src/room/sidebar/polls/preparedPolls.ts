// Which saved polls the animator's panel offers to ask: the lab's and the event's polls saved without a
// room (prepared in the back office), and this room's own saved polls, that the room has not asked yet.
// The room knows a poll asked from a saved one under the id String(saved id).
import type { Poll, PollView } from '@lablive/domain';

export function pollsToAsk(
  saved: readonly PollView[],
  inRoom: readonly Pick<Poll, 'id'>[],
  roomId: number,
): PollView[] {
  const asked = new Set(inRoom.map((poll) => poll.id));
  return saved.filter(
    (poll) => (poll.room_id === null || poll.room_id === roomId) && !asked.has(String(poll.id)),
  );
}
