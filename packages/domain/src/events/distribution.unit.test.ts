import { describe, expect, it } from 'vitest';
import { leastFilledRoom } from './distribution.ts';

describe('leastFilledRoom', () => {
  it('picks the room with the fewest guests', () => {
    expect(
      leastFilledRoom([
        { id: 1, participantCount: 3 },
        { id: 2, participantCount: 1 },
        { id: 3, participantCount: 2 },
      ]),
    ).toBe(2);
  });

  it('breaks a tie by the lowest id, whatever the order given', () => {
    expect(
      leastFilledRoom([
        { id: 9, participantCount: 0 },
        { id: 4, participantCount: 0 },
        { id: 7, participantCount: 1 },
      ]),
    ).toBe(4);
  });

  it('fills rooms in turn as guests arrive one by one', () => {
    const rooms = [
      { id: 10, participantCount: 0 },
      { id: 11, participantCount: 0 },
      { id: 12, participantCount: 0 },
    ];
    const placed: number[] = [];
    for (let guest = 0; guest < 7; guest++) {
      const id = leastFilledRoom(rooms);
      if (id === undefined) throw new Error('no room');
      placed.push(id);
      const room = rooms.find((candidate) => candidate.id === id);
      if (room) room.participantCount++;
    }
    expect(placed).toEqual([10, 11, 12, 10, 11, 12, 10]);
  });

  it('has nothing to offer without rooms', () => {
    expect(leastFilledRoom([])).toBeUndefined();
  });
});
