// The logs the ledger keeps and what each entry of them is, once for hashing and for exporting: a
// room's session log (its stream's events, seq = the stream version) and a lab's audit trail (its
// entries in the order the ledger read them; the platform's, tied to no lab, apart). The fields are
// read from the stored rows, as they are, and never recomputed by an export: a row changed after it
// was logged no longer hashes to its leaf.
import type { EventFields, JsonValue } from '@lablive/verify';
import type { Selectable } from 'kysely';
import { auditEntryOf } from '../audit/auditEntry.ts';
import type { AuditEntriesTable } from '../db/schema.ts';
import type { StoredSessionEvent } from '../event-store/types.ts';

export const roomLog = (roomId: number) => `room/${roomId}`;
export const auditLog = (labId: number | null) => (labId === null ? 'audit/platform' : `audit/lab/${labId}`);

/** The room a stream's log belongs to, or null for a stream that is not a room's. */
export function roomOfStream(streamId: string): number | null {
  const match = /^room-(\d+)$/.exec(streamId);
  return match?.[1] ? Number(match[1]) : null;
}

/** The checkpoint origin of a log: the signing key's name (the deployment), then the log. */
export const originOf = (keyName: string, log: string) => `${keyName}/${log}`;

const json = (value: unknown) => value as JsonValue;

export function sessionEventFields(event: StoredSessionEvent): EventFields {
  return {
    stream: event.streamId,
    type: event.type,
    schemaVersion: event.schemaVersion,
    eventId: event.eventId,
    occurredAt: event.occurredAt.toISOString(),
    data: json(event.data),
    metadata: json(event.metadata),
  };
}

/** An audit entry as the trail's page and exports show it, with its lab. */
export function auditEntryFields(row: Selectable<AuditEntriesTable>): EventFields {
  return { ...auditEntryOf(row), lab: row.lab_id } as EventFields;
}
