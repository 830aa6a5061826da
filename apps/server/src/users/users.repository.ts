// Back-office users, always read within one lab: a user of another lab is simply not found. A user comes
// with their roles, permissions and groups, and whether they are active (a user removed while owning
// events is deactivated instead: they stay for their events, out of the lists unless asked for).
import {
  type ManagedUser,
  PERMISSIONS,
  type Permission,
  USER_ROLES,
  type UserGroup,
  type UserRole,
} from '@lablive/domain';
import { sql } from 'kysely';
import { revokeSessionsOfUsers } from '../auth/sessions.repository.ts';
import type { Db } from '../db/connection.ts';

const USER_COLUMNS = [
  'id',
  'lab_id',
  'email',
  'first_name',
  'last_name',
  'job',
  'address',
  'therapeutic_area',
  'avatar_url',
  'locale',
  'deactivated_at',
] as const;

const isRole = (name: string): name is UserRole => (USER_ROLES as readonly string[]).includes(name);
const isPermission = (name: string): name is Permission => (PERMISSIONS as readonly string[]).includes(name);

/** The users' rows with their roles, permissions and groups, read in three statements whatever their number. */
async function withAccess(
  db: Db,
  rows: readonly {
    id: number;
    lab_id: number;
    email: string;
    first_name: string;
    last_name: string;
    job: string | null;
    address: string | null;
    therapeutic_area: string | null;
    avatar_url: string | null;
    locale: string;
    deactivated_at: Date | null;
  }[],
): Promise<ManagedUser[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [roles, permissions, groups, pendingEmails] = await Promise.all([
    db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select(['user_roles.user_id', 'roles.id', 'roles.name'])
      .where('user_roles.user_id', 'in', ids)
      .orderBy('roles.id')
      .execute(),
    db
      .selectFrom('user_permissions')
      .innerJoin('permissions', 'permissions.id', 'user_permissions.permission_id')
      .select(['user_permissions.user_id', 'permissions.name'])
      .where('user_permissions.user_id', 'in', ids)
      .orderBy('permissions.id')
      .execute(),
    db
      .selectFrom('group_users')
      .innerJoin('groups', 'groups.id', 'group_users.group_id')
      .select(['group_users.user_id', 'groups.id', 'groups.name', 'groups.color'])
      .where('group_users.user_id', 'in', ids)
      .orderBy('groups.name')
      .orderBy('groups.id')
      .execute(),
    db.selectFrom('email_changes').select(['user_id', 'new_email']).where('user_id', 'in', ids).execute(),
  ]);
  const pendingEmailOf = new Map(pendingEmails.map((change) => [change.user_id, change.new_email]));
  const byUser = <T extends { user_id: number }>(list: readonly T[]) => {
    const map = new Map<number, T[]>();
    for (const item of list) map.set(item.user_id, [...(map.get(item.user_id) ?? []), item]);
    return map;
  };
  const rolesOf = byUser(roles);
  const permissionsOf = byUser(permissions);
  const groupsOf = byUser(groups);
  return rows.map(({ deactivated_at, ...row }) => ({
    ...row,
    roles: (rolesOf.get(row.id) ?? []).flatMap(({ id, name }) => (isRole(name) ? [{ id, name }] : [])),
    permissions: (permissionsOf.get(row.id) ?? []).map((p) => p.name).filter(isPermission),
    groups: (groupsOf.get(row.id) ?? []).map(({ id, name, color }): UserGroup => ({ id, name, color })),
    active: deactivated_at === null,
    pending_email: pendingEmailOf.get(row.id) ?? null,
  }));
}

export async function findUserInLab(db: Db, labId: number, userId: number): Promise<ManagedUser | undefined> {
  const row = await db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where('id', '=', userId)
    .where('lab_id', '=', labId)
    .executeTakeFirst();
  if (!row) return undefined;
  const [user] = await withAccess(db, [row]);
  return user;
}

