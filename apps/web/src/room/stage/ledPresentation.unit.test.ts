import { evolveAll, initialRoomState, type SessionEvent } from '@lablive/domain';
import { describe, expect, it } from 'vitest';
import { ledPresentation, UNLED } from './ledPresentation.ts';

const joined = (participantId: number, role: 'animator' | 'participant'): SessionEvent => ({
  type: 'ParticipantJoined',
  data: {
    participantId,
    userId: null,
    email: `${participantId}@x.org`,
    name: `P${participantId}`,
    role,
    connectionId: `c${participantId}`,
    at: '2026-01-01T09:00:00.000Z',
  },
});
const room = (events: SessionEvent[]) =>
  evolveAll(initialRoomState({ roomId: 1, eventId: 1, labId: 1, activeModules: [], labModules: [] }), events);

describe('who leads the stage', () => {
  const scene: SessionEvent = { type: 'PresentationSceneChanged', data: { scene: 'demo', by: 1 } };

  it("follows the animator's scene while an animator is in the room", () => {
    expect(ledPresentation(room([joined(1, 'animator'), joined(2, 'participant'), scene]))).toEqual({
      scene: 'demo',
      step: 0,
    });
  });

  it('lets everyone go at their own pace once the last animator has left', () => {
    const left: SessionEvent = {
      type: 'ParticipantLeft',
      data: { participantId: 1, connectionId: 'c1', reason: 'left', at: '2026-01-01T09:05:00.000Z' },
    };
    expect(ledPresentation(room([joined(1, 'animator'), joined(2, 'participant'), scene, left]))).toBe(UNLED);
  });
});
