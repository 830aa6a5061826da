// The consent tables (migration 20261129T040000): a lab's consents and their versions, read and written
// within one lab (another lab's consent is as absent as an unknown one), and the guests' records of
// acceptance and withdrawal. What a guest is asked now and what they lack is access/consentGate.ts's.
import type {
  ConsentKind,
  ConsentSource,
  ConsentTexts,
  ConsentVersion,
  GivenConsent,
  LabConsent,
  ParticipantConsent,
} from '@lablive/domain';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

/** Holds the lab's consents for the rest of the transaction: two edits at once must not both be version n. */
export async function lockLabConsents(trx: Db, labId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('consents'), ${labId}::int)`.execute(trx);
}

const textsOf = (row: { text_fr: string; text_en: string; text_de: string }): ConsentTexts => ({
  fr: row.text_fr,
  en: row.text_en,
  de: row.text_de,
});

export async function listLabConsents(db: Db, labId: number): Promise<LabConsent[]> {
  const consents = await db
    .selectFrom('consents')
    .select(['id', 'kind', 'active'])
    .where('lab_id', '=', labId)
    .orderBy('kind')
    .execute();
  if (consents.length === 0) return [];
  const versions = await db
    .selectFrom('consent_versions')
    .select(['id', 'consent_id', 'version', 'required', 'text_fr', 'text_en', 'text_de', 'created_at'])
    .where('lab_id', '=', labId)
    .orderBy('version', 'desc')
    .execute();
  return consents.flatMap((consent) => {
    const own: ConsentVersion[] = versions
      .filter((row) => row.consent_id === consent.id)
      .map((row) => ({
        version_id: row.id,
        version: row.version,
        required: row.required,
        texts: textsOf(row),
        created_at: row.created_at.toISOString(),
      }));
    const [current] = own;
    return current === undefined ? [] : [{ ...consent, current, versions: own }];
  });
}

export async function findLabConsent(db: Db, labId: number, kind: ConsentKind) {
  return db
    .selectFrom('consents')
    .select(['id', 'active'])
    .where('lab_id', '=', labId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

export async function insertConsent(db: Db, labId: number, kind: ConsentKind, active: boolean) {
  return db
    .insertInto('consents')
    .values({ lab_id: labId, kind, active })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function setConsentActive(db: Db, consentId: number, active: boolean): Promise<void> {
  await db.updateTable('consents').set({ active }).where('id', '=', consentId).execute();
}

export async function latestVersion(db: Db, consentId: number) {
  return db
    .selectFrom('consent_versions')
    .select(['version', 'required', 'text_fr', 'text_en', 'text_de'])
    .where('consent_id', '=', consentId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertVersion(
  db: Db,
  version: {
    consentId: number;
    labId: number;
    version: number;
    required: boolean;
    texts: ConsentTexts;
    createdBy: number | null;
  },
): Promise<void> {
  await db
    .insertInto('consent_versions')
    .values({
      consent_id: version.consentId,
      lab_id: version.labId,
      version: version.version,
      required: version.required,
      text_fr: version.texts.fr,
      text_en: version.texts.en,
      text_de: version.texts.de,
      created_by: version.createdBy,
    })
    .execute();
}

/** Records acceptances; a version already accepted and in force is left as it is. */
export async function insertRecords(
  db: Db,
  records: readonly {
    labId: number;
    participantId: number;
    consentId: number;
    versionId: number;
    source: ConsentSource;
    givenAt: Date;
  }[],
): Promise<void> {
  if (records.length === 0) return;
  await db
    .insertInto('consent_records')
    .values(
      records.map((record) => ({
        lab_id: record.labId,
        participant_id: record.participantId,
        consent_id: record.consentId,
        version_id: record.versionId,
        source: record.source,
        given_at: record.givenAt,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['participant_id', 'version_id']).where('withdrawn_at', 'is', null).doNothing(),
    )
    .execute();
}

/** Withdraws one of the guest's acceptances in force; undefined when they hold no such record. */
export async function withdrawRecord(db: Db, participantId: number, recordId: number, at: Date) {
  return db
    .updateTable('consent_records')
    .set({ withdrawn_at: at })
    .where('id', '=', recordId)
    .where('participant_id', '=', participantId)
    .where('withdrawn_at', 'is', null)
    .returning(['consent_id', 'version_id'])
    .executeTakeFirst();
}

/** Every acceptance of the guest with the exact version they accepted, newest first. */
export async function givenConsents(db: Db, participantId: number): Promise<GivenConsent[]> {
  const rows = await db
    .selectFrom('consent_records as r')
    .innerJoin('consent_versions as v', 'v.id', 'r.version_id')
    .innerJoin('consents as c', 'c.id', 'r.consent_id')
    .select(['r.id', 'r.consent_id', 'c.kind', 'r.version_id', 'v.version', 'v.required'])
    .select(['v.text_fr', 'v.text_en', 'v.text_de', 'r.source', 'r.given_at', 'r.withdrawn_at'])
    .where('r.participant_id', '=', participantId)
    .orderBy('r.given_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
  return rows.map(({ text_fr, text_en, text_de, given_at, withdrawn_at, ...row }) => ({
    ...row,
    texts: { fr: text_fr, en: text_en, de: text_de },
    given_at: given_at.toISOString(),
    withdrawn_at: withdrawn_at === null ? null : withdrawn_at.toISOString(),
  }));
}

/** Each participant's acceptances (kind, version, when, withdrawn when), for the statistics. */
export async function consentsOfParticipants(
  db: Db,
  participantIds: readonly number[],
): Promise<Map<number, ParticipantConsent[]>> {
  const byParticipant = new Map<number, ParticipantConsent[]>();
  if (participantIds.length === 0) return byParticipant;
  const rows = await db
    .selectFrom('consent_records as r')
    .innerJoin('consent_versions as v', 'v.id', 'r.version_id')
    .innerJoin('consents as c', 'c.id', 'r.consent_id')
    .select(['r.participant_id', 'c.kind', 'v.version', 'r.given_at', 'r.withdrawn_at'])
    .where('r.participant_id', 'in', [...new Set(participantIds)])
    .orderBy('c.kind')
    .orderBy('r.given_at')
    .execute();
  for (const row of rows) {
    const list = byParticipant.get(row.participant_id) ?? [];
    list.push({
      kind: row.kind,
      version: row.version,
      given_at: row.given_at.toISOString(),
      withdrawn_at: row.withdrawn_at === null ? null : row.withdrawn_at.toISOString(),
    });
    byParticipant.set(row.participant_id, list);
  }
  return byParticipant;
}
