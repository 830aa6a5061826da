// When the users panel asks for the reason of a change (issue 32): the server wants one when the roles,
// the permissions or the active status differ from what the user had (compared as sets).
import type { ManagedUser } from '@lablive/domain';
import { describe, expect, it } from 'vitest';
import { changesAccess, formValuesOf } from './userFormValues.ts';

const grace: ManagedUser = {
  id: 4,
  lab_id: 1,
  email: 'grace@lab.test',
  first_name: 'Grace',
  last_name: 'Hopper',
  job: null,
  address: null,
  therapeutic_area: null,
  avatar_url: null,
  locale: 'en',
  roles: [{ id: 3, name: 'user' }],
  permissions: ['manage_events', 'manage_polls'],
  groups: [],
  active: true,
  pending_email: null,
};
const loaded = formValuesOf(grace);

describe("a change of the user's access", () => {
  it('is none when only the profile or the groups change, or the same permissions come in another order', () => {
    expect(changesAccess(grace, loaded)).toBe(false);
    expect(changesAccess(grace, { ...loaded, permissions: ['manage_polls', 'manage_events'] })).toBe(false);
  });

  it('is a role, a permission given or taken away, or the account switched off', () => {
    expect(changesAccess(grace, { ...loaded, roles: ['admin'] })).toBe(true);
    expect(changesAccess(grace, { ...loaded, permissions: ['manage_events'] })).toBe(true);
    expect(
      changesAccess(grace, { ...loaded, permissions: [...(loaded.permissions ?? []), 'view_audit'] }),
    ).toBe(true);
    expect(changesAccess(grace, { ...loaded, active: false })).toBe(true);
  });

  it('is never asked of a new user', () => {
    expect(changesAccess(null, { ...loaded, roles: ['admin'] })).toBe(false);
  });
});
