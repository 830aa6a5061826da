// Who picks a room on the event page: managers and the staff roles of the event; plain participants
// and guests are placed by the server.
import type { CurrentUser } from '@lablive/domain';
import { describe, expect, it } from 'vitest';
import { isManager } from '../auth/roles.ts';
import { joinsAsStaff, participationIn } from './joinRules.ts';

const guest: CurrentUser = {
  kind: 'guest',
  id: 5,
  email: 'ada@lab.test',
  first_name: 'Ada',
  last_name: 'Lovelace',
  name: 'Ada Lovelace',
  roles: [],
  permissions: [],
  avatar_url: null,
  locale: 'en',
  lab: {
    id: 1,
    name: 'Lab',
    modules: [],
    theme: {
      primaryColor: '#3571ff',
      backgroundColor: '#f8f9fe',
      thirdColor: '#191e4d',
      logoUrl: null,
      headerImageUrl: null,
      waitingRoomImageUrl: null,
    },
  },
  participation: { id: 9, role: 'participant', room_id: null, event_id: 3 },
};

describe('joining from the event page', () => {
  it('places plain participants', () => {
    expect(joinsAsStaff(guest, 3)).toBe(false);
  });

  it('lets animators, observers and observer-animators of this event pick a room', () => {
    for (const role of ['animator', 'observer', 'observer-animator'] as const) {
      const invited = { ...guest, participation: { id: 9, role, room_id: null, event_id: 3 } };
      expect(joinsAsStaff(invited, 3)).toBe(true);
      expect(joinsAsStaff(invited, 4)).toBe(false);
    }
  });

  it('lets managers pick a room in any event of their lab', () => {
    const admin: CurrentUser = { ...guest, kind: 'user', roles: ['admin'], participation: null };
    const planner: CurrentUser = { ...guest, kind: 'user', roles: ['user'], permissions: ['manage_events'] };
    const colleague: CurrentUser = { ...guest, kind: 'user', roles: ['user'], participation: null };

    expect([isManager(admin), isManager(planner), isManager(colleague)]).toEqual([true, true, false]);
    expect(joinsAsStaff(admin, 3)).toBe(true);
    expect(participationIn(admin, 3)).toBeNull();
  });
});
