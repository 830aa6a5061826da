// The SQL of registrations (issue 33, part 5): an event's form, its registrations, and the registration
// events the statistics' funnel counts. Plain Kysely functions taking `db` first; rules are the service's.
import {
  DEFAULT_REGISTRATION_SETTINGS,
  type RegistrationEventKind,
  type RegistrationField,
  type RegistrationFunnel,
  type RegistrationSettings,
  type RegistrationStatus,
  type RegistrationView,
} from '@lablive/domain';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { RegistrationsTable } from '../db/schema.ts';

export type RegistrationRow = {
  id: number;
  lab_id: number;
  event_id: number;
  participant_id: number | null;
  status: RegistrationStatus;
  email: string;
  first_name: string;
  last_name: string;
  locale: RegistrationsTable['locale'];
  time_zone: string;
  answers: Record<string, string | boolean>;
  consent_version_ids: number[];
  created_at: Date;
  confirmed_at: Date | null;
  decided_at: Date | null;
  refusal_reason: string | null;
};

const REGISTRATION_COLUMNS = [
  'id',
  'lab_id',
  'event_id',
  'participant_id',
  'status',
  'email',
  'first_name',
  'last_name',
  'locale',
  'time_zone',
  'answers',
  'consent_version_ids',
  'created_at',
  'confirmed_at',
  'decided_at',
  'refusal_reason',
] as const;

function toRow(row: Record<(typeof REGISTRATION_COLUMNS)[number], unknown>): RegistrationRow {
  return {
    ...(row as Omit<RegistrationRow, 'consent_version_ids'>),
    consent_version_ids: (row.consent_version_ids as (string | number)[]).map(Number),
  };
}

/** The event's form; an event without a row takes no registrations (the defaults). */
export async function findForm(db: Db, eventId: number, options: { lock?: boolean } = {}) {
  let query = db
    .selectFrom('registration_forms')
    .select(['enabled', 'capacity', 'approval', 'consent_kinds', 'fields'])
    .where('event_id', '=', eventId);
  if (options.lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) return DEFAULT_REGISTRATION_SETTINGS;
  return {
    enabled: row.enabled,
    capacity: row.capacity,
    approval: row.approval,
    consent_kinds: row.consent_kinds as RegistrationSettings['consent_kinds'],
    fields: row.fields as RegistrationField[],
  } satisfies RegistrationSettings;
}

export async function saveForm(
  db: Db,
  event: { id: number; labId: number },
  settings: RegistrationSettings,
  now: Date,
): Promise<void> {
  const values = {
    enabled: settings.enabled,
    capacity: settings.capacity,
    approval: settings.approval,
    consent_kinds: [...settings.consent_kinds],
    fields: JSON.stringify(settings.fields),
    updated_at: now,
  };
  await db
    .insertInto('registration_forms')
    .values({ event_id: event.id, lab_id: event.labId, ...values })
    .onConflict((oc) => oc.column('event_id').doUpdateSet(values))
    .execute();
}

/** How many hold a place, and how many wait on the list. */
export async function countPlaces(db: Db, eventId: number): Promise<{ taken: number; waitlisted: number }> {
  const row = await db
    .selectFrom('registrations')
    .select([
      sql<number>`count(*) FILTER (WHERE status = 'registered')::int`.as('taken'),
      sql<number>`count(*) FILTER (WHERE status = 'waitlisted')::int`.as('waitlisted'),
    ])
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  return row;
}

export async function insertRegistration(
  db: Db,
  values: {
    labId: number;
    eventId: number;
    email: string;
    firstName: string;
    lastName: string;
    locale: RegistrationRow['locale'];
    timeZone: string;
    answers: Record<string, string | boolean>;
    consentVersionIds: readonly number[];
    confirmTokenHash: string;
    confirmExpiresAt: Date;
  },
): Promise<RegistrationRow> {
  const row = await db
    .insertInto('registrations')
    .values({
      lab_id: values.labId,
      event_id: values.eventId,
      status: 'unconfirmed',
      email: values.email,
      first_name: values.firstName,
      last_name: values.lastName,
      locale: values.locale,
      time_zone: values.timeZone,
      answers: JSON.stringify(values.answers),
      consent_version_ids: [...values.consentVersionIds],
      confirm_token_hash: values.confirmTokenHash,
      confirm_expires_at: values.confirmExpiresAt,
    })
    .returning(REGISTRATION_COLUMNS)
    .executeTakeFirstOrThrow();
  return toRow(row);
}

/** The registration in force of an address for an event (not refused, cancelled or removed). */
export async function findRegistrationInForce(db: Db, eventId: number, email: string) {
  const row = await db
    .selectFrom('registrations')
    .select(REGISTRATION_COLUMNS)
    .where('event_id', '=', eventId)
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('status', 'in', ['unconfirmed', 'pending', 'registered', 'waitlisted'])
    .executeTakeFirst();
  return row && toRow(row);
}

/** An unconfirmed registration whose confirmation link is this (hashed) token, still valid; locked. */
export async function findByConfirmToken(db: Db, tokenHash: string, now: Date) {
  const row = await db
    .selectFrom('registrations')
    .select(REGISTRATION_COLUMNS)
    .where('confirm_token_hash', '=', tokenHash)
    .where('confirm_expires_at', '>', now)
    .forUpdate()
    .executeTakeFirst();
  return row && toRow(row);
}