/** A user's stored language (any lab: the caller scoped the user already), undefined without the user. */
/** A lab's users in id order; the deactivated ones only when asked for. */
export async function listUsersOfLab(
  db: Db,
  labId: number,
  options: { descending: boolean; includeDeactivated: boolean },
): Promise<ManagedUser[]> {
  let query = db.selectFrom('users').select(USER_COLUMNS).where('lab_id', '=', labId);
  if (!options.includeDeactivated) query = query.where('deactivated_at', 'is', null);
  const rows = await query.orderBy('id', options.descending ? 'desc' : 'asc').execute();
  return withAccess(db, rows);
}

/** Whether another account (of any lab: sign-in is by e-mail) holds `email`, case aside. */
export async function emailTakenByAnother(db: Db, email: string, userId: number | null): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where(sql`lower(email)`, '=', email.toLowerCase());
  if (userId !== null) query = query.where('id', '<>', userId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** A user's own fields as the profile edits them; false when no such user is in the lab. */
export async function updateUserProfile(
  db: Db,
  labId: number,
  userId: number,
  profile: {
    first_name: string;
    last_name: string;
    job?: string | null;
    address?: string | null;
  },
): Promise<boolean> {
  // Never the e-mail: it changes only through a followed confirmation link (emailChanges.repository.ts).
  const result = await db
    .updateTable('users')
    .set({
      first_name: profile.first_name,
      last_name: profile.last_name,
      job: profile.job ?? null,
      address: profile.address ?? null,
    })
    .where('id', '=', userId)
    .where('lab_id', '=', labId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A new account without a password: its owner sets one from the mail they receive. */
export async function insertUser(
  db: Db,
  user: {
    labId: number;
    email: string;
    first_name: string;
    last_name: string;
    job: string | null;
    address: string | null;
    locale: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      lab_id: user.labId,
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      job: user.job,
      address: user.address,
      locale: user.locale,
      therapeutic_area: null,
      avatar_url: null,
      password_hash: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The roles that can be given, as GET roles lists them. */
export async function listRoles(db: Db): Promise<{ id: number; name: UserRole }[]> {
  const rows = await db.selectFrom('roles').select(['id', 'name']).orderBy('id').execute();
  return rows.flatMap((row) => (isRole(row.name) ? [{ id: row.id, name: row.name }] : []));
}

/**
 * Sets the user's roles: removes those not given, adds those missing, and leaves the others alone, so
 * the audit trail records what changed (a role given or taken), not every role taken and given back.
 */
export async function setUserRoles(db: Db, userId: number, roles: readonly UserRole[]): Promise<void> {
  const kept = db
    .selectFrom('roles')
    .select('id')
    .where('name', 'in', roles.length > 0 ? roles : ['']);
  await db.deleteFrom('user_roles').where('user_id', '=', userId).where('role_id', 'not in', kept).execute();
  if (roles.length === 0) return;
  await db
    .insertInto('user_roles')
    .columns(['user_id', 'role_id'])
    .expression(
      db
        .selectFrom('roles')
        .select([sql.lit(userId).as('user_id'), 'id'])
        .where('name', 'in', roles),
    )
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** Sets the user's permissions, changing only what differs (as setUserRoles). */
export async function setUserPermissions(
  db: Db,
  userId: number,
  permissions: readonly Permission[],
): Promise<void> {
  const kept = db
    .selectFrom('permissions')
    .select('id')
    .where('name', 'in', permissions.length > 0 ? permissions : ['']);
  await db
    .deleteFrom('user_permissions')
    .where('user_id', '=', userId)
    .where('permission_id', 'not in', kept)
    .execute();
  if (permissions.length === 0) return;
  await db
    .insertInto('user_permissions')
    .columns(['user_id', 'permission_id'])
    .expression(
      db
        .selectFrom('permissions')
        .select([sql.lit(userId).as('user_id'), 'id'])
        .where('name', 'in', permissions),
    )
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** Of `groupIds`, those that are groups of the lab. */
export async function groupsOfLab(db: Db, labId: number, groupIds: readonly number[]): Promise<Set<number>> {
  if (groupIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('groups')
    .select('id')
    .where('lab_id', '=', labId)
    .where('id', 'in', groupIds)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Whether the lab has any group (a new user must then join one). */
export async function labHasGroups(db: Db, labId: number): Promise<boolean> {
  const row = await db
    .selectFrom('groups')
    .select('id')
    .where('lab_id', '=', labId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Sets the user's groups (all checked to be of the user's lab), changing only what differs. */
export async function setUserGroups(db: Db, userId: number, groupIds: readonly number[]): Promise<void> {
  let removed = db.deleteFrom('group_users').where('user_id', '=', userId);
  if (groupIds.length > 0) removed = removed.where('group_id', 'not in', groupIds);
  await removed.execute();
  if (groupIds.length === 0) return;
  await db
    .insertInto('group_users')
    .values(groupIds.map((groupId) => ({ group_id: groupId, user_id: userId })))
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** Of `userIds`, those that own at least one event. */
export async function ownersOfEvents(db: Db, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('events')
    .select('owner_id')
    .distinct()
    .where('owner_id', 'in', userIds)
    .execute();
  return new Set(rows.flatMap((row) => (row.owner_id === null ? [] : [row.owner_id])));
}

/**
 * The users of the lab among `userIds`, with their roles (to tell who may change or remove whom).
 * `lock`: their rows stay locked until the transaction ends (an event given to one of them waits).
 */
export async function usersOfLab(
  db: Db,
  labId: number,
  userIds: readonly number[],
  options: { lock: boolean } = { lock: false },
): Promise<{ id: number; roles: UserRole[]; permissions: Permission[] }[]> {
  if (userIds.length === 0) return [];
  const query = db
    .selectFrom('users')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .leftJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['users.id', 'roles.name'])
    .where('users.lab_id', '=', labId)
    .where('users.id', 'in', userIds)
    .orderBy('users.id');
  const rows = await (options.lock ? query.forUpdate('users') : query).execute();
  const byId = new Map<number, UserRole[]>();
  for (const row of rows) {
    const roles = byId.get(row.id) ?? [];
    if (row.name !== null && isRole(row.name)) roles.push(row.name);
    byId.set(row.id, roles);
  }
  const granted = await db
    .selectFrom('user_permissions')
    .innerJoin('permissions', 'permissions.id', 'user_permissions.permission_id')
    .select(['user_permissions.user_id', 'permissions.name'])
    .where('user_permissions.user_id', 'in', [...byId.keys(), 0])
    .execute();
  const permissionsOf = (id: number) =>
    granted.filter((row) => row.user_id === id).flatMap((row) => (isPermission(row.name) ? [row.name] : []));
  return [...byId].map(([id, roles]) => ({ id, roles, permissions: permissionsOf(id) }));
}

export async function deleteUsers(db: Db, labId: number, userIds: readonly number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .deleteFrom('users')
    .where('lab_id', '=', labId)
    .where('id', 'in', userIds)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Deactivates the users (kept as they were deactivated first) and ends what lets them in: their
 * sessions and their unused password links.
 */
export async function deactivateUsers(
  db: Db,
  labId: number,
  userIds: readonly number[],
  by: number,
  now: Date,
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .updateTable('users')
    .set((eb) => ({
      deactivated_at: eb.fn.coalesce('deactivated_at', eb.val(now)),
      deactivated_by: eb.fn.coalesce('deactivated_by', eb.val(by)),
    }))
    .where('lab_id', '=', labId)
    .where('id', 'in', userIds)
    .returning('id')
    .execute();
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return ids;
  await revokeSessionsOfUsers(db, ids, now);
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('user_id', 'in', ids)
    .where('used_at', 'is', null)
    .execute();
  return ids;
}

/** Lets a deactivated user in again (they sign in with their password, or ask for a new one). */
export async function reactivateUser(db: Db, labId: number, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ deactivated_at: null, deactivated_by: null })
    .where('lab_id', '=', labId)
    .where('id', '=', userId)
    .execute();
}
