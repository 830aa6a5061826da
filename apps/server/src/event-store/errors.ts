// The coded errors of the event store. The room host reacts to them (a wrong expected version means
// another host wrote, or its state is stale); they are never shown to a client as they are.
import { CodedError } from '@lablive/domain';

export const EVENT_STORE_ERROR_CODES = [
  'wrong_expected_version',
  'event_id_conflict',
  'invalid_event',
  'invalid_stored_event',
] as const;
export type EventStoreErrorCode = (typeof EVENT_STORE_ERROR_CODES)[number];

export class EventStoreError extends CodedError<EventStoreErrorCode> {
  constructor(code: EventStoreErrorCode, message: string) {
    super(code, message);
    this.name = 'EventStoreError';
  }
}

/** The stream moved since the caller read it: nothing was appended. */
export class WrongExpectedVersionError extends EventStoreError {
  readonly streamId: string;
  readonly expectedVersion: number;
  readonly actualVersion: number;

  constructor(streamId: string, expectedVersion: number, actualVersion: number) {
    super(
      'wrong_expected_version',
      `Stream ${streamId} is at version ${actualVersion}, the append expected ${expectedVersion}`,
    );
    this.name = 'WrongExpectedVersionError';
    this.streamId = streamId;
    this.expectedVersion = expectedVersion;
    this.actualVersion = actualVersion;
  }
}

/**
 * Some of the event ids are already stored, but not as the exact result of an earlier append of this
 * same batch (only part of them, or on another stream): not a retry, so nothing is appended.
 */
export class EventIdConflictError extends EventStoreError {
  readonly eventIds: string[];

  constructor(message: string, eventIds: string[]) {
    super('event_id_conflict', message);
    this.name = 'EventIdConflictError';
    this.eventIds = eventIds;
  }
}

/**
 * Whether an append failed because of what it carried, not because of the database's state or the
 * connection: an event the store finds invalid, an id conflict, or PostgreSQL refusing the data (SQLSTATE
 * class 22, data exception, or 23, integrity constraint). Sending the same events again cannot succeed.
 * A wrong expected version is not one of these: the stream moved, and deciding again can succeed.
 */
export function refusedTheData(error: unknown): boolean {
  if (error instanceof WrongExpectedVersionError) return false;
  if (error instanceof EventStoreError || error instanceof TypeError) return true;
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
}
