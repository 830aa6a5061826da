import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../rooms/roomEvents.ts';
import { lobbyStatsRows } from './lobbyStats.ts';

const at = (minute: number, second = 0) =>
  `2026-11-29T09:${String(minute).padStart(2, '0')}:${String(second).padStart(2, '0')}.000Z`;
const knocked = (participantId: number, time: string): SessionEvent => ({
  type: 'ParticipantKnocked',
  data: { participantId, role: 'participant', at: time },
});

describe('the lobby in the statistics', () => {
  it('counts each session’s answers and how long the guests waited for them', () => {
    const events: SessionEvent[] = [
      // Before the first session starts, guests already knock: it counts for session 1.
      knocked(2, at(0)),
      { type: 'SessionStarted', data: { by: 1, at: at(1), session: 1 } },
      { type: 'ParticipantAdmitted', data: { participantId: 2, by: 1, at: at(2) } },
      knocked(3, at(3)),
      { type: 'ParticipantDenied', data: { participantId: 3, by: 1, at: at(3, 30) } },
      knocked(4, at(4)),
      { type: 'KnockWithdrawn', data: { participantId: 4, at: at(4, 10) } },
      { type: 'RoomLocked', data: { by: 1, at: at(5) } },
      { type: 'ParticipantRemoved', data: { participantId: 2, by: 1, at: at(6) } },
      { type: 'SessionEnded', data: { by: 1, at: at(7) } },
      { type: 'SessionStarted', data: { by: 1, at: at(8), session: 2 } },
      knocked(2, at(9)),
      { type: 'ParticipantAdmitted', data: { participantId: 2, by: 1, at: at(9, 20) } },
    ];
    expect(lobbyStatsRows(12, events)).toEqual([
      {
        room_id: 12,
        session_number: 1,
        knocks: 3,
        admitted: 1,
        denied: 1,
        withdrawn: 1,
        removed: 1,
        locks: 1,
        // 120 s, 30 s and 10 s.
        average_wait_seconds: 53,
        longest_wait_seconds: 120,
      },
      {
        room_id: 12,
        session_number: 2,
        knocks: 1,
        admitted: 1,
        denied: 0,
        withdrawn: 0,
        removed: 0,
        locks: 0,
        average_wait_seconds: 20,
        longest_wait_seconds: 20,
      },
    ]);
  });

  it('has no row for a room whose lobby nobody used', () => {
    expect(lobbyStatsRows(12, [{ type: 'SessionStarted', data: { by: 1, at: at(1), session: 1 } }])).toEqual(
      [],
    );
  });
});
