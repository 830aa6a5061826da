// The projections benchmark's made-up sessions must be what the room host would have logged: every
// event valid for the domain's schema, metadata with the lab, instants increasing, and a fold of the
// statistics that finds one closed session with everyone in it and every message counted.
import {
  emptyRoomStats,
  evolveRoomStats,
  type RoomStatsRows,
  SESSION_EVENT_TYPES,
  sessionEventSchema,
} from '@lablive/domain';
import { sessionEventMetadataSchema } from '@lablive/server/tooling';
import { describe, expect, it } from 'vitest';
import { type SessionPerson, type SessionSpec, sessionMix, sessionScript } from './sessionScript.ts';

const people = (count: number): SessionPerson[] =>
  Array.from({ length: count }, (_, index) => ({
    participantId: 100 + index,
    name: index === 0 ? 'Animator' : `Guest ${index}`,
    email: `p${index}@bench.test`,
    role: index === 0 ? 'animator' : 'participant',
    userId: null,
  }));

const spec = (events: number, persons: number, minutes = 60): SessionSpec => ({
  roomId: 7,
  labId: 3,
  startMs: Date.parse('2026-06-01T09:00:00Z'),
  minutes,
  events,
  people: people(persons),
  closedByUserId: 5,
  documents: [{ id: 11, name: 'Notice', extension: 'pdf' }],
  seed: 42,
});

function fold(events: ReturnType<typeof sessionScript>): RoomStatsRows {
  let rows = emptyRoomStats(7, 3);
  for (const { event, atMs } of events) {
    rows = evolveRoomStats(rows, { roomId: 7, labId: 3, at: new Date(atMs).toISOString(), event });
  }
  return rows;
}

describe('sessionScript', () => {
  it('writes exactly the events asked for, each valid for the schema, with the lab in the metadata', () => {
    const events = sessionScript(spec(1000, 20));
    expect(events).toHaveLength(1000);
    for (const { event, metadata } of events) {
      expect(sessionEventSchema.safeParse(event).success, JSON.stringify(event)).toBe(true);
      expect(sessionEventMetadataSchema.parse(metadata).labId).toBe(3);
    }
  });

  it('has the kinds of a real session, chat the bulk of it', () => {
    const events = sessionScript(spec(1000, 20));
    const counts = new Map<string, number>();
    for (const { event } of events) counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
    for (const type of [
      'ParticipantJoined',
      'ParticipantLeft',
      'SessionStarted',
      'SessionEnded',
      'ChatMessageSent',
      'SpeakerChanged',
      'SpeakRequestChanged',
      'PollCreated',
      'PollStarted',
      'PollAnswered',
      'PollClosed',
      'DocumentShared',
      'AudioToggled',
      'VideoToggled',
      'PresentationSceneChanged',
    ]) {
      expect(SESSION_EVENT_TYPES).toContain(type);
      expect(counts.get(type) ?? 0, type).toBeGreaterThan(0);
    }
    expect(counts.get('ChatMessageSent')).toBe(sessionMix(1000, 20).chat);
    expect(counts.get('ChatMessageSent') ?? 0).toBeGreaterThan(600);
    expect(counts.get('SessionStarted')).toBe(1);
    // Reconnections: one more join and leave per reconnecting guest.
    const { reconnections } = sessionMix(1000, 20);
    expect(reconnections).toBeGreaterThan(0);
    expect(counts.get('ParticipantJoined')).toBe(20 + reconnections);
    expect(counts.get('ParticipantLeft')).toBe(20 + reconnections);
  });

  it('moves forward in time, every `at` being the event instant, and ends with the staff close', () => {
    const events = sessionScript(spec(1000, 20));
    for (let index = 1; index < events.length; index++) {
      expect(events[index]?.atMs).toBeGreaterThanOrEqual(events[index - 1]?.atMs ?? 0);
    }
    for (const { event, atMs } of events) {
      const at = (event.data as { at?: string }).at;
      if (at !== undefined) expect(Date.parse(at)).toBe(atMs);
    }
    const ended = events.find(({ event }) => event.type === 'SessionEnded');
    expect(ended?.event.data).toMatchObject({ closedByUserId: 5 });
    expect(ended?.metadata.actor).toEqual({ userId: 5 });
    // After the end, only departures.
    const after = events.slice(events.indexOf(ended as (typeof events)[number]) + 1);
    expect(after.every(({ event }) => event.type === 'ParticipantLeft')).toBe(true);
  });

  it('reconnects within a minute: the statistics fold merges the stay', () => {
    const events = sessionScript(spec(1000, 20));
    const rows = fold(events);
    const session = rows.sessions.get(1);
    expect(session).toMatchObject({ closed: true, participantCount: 20 });
    expect(session?.messages).toBe(sessionMix(1000, 20).chat);
    expect(session?.votes).toBeGreaterThan(0);
    expect(rows.room.present).toEqual([]);
    // Everyone who dropped and came back has one interval: the reconnection was merged.
    const joins = new Map<number, number>();
    for (const { event } of events) {
      if (event.type === 'ParticipantJoined')
        joins.set(event.data.participantId, (joins.get(event.data.participantId) ?? 0) + 1);
    }
    const reconnected = [...joins].filter(([, count]) => count === 2).map(([id]) => id);
    expect(reconnected).toHaveLength(sessionMix(1000, 20).reconnections);
    for (const id of reconnected) expect(rows.attendance.get(`1:${id}`)?.intervals).toHaveLength(1);
    for (const poll of rows.polls.values()) expect(poll.closedAt).not.toBeNull();
  });

  it('keeps small sessions valid: a few events each', () => {
    const events = sessionScript(spec(10, 3, 20));
    expect(events).toHaveLength(10);
    for (const { event } of events) expect(sessionEventSchema.safeParse(event).success).toBe(true);
    expect(fold(events).sessions.get(1)).toMatchObject({ closed: true, participantCount: 3, messages: 2 });
  });

  it('is seeded: the same spec gives the same events', () => {
    expect(sessionScript(spec(300, 8))).toEqual(sessionScript(spec(300, 8)));
  });
});
