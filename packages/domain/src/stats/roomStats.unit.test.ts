// The statistics fold, given a room's events, then its rows: sessions, attendance (reconnections merged,
// stays cut by the session's end), talk time, messages, votes, requests to speak, consumption and poll
// results.
import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../rooms/roomEvents.ts';
import {
  attendanceKey,
  consumedMinutes,
  emptyRoomStats,
  eventInstant,
  evolveRoomStats,
  RECONNECT_MERGE_MS,
  type RoomStatsRows,
} from './roomStats.ts';

const ROOM = 7;
const LAB = 3;
const t = (time: string) => `2026-11-20T${time}.000Z`;

function fold(events: readonly [string, SessionEvent][], from: RoomStatsRows = emptyRoomStats(ROOM, LAB)) {
  return events.reduce(
    (rows, [time, event]) => evolveRoomStats(rows, { roomId: ROOM, labId: LAB, at: t(time), event }),
    from,
  );
}

const join = (
  participantId: number,
  name: string,
  role: 'animator' | 'participant' = 'participant',
): SessionEvent => ({
  type: 'ParticipantJoined',
  data: {
    participantId,
    name,
    email: `${name}@x.org`,
    userId: null,
    role,
    connectionId: `${name}-c`,
    at: '',
  },
});
const leave = (participantId: number): SessionEvent => ({
  type: 'ParticipantLeft',
  data: { participantId, reason: 'left', connectionId: 'c', at: '' },
});
const started: SessionEvent = { type: 'SessionStarted', data: { by: 1, at: '' } };
const ended: SessionEvent = { type: 'SessionEnded', data: { by: 1, at: '' } };
const closed: SessionEvent = { type: 'SessionEnded', data: { closedByUserId: 9, at: '' } };
let messages = 0;
const chat = (participantId: number): SessionEvent => ({
  type: 'ChatMessageSent',
  data: { messageId: `m${++messages}`, from: { participantId, name: 'x' }, text: 'hi', at: '' },
});

const person = (rows: RoomStatsRows, session: number, participantId: number) =>
  rows.attendance.get(attendanceKey(session, participantId));

