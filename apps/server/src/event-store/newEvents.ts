// Checks the events of an append before any SQL runs, and turns each into the row to insert: a bad
// event fails the whole append with a clear error instead of a PostgreSQL one halfway through.
import { z } from 'zod';
import { EventIdConflictError, EventStoreError } from './errors.ts';
import { sessionEventMetadataSchema } from './metadata.ts';
import type { NewSessionEvent, SessionEventMetadata } from './types.ts';
import type { UpcasterRegistry } from './upcasters.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type PreparedEvent = {
  /** Lower case, as PostgreSQL returns uuids, so stored rows can be matched back by id. */
  eventId: string;
  type: string;
  schemaVersion: number;
  /** JSON text, as stored. */
  data: string;
  metadata: string;
  /** The data as given and the metadata as checked: what a stored event built without reading back holds. */
  given: { data: unknown; metadata: SessionEventMetadata };
};

function invalid(event: NewSessionEvent, problem: string): EventStoreError {
  return new EventStoreError('invalid_event', `Event ${event.eventId} (${event.type}): ${problem}`);
}

function toJson(event: NewSessionEvent, value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    throw invalid(event, `data is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (text === undefined) throw invalid(event, 'data is not JSON');
  return text;
}

export function prepareEvent(event: NewSessionEvent, upcasters: UpcasterRegistry): PreparedEvent {
  if (!UUID.test(event.eventId)) throw invalid(event, 'eventId is not a uuid');
  if (event.type.length === 0) throw invalid(event, 'type is empty');
  const schemaVersion = event.schemaVersion ?? upcasters.currentVersion(event.type);
  if (!Number.isSafeInteger(schemaVersion) || schemaVersion < 1) {
    throw invalid(event, `schemaVersion ${schemaVersion} is not a positive integer`);
  }
  const metadata = sessionEventMetadataSchema.safeParse(event.metadata);
  if (!metadata.success) throw invalid(event, `invalid metadata: ${z.prettifyError(metadata.error)}`);
  return {
    eventId: event.eventId.toLowerCase(),
    type: event.type,
    schemaVersion,
    data: toJson(event, event.data),
    metadata: JSON.stringify(metadata.data),
    given: { data: event.data, metadata: metadata.data },
  };
}

/** The same id twice in one append can never be stored; say so before trying. */
export function assertDistinctIds(events: readonly PreparedEvent[]): void {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const { eventId } of events) {
    if (seen.has(eventId)) repeated.add(eventId);
    seen.add(eventId);
  }
  if (repeated.size > 0) {
    throw new EventIdConflictError(`The same event id appears twice in one append`, [...repeated]);
  }
}
