// The SQL of forgetting a person (GDPR erasure) and of a lab's retention: the rows that name them made
// anonymous, what would let them sign in removed, and their data keys deleted, which leaves what those
// keys sealed in the log and the trail unreadable (crypto-shredding, docs/adr/0008).
import { ERASED_VALUE } from '@lablive/domain';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { sameAddress } from './personalSubjects.ts';

/** Where an anonymised row's address points: nowhere (RFC 2606 reserves .invalid), unique per row. */
export const ERASED_ADDRESS_DOMAIN = 'erased.invalid';

/** The person's participations and account in the lab, locked until the erasure commits. */
export async function lockPerson(trx: Db, labId: number, email: string) {
  const [participations, account] = await Promise.all([
    trx
      .selectFrom('participants')
      .select(['id', 'event_id'])
      .where('lab_id', '=', labId)
      .where(sql`lower(email)`, '=', sameAddress(email))
      .forUpdate()
      .execute(),
    trx
      .selectFrom('users')
      .select(['id', 'avatar_url'])
      .where('lab_id', '=', labId)
      .where(sql`lower(email)`, '=', sameAddress(email))
      .forUpdate()
      .executeTakeFirst(),
  ]);
  return { participations, account: account ?? null };
}

/**
 * Participations named no more: the row stays (invitations, statistics and reports point at it) with
 * `[erased]` where the person was and an address that routes nowhere (RFC 2606's .invalid), unique as
 * the table wants it; no link of theirs signs in any more.
 */
export async function anonymiseParticipants(trx: Db, participantIds: readonly number[]): Promise<void> {
  if (participantIds.length === 0) return;
  await trx
    .updateTable('participants')
    .set({
      email: sql`'erased-participant-' || id || '@' || ${ERASED_ADDRESS_DOMAIN}`,
      name: ERASED_VALUE,
      first_name: ERASED_VALUE,
      last_name: ERASED_VALUE,
      job: null,
      location: null,
      timezone: null,
      locale: null,
      google_refresh_token: null,
    })
    .where('id', 'in', participantIds)
    .execute();
  await trx
    .deleteFrom('invitation_links')
    .where('invitation_id', 'in', (eb) =>
      eb.selectFrom('event_invitations').select('id').where('participant_id', 'in', participantIds),
    )
    .execute();
  await trx.deleteFrom('refresh_tokens').where('participant_id', 'in', participantIds).execute();
}

/**
 * The person's registrations for the lab's public events (issue 33) named no more, like a participation:
 * the row stays for the event's funnel, without name, address, answers or what staff wrote of it, and
 * no link mailed for it confirms anything. Their audit entries are sealed under `registration:<id>`.
 */
export async function anonymiseRegistrations(trx: Db, labId: number, email: string): Promise<number[]> {
  const rows = await trx
    .updateTable('registrations')
    .set({
      email: sql`'erased-registration-' || id || '@' || ${ERASED_ADDRESS_DOMAIN}`,
      first_name: ERASED_VALUE,
      last_name: ERASED_VALUE,
      answers: sql`'{}'::jsonb`,
      refusal_reason: null,
      confirm_token_hash: null,
      confirm_expires_at: null,
    })
    .where('lab_id', '=', labId)
    .where(sql`lower(email)`, '=', sameAddress(email))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** The account anonymised and deactivated: no password, no pending address, no session left. */
export async function anonymiseAccount(trx: Db, userId: number, now: Date): Promise<void> {
  await trx
    .updateTable('users')
    .set({
      email: sql`'erased-user-' || id || '@' || ${ERASED_ADDRESS_DOMAIN}`,
      first_name: ERASED_VALUE,
      last_name: ERASED_VALUE,
      job: null,
      address: null,
      therapeutic_area: null,
      avatar_url: null,
      password_hash: null,
      deactivated_at: sql`coalesce(deactivated_at, ${now})`,
    })
    .where('id', '=', userId)
    .execute();
  await trx.deleteFrom('refresh_tokens').where('user_id', '=', userId).execute();
  await trx.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
  await trx.deleteFrom('email_changes').where('user_id', '=', userId).execute();
}

/**
 * The mail log forgets the person as a recipient (it keeps that a mail of that kind went, and how).
 * Answers the mails' job ids: their queued or recently sent jobs still hold the body, to be removed.
 */
export async function forgetMailRecipient(
  trx: Db,
  labId: number,
  who: { email: string; participantIds: readonly number[] },
): Promise<string[]> {
  const rows = await trx
    .updateTable('mail_log')
    .set({ recipient: ERASED_VALUE })
    .where((eb) =>
      eb.or([
        eb.and([eb('lab_id', '=', labId), eb(sql`lower(recipient)`, '=', sameAddress(who.email))]),
        ...(who.participantIds.length > 0 ? [eb('participant_id', 'in', who.participantIds)] : []),
      ]),
    )
    .returning('job_id')
    .execute();
  return rows.map((row) => row.job_id);
}

/**
 * Rooms' cached states (room_snapshots) hold names and chat as the room host folded them: dropped for
 * the rooms of these events, a host rebuilds them from the log, opened as it now reads.
 */
export async function dropRoomSnapshotsOfEvents(trx: Db, eventIds: readonly number[]): Promise<void> {
  if (eventIds.length === 0) return;
  await trx
    .deleteFrom('room_snapshots')
    .where('stream_id', 'in', (eb) =>
      eb
        .selectFrom('rooms')
        .select(sql<string>`'room-' || rooms.id`.as('stream_id'))
        .where('event_id', 'in', [...eventIds]),
    )
    .execute();
}

/**
 * Whether a session of one of these events is running (its room's last session event is a start): its
 * room host holds the people in memory, and would write them back into its cache.
 */
export async function anySessionRunning(trx: Db, eventIds: readonly number[]): Promise<boolean> {
  if (eventIds.length === 0) return false;
  const { rows } = await sql<{ type: string }>`
    SELECT DISTINCT ON (e.stream_id) e.type
    FROM session_events e
    WHERE e.stream_id IN (SELECT 'room-' || id FROM rooms WHERE event_id = ANY(${[...eventIds]}::bigint[]))
      AND e.type IN ('SessionStarted', 'SessionEnded')
    ORDER BY e.stream_id, e.stream_version DESC`.execute(trx);
  return rows.some((row) => row.type === 'SessionStarted');
}

/** Deletes the subjects' keys (what they sealed is unreadable from the commit on); answers how many. */
export async function deleteKeys(trx: Db, subjects: readonly string[]): Promise<number> {
  if (subjects.length === 0) return 0;
  const deleted = await trx.deleteFrom('personal_keys').where('subject', 'in', subjects).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
