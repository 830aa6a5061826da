import type { EventInvitationView, EventRoom, ParticipantView } from '@lablive/domain';
import { describe, expect, it } from 'vitest';
import { summariseRooms } from './roomCard.ts';

const room = (id: number, name: string): EventRoom => ({
  id,
  name,
  event_id: 1,
  active_modules: [],
  participantCount: 0,
  onlineCount: 0,
});
const guest = (
  id: number,
  name: string,
  roomId: number | null,
  role: ParticipantView['role'],
): ParticipantView => ({
  id,
  event_id: 1,
  lab_id: 1,
  user_id: null,
  room_id: roomId,
  email: `${name.toLowerCase()}@x.org`,
  name,
  first_name: '',
  last_name: '',
  role,
  job: null,
  location: null,
  timezone: null,
  created_at: '2026-11-24T00:00:00.000Z',
});
const invitation = (id: number, participantId: number): EventInvitationView => ({
  id,
  participant: { id: participantId, name: '', email: '' },
  event: 1,
  room_id: null,
  role: 'participant',
  created_at: '2026-11-24T00:00:00.000Z',
});

describe('the room card', () => {
  it('lists each room with its guests, animators flagged, and the invitations its guests received', () => {
    const summary = summariseRooms(
      [room(10, 'Room 1'), room(11, 'Room 2')],
      [
        guest(1, 'Ann', 10, 'animator'),
        guest(2, 'Bob', 10, 'participant'),
        guest(3, 'Cid', 11, 'observer-animator'),
        guest(4, 'Dan', null, 'participant'),
      ],
      [invitation(1, 1), invitation(2, 2), invitation(3, 2), invitation(4, 4)],
    );
    expect(summary).toEqual([
      {
        id: 10,
        name: 'Room 1',
        guests: [
          { id: 1, name: 'Ann', animator: true },
          { id: 2, name: 'Bob', animator: false },
        ],
        invitationCount: 3,
      },
      { id: 11, name: 'Room 2', guests: [{ id: 3, name: 'Cid', animator: true }], invitationCount: 0 },
    ]);
  });
});
