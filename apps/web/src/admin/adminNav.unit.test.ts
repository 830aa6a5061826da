// Where the back office opens for each kind of account, and who sees a sidebar (issue 26).
import { PERMISSIONS, type Principal } from '@lablive/domain';
import { describe, expect, it } from 'vitest';
import { adminHomeFor, hasBackOffice, navEntries } from './adminNav.ts';
import { BUILT_ADMIN_PAGE_SET } from './adminPages.ts';

const user = (over: Partial<Extract<Principal, { kind: 'user' }>> = {}): Principal => ({
  kind: 'user',
  userId: 1,
  labId: 1,
  roles: ['user'],
  permissions: [],
  modules: ['stats', 'polls', 'share_document', 'pharmacovigilance'],
  ...over,
});

describe('the back office home', () => {
  it('is the events page for whoever manages events, and admins', () => {
    expect(adminHomeFor(user({ permissions: ['manage_events'] }), BUILT_ADMIN_PAGE_SET)).toBe(
      '/admin/events',
    );
    expect(adminHomeFor(user({ roles: ['admin'] }), BUILT_ADMIN_PAGE_SET)).toBe('/admin/events');
  });

  it('is the first page a user may open otherwise, never one they may not', () => {
    expect(adminHomeFor(user({ permissions: ['manage_users'] }), BUILT_ADMIN_PAGE_SET)).toBe(
      '/admin/users/list',
    );
    expect(adminHomeFor(user({ permissions: ['view_statistics'] }), BUILT_ADMIN_PAGE_SET)).toBe(
      '/admin/stats',
    );
    // Statistics in a lab without the module: the profile.
    expect(adminHomeFor(user({ permissions: ['view_statistics'], modules: [] }), BUILT_ADMIN_PAGE_SET)).toBe(
      '/admin/profile',
    );
    expect(adminHomeFor(user(), BUILT_ADMIN_PAGE_SET)).toBe('/admin/profile');
  });

  it('comes with a sidebar only for those who may open more than their profile', () => {
    expect(hasBackOffice(user(), BUILT_ADMIN_PAGE_SET)).toBe(false);
    for (const permission of PERMISSIONS) {
      expect(hasBackOffice(user({ permissions: [permission] }), BUILT_ADMIN_PAGE_SET), permission).toBe(true);
    }
  });
});

describe('the platform entries', () => {
  const routes = (principal: Principal) =>
    navEntries(principal, BUILT_ADMIN_PAGE_SET).map((entry) => entry.route);

  it('shows Labs to super-admins (manage_labs) only, never to a lab admin', () => {
    expect(routes(user({ roles: ['super-admin'] }))).toContain('labs');
    expect(routes(user({ roles: ['admin'] }))).not.toContain('labs');
    expect(routes(user({ permissions: ['manage_events', 'manage_users'] }))).not.toContain('labs');
  });
});

describe('the audit trail entry', () => {
  const routes = (principal: Principal) =>
    navEntries(principal, BUILT_ADMIN_PAGE_SET).map((entry) => entry.route);

  it('is shown to who holds view_audit, admins by their role, and to nobody else', () => {
    expect(routes(user({ roles: ['admin'] }))).toContain('audit');
    expect(routes(user({ permissions: ['view_audit'] }))).toContain('audit');
    expect(routes(user({ permissions: ['manage_events', 'manage_users', 'view_statistics'] }))).not.toContain(
      'audit',
    );
  });
});

describe('the personal data requests entry', () => {
  const routes = (principal: Principal) =>
    navEntries(principal, BUILT_ADMIN_PAGE_SET).map((entry) => entry.route);

  it('is shown to who holds manage_personal_data, admins by their role, after the audit trail', () => {
    const admin = routes(user({ roles: ['admin'] }));
    expect(admin).toContain('personalData');
    expect(admin.indexOf('personalData')).toBe(admin.indexOf('audit') + 1);
    // With the lab's consent texts (issue 33), the other data-protection page.
    expect(routes(user({ permissions: ['manage_personal_data'] }))).toEqual([
      'personalData',
      'consents',
      'profile',
    ]);
    expect(adminHomeFor(user({ permissions: ['manage_personal_data'] }), BUILT_ADMIN_PAGE_SET)).toBe(
      '/admin/personal-data',
    );
  });

  it('is not shown to who lacks the permission, even with every other one but the platform’s', () => {
    const others = PERMISSIONS.filter(
      (permission) => permission !== 'manage_personal_data' && permission !== 'manage_labs',
    );
    expect(routes(user({ permissions: others }))).not.toContain('personalData');
    expect(routes(user({ permissions: ['view_audit'] }))).not.toContain('personalData');
  });
});
