import { describe, expect, it } from 'vitest';
import { joined, NOW, participant } from '../testing/roomSpecification.ts';
import { PRESENCE_EVENT_TYPES, participantJoinedSchema, participantLeftSchema } from './presence.ts';
import { SESSION_EVENT_TYPES, sessionEventSchema } from './roomEvents.ts';

describe('session events', () => {
  it('lists every event type once, the presence types among them', () => {
    expect(new Set(SESSION_EVENT_TYPES).size).toBe(SESSION_EVENT_TYPES.length);
    expect(SESSION_EVENT_TYPES).toContain(PRESENCE_EVENT_TYPES.joined);
    expect(SESSION_EVENT_TYPES).toContain(PRESENCE_EVENT_TYPES.left);
  });

  it('keeps what the sign-in check reads in the presence events', () => {
    const join = joined(participant);
    expect(participantJoinedSchema.parse(join.data)).toEqual({
      participantId: 2,
      email: 'paul@example.org',
      name: 'Paul',
    });
    const leave = sessionEventSchema.parse({
      type: 'ParticipantLeft',
      data: { participantId: 2, reason: 'left', connectionId: 'conn-2', at: NOW },
    });
    expect(participantLeftSchema.parse(leave.data)).toEqual({ participantId: 2, reason: 'left' });
  });

  it('refuses what the log should never hold', () => {
    expect(
      sessionEventSchema.safeParse({ type: 'ParticipantJoined', data: { participantId: '2' } }).success,
    ).toBe(false);
    expect(sessionEventSchema.safeParse({ type: 'Nope', data: {} }).success).toBe(false);
    expect(
      sessionEventSchema.safeParse({ type: 'SessionStarted', data: { by: 1, at: 'yesterday' } }).success,
    ).toBe(false);
  });
});
