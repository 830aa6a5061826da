import { describe, expect, it } from 'vitest';
import { canSeeEvent, checkAccess, type Principal, seesOnlyOwnEvents } from './access.ts';

const user = (over: Partial<Extract<Principal, { kind: 'user' }>> = {}): Principal => ({
  kind: 'user',
  userId: 1,
  labId: 1,
  roles: ['user'],
  permissions: [],
  modules: [],
  ...over,
});
const guest: Principal = { kind: 'guest', participantId: 9, labId: 1, eventId: 3, modules: ['polls'] };

describe('checkAccess', () => {
  it('needs every listed permission (back-office spec: a route needs all its permissions)', () => {
    const manager = user({ permissions: ['manage_events'] });
    expect(checkAccess(manager, { permissions: ['manage_events'] }).allowed).toBe(true);
    expect(checkAccess(manager, { permissions: ['manage_events', 'manage_users'] })).toEqual({
      allowed: false,
      reason: 'missing_permission',
      missing: ['manage_users'],
    });
  });

  it('gives admins and super-admins every permission, but not a module their lab lacks', () => {
    for (const role of ['admin', 'super-admin'] as const) {
      expect(checkAccess(user({ roles: [role] }), { permissions: ['view_consumption'] }).allowed).toBe(true);
      expect(checkAccess(user({ roles: [role] }), { modules: ['stats'] })).toMatchObject({
        reason: 'module_disabled',
      });
    }
  });

  it('checks the lab module even when no permission is needed (the stats page)', () => {
    expect(checkAccess(user({ modules: ['stats'] }), { modules: ['stats'] }).allowed).toBe(true);
    expect(checkAccess(user(), { modules: ['stats'] })).toEqual({
      allowed: false,
      reason: 'module_disabled',
      missing: ['stats'],
    });
  });

  it('keeps guests out of staff routes', () => {
    expect(checkAccess(guest, { staff: true })).toMatchObject({ reason: 'staff_only' });
    expect(checkAccess(guest, { permissions: ['manage_polls'] })).toMatchObject({ reason: 'staff_only' });
    expect(checkAccess(guest, { modules: ['polls'] }).allowed).toBe(true);
  });

  it('limits users whose only role is user to their own events', () => {
    expect(seesOnlyOwnEvents(user())).toBe(true);
    expect(seesOnlyOwnEvents(user({ roles: ['user', 'admin'] }))).toBe(false);
    expect(seesOnlyOwnEvents(guest)).toBe(false);
  });
});

describe('canSeeEvent', () => {
  const privateOf = (ownerId: number | null, takesPart = false) => ({
    eventId: 3,
    ownerId,
    isPublic: false,
    takesPart,
  });

  it("keeps a user-role account (managers of events included) out of a colleague's private event", () => {
    expect(canSeeEvent(user(), privateOf(2))).toBe(false);
    expect(canSeeEvent(user({ permissions: ['manage_events'] }), privateOf(2))).toBe(false);
    expect(canSeeEvent(user(), privateOf(null))).toBe(false);
  });

  it('lets a user-role account see what they own, what is public and what they were registered to', () => {
    expect(canSeeEvent(user(), privateOf(1))).toBe(true);
    expect(canSeeEvent(user(), { ...privateOf(2), isPublic: true })).toBe(true);
    expect(canSeeEvent(user(), privateOf(2, true))).toBe(true);
  });

  it('lets admins see every event of their lab, and a guest only their own event', () => {
    expect(canSeeEvent(user({ roles: ['admin'] }), privateOf(2))).toBe(true);
    expect(canSeeEvent(guest, { ...privateOf(2), isPublic: true })).toBe(true);
    expect(canSeeEvent(guest, { ...privateOf(2), eventId: 4, isPublic: true })).toBe(false);
  });
});
