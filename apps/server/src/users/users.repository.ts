// Back-office users, always read within one lab: a user of another lab is simply not found.
import { sql } from 'kysely';
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

/** Whether another account (of any lab: sign-in is by e-mail) holds `email`, case aside. */
export async function emailTakenByAnother(db: Db, email: string, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('id', '<>', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A user's own fields as the profile edits them; false when no such user is in the lab. */
export async function updateUserProfile(
  db: Db,
  labId: number,
  userId: number,
  profile: {
    email: string;
    first_name: string;
    last_name: string;
    job?: string | null;
    address?: string | null;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      email: profile.email,
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
