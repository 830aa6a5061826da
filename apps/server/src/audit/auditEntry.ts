// An audit trail row as people and machines read it: the page, its JSON export and the ledger's signed
// export all show an entry in this one shape.
import type { AuditAction, AuditEntry, AuditRecordType } from '@lablive/domain';
import type { Selectable } from 'kysely';
import type { AuditEntriesTable } from '../db/schema.ts';

export function auditEntryOf(
  row: Omit<Selectable<AuditEntriesTable>, 'transaction_id' | 'lab_id'>,
): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: {
      kind: row.actor_kind,
      userId: row.actor_user_id,
      name: row.actor_name,
      email: row.actor_email,
      roles: row.actor_roles,
      timeZone: row.actor_time_zone,
    },
    action: row.action as AuditAction,
    recordType: row.record_type as AuditRecordType,
    recordId: row.record_id,
    changes: row.changes as AuditEntry['changes'],
    reason: row.reason,
    via: row.via,
  };
}
