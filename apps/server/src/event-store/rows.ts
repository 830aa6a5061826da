// Maps a session_events row to a StoredSessionEvent, checking what the column types cannot promise
// (the jsonb metadata, and bigints parsed to numbers by the pool of connection.ts).
import { type Selectable, sql } from 'kysely';
import { z } from 'zod';
import type { SessionEventsTable } from '../db/schema.ts';
import { EventStoreError } from './errors.ts';
import { sessionEventMetadataSchema } from './metadata.ts';
import type { StoredSessionEvent } from './types.ts';

export type SessionEventRow = Selectable<SessionEventsTable>;

/**
 * A stored event's columns as readers select them: its personal fields opened by the database
 * (open_session_event_data, migration 20261129T010000), or '[erased]' once their subject's key was
 * deleted. Only the ledger reads the sealed bytes as stored: they are what it hashes.
 */
/** The same columns as stored, personal fields sealed: what the ledger hashes. */
export const STORED_EVENT_COLUMNS = [
  'global_position',
  'transaction_id',
  'stream_id',
  'stream_version',
  'type',
  'schema_version',
  sql<SessionEventRow['data']>`data`.as('data'),
  'metadata',
  'event_id',
  'occurred_at',
] as const;

export const OPENED_EVENT_COLUMNS = [
  'global_position',
  'transaction_id',
  'stream_id',
  'stream_version',
  'type',
  'schema_version',
  sql<SessionEventRow['data']>`open_session_event_data(type, data)`.as('data'),
  'metadata',
  'event_id',
  'occurred_at',
] as const;

function invalid(row: SessionEventRow, problem: string): EventStoreError {
  return new EventStoreError(
    'invalid_stored_event',
    `Stored event ${row.event_id} (${row.stream_id}@${row.stream_version}): ${problem}`,
  );
}

/** A pool without connection.ts's int8 parser would hand bigints over as strings: accept both, exactly. */
function integer(row: SessionEventRow, column: string, value: unknown): number {
  const parsed = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof parsed !== 'number' || !Number.isSafeInteger(parsed)) {
    throw invalid(row, `${column} is not a safe integer (${String(value)})`);
  }
  return parsed;
}

export function toStoredEvent(row: SessionEventRow): StoredSessionEvent {
  const metadata = sessionEventMetadataSchema.safeParse(row.metadata);
  if (!metadata.success) throw invalid(row, `invalid metadata: ${z.prettifyError(metadata.error)}`);
  if (!(row.occurred_at instanceof Date)) throw invalid(row, 'occurred_at is not a timestamp');
  return {
    globalPosition: integer(row, 'global_position', row.global_position),
    transactionId: String(row.transaction_id),
    streamId: row.stream_id,
    streamVersion: integer(row, 'stream_version', row.stream_version),
    type: row.type,
    schemaVersion: integer(row, 'schema_version', row.schema_version),
    data: row.data,
    metadata: metadata.data,
    eventId: row.event_id,
    occurredAt: row.occurred_at,
  };
}