export async function findRegistration(db: Db, id: number, options: { lock?: boolean } = {}) {
  let query = db.selectFrom('registrations').select(REGISTRATION_COLUMNS).where('id', '=', id);
  if (options.lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && toRow(row);
}

export async function updateRegistration(
  db: Db,
  id: number,
  values: {
    status: RegistrationStatus;
    participantId?: number;
    confirmedAt?: Date;
    waitlistedAt?: Date | null;
    decidedAt?: Date;
    refusalReason?: string | null;
    /** The confirmation link used: it works once. */
    clearConfirmToken?: boolean;
  },
): Promise<void> {
  await db
    .updateTable('registrations')
    .set({
      status: values.status,
      ...(values.participantId === undefined ? {} : { participant_id: values.participantId }),
      ...(values.confirmedAt === undefined ? {} : { confirmed_at: values.confirmedAt }),
      ...(values.waitlistedAt === undefined ? {} : { waitlisted_at: values.waitlistedAt }),
      ...(values.decidedAt === undefined ? {} : { decided_at: values.decidedAt }),
      ...(values.refusalReason === undefined ? {} : { refusal_reason: values.refusalReason }),
      ...(values.clearConfirmToken ? { confirm_token_hash: null, confirm_expires_at: null } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** The first on the event's waiting list (who joined it first), locked. */
export async function firstWaitlisted(db: Db, eventId: number) {
  const row = await db
    .selectFrom('registrations')
    .select(REGISTRATION_COLUMNS)
    .where('event_id', '=', eventId)
    .where('status', '=', 'waitlisted')
    .orderBy('waitlisted_at')
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  return row && toRow(row);
}

export async function recordRegistrationEvent(
  db: Db,
  registration: { id: number; lab_id: number; event_id: number },
  kind: RegistrationEventKind,
  at: Date,
  byUserId: number | null = null,
): Promise<void> {
  await db
    .insertInto('registration_events')
    .values({
      lab_id: registration.lab_id,
      event_id: registration.event_id,
      registration_id: registration.id,
      kind,
      by_user_id: byUserId,
      at,
    })
    .execute();
}

/** The event's registrations as staff list them, oldest first, with the consent kinds accepted. */
export async function listRegistrations(db: Db, eventId: number): Promise<RegistrationView[]> {
  const rows = await db
    .selectFrom('registrations as r')
    .select(REGISTRATION_COLUMNS.map((column) => `r.${column}` as const))
    .select((eb) =>
      eb
        .selectFrom('consent_versions as v')
        .innerJoin('consents as c', 'c.id', 'v.consent_id')
        .select(
          sql<
            { kind: string; version: number }[]
          >`coalesce(json_agg(json_build_object('kind', c.kind, 'version', v.version) ORDER BY c.kind), '[]')`.as(
            'consents',
          ),
        )
        .where(sql<boolean>`v.id = ANY (r.consent_version_ids)`)
        .as('consents'),
    )
    .where('r.event_id', '=', eventId)
    .where('r.status', '!=', 'unconfirmed')
    .orderBy('r.created_at')
    .orderBy('r.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    locale: row.locale,
    time_zone: row.time_zone,
    answers: row.answers as Record<string, string | boolean>,
    consents: (row.consents ?? []) as RegistrationView['consents'],
    created_at: row.created_at.toISOString(),
    confirmed_at: row.confirmed_at?.toISOString() ?? null,
    decided_at: row.decided_at?.toISOString() ?? null,
    refusal_reason: row.refusal_reason,
    participant_id: row.participant_id,
  }));
}

/**
 * The event's funnel from its registration events and the statistics' attendance (the `sessions`
 * projection's stats_attendance, as the attendance list reads it): registered = addresses confirmed,
 * invited = places given (at once, approved or moved up), attended = of those invited, the participants
 * present in one of the event's sessions.
 */
export async function registrationFunnel(db: Db, eventId: number): Promise<RegistrationFunnel> {
  const counts = await db
    .selectFrom('registration_events')
    .select([
      sql<number>`count(DISTINCT registration_id) FILTER (WHERE kind = 'confirmed')::int`.as('registered'),
      sql<number>`count(DISTINCT registration_id) FILTER (WHERE kind IN ('registered', 'promoted'))::int`.as(
        'invited',
      ),
      sql<number>`count(DISTINCT registration_id) FILTER (WHERE kind = 'waitlisted')::int`.as('waitlisted'),
      sql<number>`count(DISTINCT registration_id) FILTER (WHERE kind = 'refused')::int`.as('refused'),
      sql<number>`count(DISTINCT registration_id) FILTER (WHERE kind IN ('cancelled', 'removed'))::int`.as(
        'cancelled',
      ),
    ])
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  const attended = await db
    .selectFrom('registrations as r')
    .select(sql<number>`count(DISTINCT r.id)::int`.as('attended'))
    .where('r.event_id', '=', eventId)
    .where('r.participant_id', 'is not', null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('stats_attendance as a')
          .innerJoin('rooms as room', 'room.id', 'a.room_id')
          .select(sql`1`.as('one'))
          .where('room.event_id', '=', eventId)
          .whereRef('a.participant_id', '=', 'r.participant_id'),
      ),
    )
    .executeTakeFirstOrThrow();
  return { ...counts, attended: attended.attended };
}
