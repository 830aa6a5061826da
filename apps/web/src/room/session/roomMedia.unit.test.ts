// Who the mesh connects to: everyone in the room but me, in a stable order.
import { evolveAll, initialRoomState } from '@lablive/domain';
import { describe, expect, it } from 'vitest';
import { peerIds } from './roomMedia.ts';

const at = '2026-01-01T08:00:00.000Z';
const joined = (participantId: number, connectionId: string) =>
  ({
    type: 'ParticipantJoined',
    data: {
      participantId,
      userId: null,
      name: `P${participantId}`,
      email: `p${participantId}@example.org`,
      role: 'participant',
      connectionId,
      at,
    },
  }) as const;

describe('media peers', () => {
  it('lists the other viewers by id, whatever order they arrived in', () => {
    const state = evolveAll(
      initialRoomState({ roomId: 1, eventId: 1, labId: 1, activeModules: [], labModules: [] }),
      [
        joined(9, 'c9'),
        joined(4, 'c4'),
        joined(7, 'c7'),
        { type: 'ParticipantLeft', data: { participantId: 9, reason: 'left', connectionId: 'c9', at } },
      ],
    );

    expect(peerIds(state, 7)).toEqual([4]);
    expect(peerIds(state, 1)).toEqual([4, 7]);
  });
});
