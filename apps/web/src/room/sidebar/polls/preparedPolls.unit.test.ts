// The animator's panel offers the prepared polls (saved without a room) and the room's own saved ones
// that the room has not asked yet.
import type { PollView } from '@lablive/domain';
import { describe, expect, it } from 'vitest';
import { pollsToAsk } from './preparedPolls.ts';

const saved = (id: number, roomId: number | null = null): PollView => ({
  id,
  title: `Poll ${id}`,
  question: `Question ${id}?`,
  options: ['Yes', 'No'],
  answers: [0, 0],
  allowMultiple: true,
  active: false,
  event_id: null,
  room_id: roomId,
  created_at: '2026-11-24T09:00:00.000Z',
});

describe('pollsToAsk', () => {
  it('offers the prepared polls and the room’s saved ones that the room has not asked', () => {
    const polls = [saved(1), saved(2), saved(3, 12), saved(4, 13)];
    expect(pollsToAsk(polls, [], 12).map((poll) => poll.id)).toEqual([1, 2, 3]);
    // Asked: the room has it under String(id); a poll written in the room has an id of its own.
    const inRoom = [{ id: '2' }, { id: '3' }, { id: 'b9f0c2d4' }];
    expect(pollsToAsk(polls, inRoom, 12).map((poll) => poll.id)).toEqual([1]);
  });
});
