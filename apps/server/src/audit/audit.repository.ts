// The audit trail's table: entries the server writes itself (sign-ins, exports; the triggers write the
// others), and the search of the /admin/audit page. Nothing here updates or deletes: the table refuses it.
import type { AuditAction, AuditChange, AuditRecordType } from '@lablive/domain';
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { AuditEntriesTable, Database } from '../db/schema.ts';

export type NewAuditEntry = {
  labId: number | null;
  actor: {
    kind: AuditEntriesTable['actor_kind'];
    userId: number | null;
    participantId: number | null;
    name: string | null;
    email: string | null;
    roles: readonly string[];
  };
  timeZone: string | null;
  action: AuditAction;
  recordType: AuditRecordType;
  recordId: string | null;
  /**
   * A change with `sealUnder` has its values stored sealed under that subject (an address:
   * `address:<lab>:<address>`, see personalSubjects.ts), erased with it.
   */
  changes: readonly (AuditChange & { sealUnder?: string })[];
  reason: string | null;
  via: string | null;
};

export async function insertAuditEntry(db: Db, entry: NewAuditEntry): Promise<void> {
  await db
    .insertInto('audit_entries')
    .values({
      lab_id: entry.labId,
      actor_kind: entry.actor.kind,
      actor_user_id: entry.actor.userId,
      actor_participant_id: entry.actor.participantId,
      actor_name: entry.actor.name,
      actor_email: entry.actor.email,
      actor_roles: [...entry.actor.roles],
      actor_time_zone: entry.timeZone,
      action: entry.action,
      record_type: entry.recordType,
      record_id: entry.recordId,
      changes: JSON.stringify(entry.changes),
      reason: entry.reason,
      via: entry.via,
    })
    .execute();
}

/**
 * An entry's columns as the page and its exports read them: the person's values opened, '[erased]'
 * once erased. The ledger alone reads them sealed, as stored and hashed.
 */
export const OPENED_AUDIT_COLUMNS = [
  'id',
  'lab_id',
  'at',
  'actor_kind',
  'actor_user_id',
  'actor_participant_id',
  sql<string | null>`open_personal(actor_name)`.as('actor_name'),
  sql<string | null>`open_personal(actor_email)`.as('actor_email'),
  'actor_roles',
  'actor_time_zone',
  'action',
  'record_type',
  'record_id',
  sql<AuditEntriesTable['changes']>`open_audit_changes(changes)`.as('changes'),
  'reason',
  'via',
  'transaction_id',
] as const;

/** What a search keeps: the lab's entries (and the platform's, unattributed to a lab, for its managers). */
export type AuditSearch = {
  labId: number;
  withPlatformEntries: boolean;
  who?: string | undefined;
  recordType?: string | undefined;
  recordId?: string | undefined;
  field?: string | undefined;
  action?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

function searched(db: Db, search: AuditSearch): SelectQueryBuilder<Database, 'audit_entries', object> {
  let query = db
    .selectFrom('audit_entries')
    .where((eb: ExpressionBuilder<Database, 'audit_entries'>) =>
      search.withPlatformEntries
        ? eb.or([eb('lab_id', '=', search.labId), eb('lab_id', 'is', null)])
        : eb('lab_id', '=', search.labId),
    );
  if (search.who) {
    // Names and addresses are stored sealed (migration 20261129T010000): searched once opened.
    const pattern = likePattern(search.who);
    query = query.where(
      sql<boolean>`(open_personal(actor_name) ILIKE ${pattern} OR open_personal(actor_email) ILIKE ${pattern})`,
    );
  }
  if (search.recordType) query = query.where('record_type', '=', search.recordType);
  if (search.recordId) query = query.where('record_id', '=', search.recordId);
  if (search.action) query = query.where('action', '=', search.action);
  if (search.field) {
    query = query.where(sql<boolean>`changes @> ${JSON.stringify([{ field: search.field }])}::jsonb`);
  }
  if (search.from) query = query.where('at', '>=', search.from);
  if (search.to) query = query.where('at', '<', search.to);
  return query;
}

/** The entries found, newest first, from `start`. */
export function searchAuditEntries(db: Db, search: AuditSearch, page: { start: number; count: number }) {
  return searched(db, search)
    .select(OPENED_AUDIT_COLUMNS)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .offset(page.start)
    .limit(page.count)
    .execute();
}

export async function countAuditEntries(db: Db, search: AuditSearch): Promise<number> {
  const row = await searched(db, search)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
