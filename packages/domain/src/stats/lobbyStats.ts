// The lobby in a session's statistics (issue 33, part 2): per room and session, how many guests knocked
// and were admitted, denied, gave up waiting or were removed, how often the room was locked, and how
// long the guests waited for an answer (average and longest, in seconds). A pure fold of the room's
// lobby events in log order; events between two sessions count towards the next one (the lobby then
// fills for it).
import { z } from 'zod';
import type { SessionEvent } from '../rooms/roomEvents.ts';

export const lobbyStatsRowSchema = z.object({
  room_id: z.number().int(),
  session_number: z.number().int(),
  knocks: z.number().int(),
  admitted: z.number().int(),
  denied: z.number().int(),
  withdrawn: z.number().int(),
  removed: z.number().int(),
  locks: z.number().int(),
  /** Seconds from a knock to its answer (admitted, denied or given up), averaged over the answered. */
  average_wait_seconds: z.number().int(),
  longest_wait_seconds: z.number().int(),
});
export type LobbyStatsRow = z.infer<typeof lobbyStatsRowSchema>;

/** The events the fold reads: the lobby's, and the sessions' bounds. */
export const LOBBY_STATS_EVENT_TYPES = [
  'SessionStarted',
  'SessionEnded',
  'ParticipantKnocked',
  'ParticipantAdmitted',
  'ParticipantDenied',
  'KnockWithdrawn',
  'ParticipantRemoved',
  'RoomLocked',
] as const;

type Tally = Omit<LobbyStatsRow, 'average_wait_seconds' | 'longest_wait_seconds'> & { waits: number[] };

export function lobbyStatsRows(roomId: number, events: readonly SessionEvent[]): LobbyStatsRow[] {
  const tallies = new Map<number, Tally>();
  const knockedAt = new Map<number, string>();
  let lastStarted = 0;
  let open = false;
  const tally = (): Tally => {
    const number = open ? lastStarted : lastStarted + 1;
    const existing = tallies.get(number);
    if (existing) return existing;
    const fresh: Tally = {
      room_id: roomId,
      session_number: number,
      knocks: 0,
      admitted: 0,
      denied: 0,
      withdrawn: 0,
      removed: 0,
      locks: 0,
      waits: [],
    };
    tallies.set(number, fresh);
    return fresh;
  };
  const answered = (participantId: number, at: string, count: 'admitted' | 'denied' | 'withdrawn') => {
    const row = tally();
    row[count] += 1;
    const since = knockedAt.get(participantId);
    knockedAt.delete(participantId);
    if (since !== undefined)
      row.waits.push(Math.max(0, Math.round((Date.parse(at) - Date.parse(since)) / 1000)));
  };
  for (const event of events) {
    switch (event.type) {
      case 'SessionStarted':
        lastStarted = event.data.session ?? lastStarted + 1;
        open = true;
        break;
      case 'SessionEnded':
        open = false;
        knockedAt.clear();
        break;
      case 'ParticipantKnocked':
        tally().knocks += 1;
        knockedAt.set(event.data.participantId, event.data.at);
        break;
      case 'ParticipantAdmitted':
        answered(event.data.participantId, event.data.at, 'admitted');
        break;
      case 'ParticipantDenied':
        answered(event.data.participantId, event.data.at, 'denied');
        break;
      case 'KnockWithdrawn':
        answered(event.data.participantId, event.data.at, 'withdrawn');
        break;
      case 'ParticipantRemoved':
        tally().removed += 1;
        break;
      case 'RoomLocked':
        tally().locks += 1;
        break;
      default:
        break;
    }
  }
  return [...tallies.values()]
    .sort((a, b) => a.session_number - b.session_number)
    .map(({ waits, ...row }) => ({
      ...row,
      average_wait_seconds:
        waits.length === 0 ? 0 : Math.round(waits.reduce((a, b) => a + b, 0) / waits.length),
      longest_wait_seconds: waits.length === 0 ? 0 : Math.max(...waits),
    }));
}
