// Consent as a condition of entry (issue 33, part 1): the consents a lab asks now (each active kind's
// latest version) and which of the required ones a guest has not accepted. Entering an event's rooms
// (a room's socket or REST calls through roomAccess.ts, and being placed in one by joinroom) is refused
// without them, with a coded error naming the kinds missing. Here, on the floor every feature stands on,
// so every way in applies the same rule; the consent service (consents/) reads the same query.
import { type AskedConsent, type ConsentKind, DomainError, missingConsents, REFUSALS } from '@lablive/domain';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

/** Each active consent of the lab with its latest version: what a guest of the lab is asked now. */
export async function askedConsents(db: Db, labId: number): Promise<AskedConsent[]> {
  const rows = await db
    .selectFrom('consents as c')
    .innerJoin('consent_versions as v', 'v.consent_id', 'c.id')
    .select(['c.id as consent_id', 'c.kind', 'v.id as version_id', 'v.version', 'v.required'])
    .select(['v.text_fr', 'v.text_en', 'v.text_de'])
    .where('c.lab_id', '=', labId)
    .where('c.active', '=', true)
    .where('v.version', '=', (eb) =>
      eb
        .selectFrom('consent_versions as latest')
        .select(sql<number>`max(latest.version)`.as('v'))
        .whereRef('latest.consent_id', '=', 'c.id'),
    )
    .orderBy('c.kind')
    .execute();
  return rows.map(({ text_fr, text_en, text_de, ...row }) => ({
    ...row,
    texts: { fr: text_fr, en: text_en, de: text_de },
  }));
}

/** The versions a guest has accepted and not withdrawn. */
export async function acceptedVersionIds(db: Db, participantId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('consent_records')
    .select('version_id')
    .where('participant_id', '=', participantId)
    .where('withdrawn_at', 'is', null)
    .execute();
  return new Set(rows.map((row) => row.version_id));
}

/** The required kinds whose current version the guest has not accepted. */
export async function missingConsentsOf(db: Db, participantId: number): Promise<ConsentKind[]> {
  const participant = await db
    .selectFrom('participants')
    .select('lab_id')
    .where('id', '=', participantId)
    .executeTakeFirst();
  if (!participant) return [];
  const [asked, accepted] = await Promise.all([
    askedConsents(db, participant.lab_id),
    acceptedVersionIds(db, participantId),
  ]);
  return missingConsents(asked, accepted);
}

/** The coded refusal naming what is missing; its sentence is a REFUSALS entry, translated by the web. */
export function consentsRequired(missing: readonly ConsentKind[]): DomainError {
  return new DomainError(
    'consent_required',
    REFUSALS.consentsRequired.replace('{kinds}', missing.join(', ')),
    {
      missing,
    },
  );
}

/** Refuses a guest who has not accepted the current required consents of their lab. */
export async function requireConsents(db: Db, participantId: number): Promise<void> {
  const missing = await missingConsentsOf(db, participantId);
  if (missing.length > 0) throw consentsRequired(missing);
}