describe('evolveRoomStats', () => {
  it('opens the stays of those already in the room when the session starts, and closes them at its end', () => {
    const rows = fold([
      ['09:50:00', join(1, 'ana', 'animator')],
      ['09:55:00', join(2, 'bob')],
      ['10:00:00', started],
      ['10:30:00', ended],
    ]);
    expect(rows.sessions.get(1)).toMatchObject({
      startedAt: t('10:00:00'),
      endedAt: t('10:30:00'),
      closed: false,
      participantCount: 2,
      consumedMs: 60 * 60_000,
    });
    expect(person(rows, 1, 2)).toMatchObject({
      intervals: [{ from: t('10:00:00'), to: t('10:30:00') }],
      presentMs: 30 * 60_000,
      role: 'participant',
    });
    expect(rows.room).toMatchObject({ sessionOpen: false, sessionNumber: 1 });
  });

  it('merges a leave and a join within a minute into one stay, and keeps a longer absence apart', () => {
    const rows = fold([
      ['10:00:00', started],
      ['10:00:00', join(2, 'bob')],
      ['10:10:00', leave(2)],
      [`10:10:${RECONNECT_MERGE_MS / 1000 - 1}`, join(2, 'bob')],
      ['10:20:00', leave(2)],
      ['10:25:00', join(2, 'bob')],
      ['10:30:00', ended],
    ]);
    expect(person(rows, 1, 2)?.intervals).toEqual([
      { from: t('10:00:00'), to: t('10:20:00') },
      { from: t('10:25:00'), to: t('10:30:00') },
    ]);
    expect(person(rows, 1, 2)?.presentMs).toBe(25 * 60_000);
    expect(rows.sessions.get(1)?.consumedMs).toBe(25 * 60_000);
    expect(rows.sessions.get(1)?.participantCount).toBe(1);
  });

  it('counts talk time only inside the session, and hands the floor back when the speaker leaves', () => {
    const rows = fold([
      ['09:55:00', join(1, 'ana', 'animator')],
      ['09:56:00', { type: 'SpeakerChanged', data: { participantId: 1 } }],
      ['10:00:00', started],
      ['10:05:00', join(2, 'bob')],
      ['10:10:00', { type: 'SpeakerChanged', data: { participantId: 2 } }],
      ['10:12:00', leave(2)],
      ['10:20:00', ended],
    ]);
    expect(person(rows, 1, 1)?.talkMs).toBe(10 * 60_000);
    expect(person(rows, 1, 2)?.talkMs).toBe(2 * 60_000);
    expect(rows.room.speaker).toBeNull();
  });

  it('counts messages, requests to speak and votes per person and per session, not outside a session', () => {
    const rows = fold([
      ['09:59:00', join(2, 'bob')],
      ['09:59:30', chat(2)],
      ['10:00:00', started],
      ['10:01:00', chat(2)],
      ['10:02:00', { type: 'SpeakRequestChanged', data: { participantId: 2, requesting: true } }],
      ['10:02:30', { type: 'SpeakRequestChanged', data: { participantId: 2, requesting: false } }],
      [
        '10:03:00',
        {
          type: 'PollCreated',
          data: {
            pollId: 'p',
            title: 'T',
            question: 'Q',
            options: ['a', 'b', 'c'],
            allowMultiple: true,
            by: 1,
            at: '',
          },
        },
      ],
      ['10:03:30', { type: 'PollStarted', data: { pollId: 'p', by: 1, at: '' } }],
      ['10:04:00', { type: 'PollAnswered', data: { pollId: 'p', participantId: 2, answers: [0, 2] } }],
      ['10:05:00', { type: 'PollClosed', data: { pollId: 'p', by: 1, at: '' } }],
      [
        '10:06:00',
        {
          type: 'DocumentShared',
          data: { document: { id: 4, name: 'Leaflet', extension: 'pdf' }, by: 1, at: '' },
        },
      ],
      ['10:10:00', ended],
    ]);
    expect(person(rows, 1, 2)).toMatchObject({ messages: 1, speakRequests: 1, votes: 1 });
    expect(rows.sessions.get(1)).toMatchObject({ messages: 1, speakRequests: 1, votes: 1, shares: 1 });
    expect(rows.polls.get('p')).toMatchObject({
      sessionNumber: 1,
      counts: [1, 0, 1],
      voters: [{ participantId: 2, answers: [0, 2] }],
      startedAt: t('10:03:30'),
      closedAt: t('10:05:00'),
    });
  });

  it('numbers the sessions of a room and marks the last one closed when staff close the event', () => {
    const rows = fold([
      ['10:00:00', join(1, 'ana', 'animator')],
      ['10:00:00', started],
      ['10:10:00', ended],
      ['10:20:00', started],
      ['10:30:00', ended],
      ['10:40:00', closed],
    ]);
    expect([...rows.sessions.keys()]).toEqual([1, 2]);
    expect(rows.sessions.get(1)?.closed).toBe(false);
    expect(rows.sessions.get(2)?.closed).toBe(true);
    expect(rows.sessions.get(2)?.endedAt).toBe(t('10:30:00'));
    // Nobody is counted between sessions.
    expect(rows.sessions.get(1)?.consumedMs).toBe(10 * 60_000);
    expect(rows.sessions.get(2)?.consumedMs).toBe(10 * 60_000);
  });

  it('leaves the rows it does not change as they were, so only changed rows are written', () => {
    const before = fold([
      ['10:00:00', join(2, 'bob')],
      ['10:00:00', started],
    ]);
    const after = fold(
      [
        [
          '10:01:00',
          { type: 'AudioToggled', data: { participantId: 2, enabled: false, by: 2, forced: false } },
        ],
      ],
      before,
    );
    expect(after).toBe(before);
  });
});

describe('consumption helpers', () => {
  it('bills a session its participant-time rounded up to the minute', () => {
    expect(consumedMinutes(0)).toBe(0);
    expect(consumedMinutes(1)).toBe(1);
    expect(consumedMinutes(60_000)).toBe(1);
    expect(consumedMinutes(60_001)).toBe(2);
  });

  it('times an event by its own instant when it has one, else by when it was stored', () => {
    const own: SessionEvent = { type: 'SessionStarted', data: { by: 1, at: t('10:00:00') } };
    expect(eventInstant(own, new Date(t('11:00:00')))).toBe(t('10:00:00'));
    expect(
      eventInstant({ type: 'SpeakerChanged', data: { participantId: 1 } }, new Date(t('11:00:00'))),
    ).toBe(t('11:00:00'));
  });
});
