import { describe, expect, it } from 'vitest';
import type { Principal } from './access.ts';
import { ADMIN_ROUTES, type AdminRouteName, adminRouteVerdict } from './adminRoutes.ts';

const user = (overrides: Partial<Extract<Principal, { kind: 'user' }>> = {}): Principal => ({
  kind: 'user',
  userId: 1,
  labId: 1,
  roles: ['user'],
  permissions: [],
  modules: [],
  ...overrides,
});

describe('the back office route table', () => {
  it('lists the spec routes with their permissions and modules', () => {
    expect(ADMIN_ROUTES.events).toEqual({
      path: '/admin/events',
      requirement: { staff: true, permissions: ['manage_events'] },
    });
    expect(ADMIN_ROUTES.documents.requirement).toEqual({
      staff: true,
      permissions: ['manage_documents'],
      modules: ['share_document'],
    });
    // The spec gives the stats page no permission; issue 26 adds view statistics (admins hold it).
    expect(ADMIN_ROUTES.stats.requirement).toEqual({
      staff: true,
      permissions: ['view_statistics'],
      modules: ['stats'],
    });
    expect(ADMIN_ROUTES.profile.requirement).toEqual({ staff: true });
  });

  it('shows a page to whoever holds all its permissions in a lab with its module', () => {
    expect(adminRouteVerdict(user({ permissions: ['manage_events'] }), 'events')).toBe('show');
    expect(adminRouteVerdict(user({ roles: ['admin'], modules: ['polls'] }), 'polls')).toBe('show');
    expect(adminRouteVerdict(user(), 'profile')).toBe('show');
  });

  it('says "Not enough permissions" when a permission is missing', () => {
    expect(adminRouteVerdict(user(), 'events')).toBe('not_enough_permissions');
    expect(adminRouteVerdict(user({ permissions: ['manage_events'], modules: ['polls'] }), 'polls')).toBe(
      'not_enough_permissions',
    );
  });

  it("sends the user to their back-office home when the lab lacks the page's module, whatever they hold", () => {
    const admin = user({ roles: ['admin'], modules: [] });
    for (const route of ['documents', 'polls', 'pharmacovigilance', 'stats'] as AdminRouteName[]) {
      expect(adminRouteVerdict(admin, route), route).toBe('redirect_home');
    }
  });

  it('keeps guests out of every page', () => {
    const guest: Principal = { kind: 'guest', participantId: 1, labId: 1, eventId: 1, modules: ['stats'] };
    expect(adminRouteVerdict(guest, 'stats')).toBe('not_enough_permissions');
    expect(adminRouteVerdict(guest, 'events')).toBe('not_enough_permissions');
  });
});
