// What a lab holds about one e-mail address, read for its owner (GDPR access): their staff account,
// their participations, what they did in rooms, the reports they filed or are named in as the doctor,
// the mails sent to them, their downloads and their entries in the audit trail. Every read is of one lab.

import type { Principal } from '@lablive/domain';
import { sql } from 'kysely';
import { visibleEventCondition } from '../access/visibleEvents.ts';
import type { Db } from '../db/connection.ts';
import { sameAddress } from './personalSubjects.ts';

export function findAccount(db: Db, labId: number, email: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'first_name',
      'last_name',
      'job',
      'address',
      'therapeutic_area',
      'locale',
      'created_at',
      'deactivated_at',
    ])
    .select((eb) => [
      eb
        .selectFrom('user_roles')
        .innerJoin('roles', 'roles.id', 'user_roles.role_id')
        .whereRef('user_roles.user_id', '=', 'users.id')
        .select(sql<string[]>`coalesce(array_agg(roles.name ORDER BY roles.name), '{}')`.as('roles'))
        .as('roles'),
      eb
        .selectFrom('user_permissions')
        .innerJoin('permissions', 'permissions.id', 'user_permissions.permission_id')
        .whereRef('user_permissions.user_id', '=', 'users.id')
        .select(
          sql<string[]>`coalesce(array_agg(permissions.name ORDER BY permissions.name), '{}')`.as('names'),
        )
        .as('permissions'),
      eb
        .selectFrom('group_users')
        .innerJoin('groups', 'groups.id', 'group_users.group_id')
        .whereRef('group_users.user_id', '=', 'users.id')
        .select(sql<string[]>`coalesce(array_agg(groups.name ORDER BY groups.name), '{}')`.as('names'))
        .as('groups'),
    ])
    .where('lab_id', '=', labId)
    .where(sql`lower(email)`, '=', sameAddress(email))
    .executeTakeFirst();
}

/**
 * Their participations in the events the caller may see (the events' own visibility rule: what a
 * person did in a room is session data, read by those who may see the event).
 */
export function findParticipations(db: Db, caller: Principal, email: string) {
  return db
    .selectFrom('participants as p')
    .innerJoin('events as e', 'e.id', 'p.event_id')
    .leftJoin('rooms as r', 'r.id', 'p.room_id')
    .select([
      'p.id',
      'p.event_id',
      'e.name as event_name',
      'e.planned_start_date',
      'p.role',
      'p.room_id',
      'r.name as room_name',
      'p.name',
      'p.first_name',
      'p.last_name',
      'p.job',
      'p.location',
      'p.timezone',
      'p.locale',
      'p.created_at',
    ])
    .where('p.lab_id', '=', caller.labId)
    .where(visibleEventCondition(caller, 'e'))
    .where(sql`lower(p.email)`, '=', sameAddress(email))
    .orderBy('e.planned_start_date')
    .execute();
}

/**
 * The session events a person caused (by their participations or their account), in the rooms of the
 * events they took part in: the rooms' streams are read by their index, never the whole log.
 */
export async function findOwnSessionEvents(
  db: Db,
  labId: number,
  who: { participantIds: readonly number[]; userId: number | null; eventIds: readonly number[] },
) {
  if (who.eventIds.length === 0) return [];
  const rooms = await db
    .selectFrom('rooms')
    .select('id')
    .where('lab_id', '=', labId)
    .where('event_id', 'in', who.eventIds)
    .execute();
  if (rooms.length === 0) return [];
  const participantIds = who.participantIds.map(String);
  return db
    .selectFrom('session_events')
    .select([
      'stream_id',
      'stream_version',
      'type',
      // Personal fields are stored sealed: read opened, as every reader of the log does.
      sql<unknown>`open_session_event_data(type, data)`.as('data'),
      'occurred_at',
    ])
    .where(
      'stream_id',
      'in',
      rooms.map((room) => `room-${room.id}`),
    )
    .where((eb) =>
      eb.or([
        ...(participantIds.length > 0
          ? [eb(sql`metadata -> 'actor' ->> 'participantId'`, 'in', participantIds)]
          : []),
        ...(who.userId !== null ? [eb(sql`metadata -> 'actor' ->> 'userId'`, '=', String(who.userId))] : []),
      ]),
    )
    .orderBy('occurred_at')
    .orderBy('stream_version')
    .execute();
}

/** Reports they filed (by their account or participations) or in which they are the doctor. */
export function findReports(
  db: Db,
  labId: number,
  who: { email: string; participantIds: readonly number[]; userId: number | null },
) {
  return db
    .selectFrom('pharmacovigilance_reports')
    .select([
      'id',
      'created_at',
      'drug_name',
      'session_name',
      'user_id',
      'participant_id',
      'doctor_email',
      'deleted_at',
    ])
    .where('lab_id', '=', labId)
    .where((eb) =>
      eb.or([
        eb(sql`lower(doctor_email)`, '=', sameAddress(who.email)),
        ...(who.participantIds.length > 0 ? [eb('participant_id', 'in', who.participantIds)] : []),
        ...(who.userId !== null ? [eb('user_id', '=', who.userId)] : []),
      ]),
    )
    .orderBy('created_at')
    .execute();
}

export function findMails(db: Db, labId: number, email: string) {
  return db
    .selectFrom('mail_log')
    .select(['kind', 'subject', 'state', 'created_at'])
    .where('lab_id', '=', labId)
    .where(sql`lower(recipient)`, '=', sameAddress(email))
    .orderBy('created_at')
    .execute();
}

/** Their registrations for the lab's public events (issue 33), with what they answered on the form. */
export function findRegistrations(db: Db, labId: number, email: string) {
  return db
    .selectFrom('registrations')
    .innerJoin('events', 'events.id', 'registrations.event_id')
    .select([
      'events.name as event',
      'registrations.status',
      'registrations.first_name',
      'registrations.last_name',
      'registrations.locale',
      'registrations.time_zone',
      'registrations.answers',
      'registrations.created_at',
      'registrations.confirmed_at',
    ])
    .where('registrations.lab_id', '=', labId)
    .where(sql`lower(registrations.email)`, '=', sameAddress(email))
    .orderBy('registrations.created_at')
    .execute();
}

export function findDownloads(
  db: Db,
  labId: number,
  who: { participantIds: readonly number[]; userId: number | null },
) {
  if (who.participantIds.length === 0 && who.userId === null) return Promise.resolve([]);
  return db
    .selectFrom('document_downloads as d')
    .innerJoin('documents', 'documents.id', 'd.document_id')
    .select(['documents.name as document', 'd.downloaded_at'])
    .where('d.lab_id', '=', labId)
    .where((eb) =>
      eb.or([
        ...(who.participantIds.length > 0 ? [eb('d.participant_id', 'in', who.participantIds)] : []),
        ...(who.userId !== null ? [eb('d.user_id', '=', who.userId)] : []),
      ]),
    )
    .orderBy('d.downloaded_at')
    .execute();
}

/** Their entries in the audit trail, as the one who acted. */
export function findOwnAuditEntries(db: Db, labId: number, who: { email: string; userId: number | null }) {
  return db
    .selectFrom('audit_entries')
    .select(['at', 'action', 'record_type', 'record_id', 'reason', 'via'])
    .where('lab_id', '=', labId)
    .where((eb) =>
      eb.or([
        eb(sql`lower(open_personal(actor_email))`, '=', sameAddress(who.email)),
        ...(who.userId !== null ? [eb('actor_user_id', '=', who.userId)] : []),
      ]),
    )
    .orderBy('at')
    .execute();
}
