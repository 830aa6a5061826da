// Back-office users, always read within one lab: a user of another lab is simply not found.
import type { Db } from '../db/connection.ts';

export async function findUserInLab(db: Db, labId: number, userId: number) {
  const row = await db
    .selectFrom('users')
    .select([
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
    ])
    .where('id', '=', userId)
    .where('lab_id', '=', labId)
    .executeTakeFirst();
  if (!row) return undefined;
  const roles = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['roles.id', 'roles.name'])
    .where('user_id', '=', userId)
    .execute();
  const permissions = await db
    .selectFrom('user_permissions')
    .innerJoin('permissions', 'permissions.id', 'user_permissions.permission_id')
    .select('permissions.name')
    .where('user_id', '=', userId)
    .execute();
  return { ...row, roles, permissions: permissions.map((p) => p.name) };
}
