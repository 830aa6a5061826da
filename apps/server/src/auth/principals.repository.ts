// Turns a token's subject into the caller: the Principal the guard checks and the CurrentUser that
// /api/me shows. Read from the database on every request, so a changed role or module applies at once.
import {
  type EventRole,
  effectivePermissions,
  LOCALES,
  type Locale,
  PERMISSIONS,
  type Principal,
  USER_ROLES,
} from '@lablive/domain';
import type { Caller } from '../access/caller.ts';
import { isEventRole } from '../access/eventRoles.ts';
import type { Db } from '../db/connection.ts';
import { findLab } from '../labs/labs.repository.ts';
import type { AccessTokenSubject } from './accessTokens.ts';

const isOneOf =
  <T extends string>(values: readonly T[]) =>
  (value: string): value is T =>
    (values as readonly string[]).includes(value);
const isUserRole = isOneOf(USER_ROLES);
const isPermission = isOneOf(PERMISSIONS);
const isLocale = isOneOf(LOCALES);

function fullName(first: string, last: string, fallback: string): string {
  return `${first} ${last}`.trim() || fallback;
}

async function loadUserCaller(db: Db, userId: number): Promise<Caller | undefined> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  // A deactivated user (removed while owning events) is nobody any more: their tokens stop working.
  if (!row || row.deactivated_at !== null) return undefined;
  const lab = await findLab(db, row.lab_id);
  // A suspended lab's people are nobody until it is resumed: their tokens stop working at once.
  if (!lab || lab.suspended) return undefined;
  const roles = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select('roles.name')
    .where('user_roles.user_id', '=', userId)
    .execute();
  const permissions = await db
    .selectFrom('user_permissions')
    .innerJoin('permissions', 'permissions.id', 'user_permissions.permission_id')
    .select('permissions.name')
    .where('user_permissions.user_id', '=', userId)
    .execute();
  const principal: Principal = {
    kind: 'user',
    userId: row.id,
    labId: row.lab_id,
    roles: roles.map((r) => r.name).filter(isUserRole),
    permissions: permissions.map((p) => p.name).filter(isPermission),
    modules: lab.modules,
  };
  const locale: Locale = isLocale(row.locale) ? row.locale : 'fr';
  return {
    principal,
    eventId: null,
    user: {
      kind: 'user',
      id: row.id,
      email: row.email,
      first_name: row.first_name,
      last_name: row.last_name,
      name: fullName(row.first_name, row.last_name, row.email),
      roles: [...principal.roles],
      permissions: [...effectivePermissions(principal)],
      avatar_url: row.avatar_url,
      locale,
      lab: { id: lab.id, name: lab.name, modules: lab.modules, theme: lab.theme },
      participation: null,
    },
  };
}

async function loadGuestCaller(db: Db, participantId: number): Promise<Caller | undefined> {
  const row = await db
    .selectFrom('participants')
    .selectAll()
    .where('id', '=', participantId)
    .executeTakeFirst();
  if (!row) return undefined;
  const lab = await findLab(db, row.lab_id);
  if (!lab || lab.suspended) return undefined;
  const role: EventRole = isEventRole(row.role) ? row.role : 'participant';
  return {
    principal: {
      kind: 'guest',
      participantId: row.id,
      labId: row.lab_id,
      eventId: row.event_id,
      modules: lab.modules,
    },
    eventId: row.event_id,
    user: {
      kind: 'guest',
      id: row.id,
      email: row.email,
      first_name: row.first_name,
      last_name: row.last_name,
      name: row.name || fullName(row.first_name, row.last_name, row.email),
      roles: [],
      permissions: [],
      avatar_url: null,
      locale: 'fr',
      lab: { id: lab.id, name: lab.name, modules: lab.modules, theme: lab.theme },
      participation: { id: row.id, role, room_id: row.room_id, event_id: row.event_id },
    },
  };
}

export function loadCaller(db: Db, subject: AccessTokenSubject): Promise<Caller | undefined> {
  return subject.kind === 'user'
    ? loadUserCaller(db, subject.userId)
    : loadGuestCaller(db, subject.participantId);
}

/** Whether the subject belongs to a suspended lab: why loadCaller found nobody, for the sign-in's message. */
export async function inSuspendedLab(db: Db, subject: AccessTokenSubject): Promise<boolean> {
  const row =
    subject.kind === 'user'
      ? await db
          .selectFrom('users')
          .innerJoin('labs', 'labs.id', 'users.lab_id')
          .select('labs.suspended_at')
          .where('users.id', '=', subject.userId)
          .executeTakeFirst()
      : await db
          .selectFrom('participants')
          .innerJoin('labs', 'labs.id', 'participants.lab_id')
          .select('labs.suspended_at')
          .where('participants.id', '=', subject.participantId)
          .executeTakeFirst();
  return row?.suspended_at != null;
}
