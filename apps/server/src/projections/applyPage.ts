// Applies a page of events to one generation of a projection: its rows and its checkpoint in one
// transaction, so a crash can neither skip an event nor count one twice. The checkpoint is locked and
// compared with where the caller left it: a second runner (a lease lost and taken over, a command-line
// rebuild beside the server) finds it moved and stops instead of applying the page again.
import type { Db } from '../db/connection.ts';
import { saveCheckpoint } from '../event-store/checkpoints.ts';
import { compareLogPositions, positionOf } from '../event-store/readAll.ts';
import type { LogPosition, StoredSessionEvent } from '../event-store/types.ts';
import {
  checkpointName,
  generationStatus,
  generationTables,
  lockCheckpoint,
  recordFailure,
} from './generations.repository.ts';
import type { Projection } from './projection.ts';

/** The generation was retired or its checkpoint moved under us: reload and carry on from there. */
export class StaleGenerationError extends Error {
  constructor(projection: string, generation: number, why: string) {
    super(`${projection} generation ${generation}: ${why}`);
    this.name = 'StaleGenerationError';
  }
}

/** A projection stopped on an event it cannot fold; recorded in projection_generations. */
export class ProjectionFailedError extends Error {
  readonly position: LogPosition;
  readonly eventId: string;
  constructor(projection: string, event: StoredSessionEvent, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      `${projection} stopped at event ${event.eventId} (${event.type}, position ${event.transactionId}/${event.globalPosition}): ${reason}`,
      { cause },
    );
    this.name = 'ProjectionFailedError';
    this.position = positionOf(event);
    this.eventId = event.eventId;
  }
}

/** Errors of the connection or the server (not of an event): worth retrying as they are. */
export function isTransient(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    if (/^(08|57P|53)/.test(code) || code === '40001' || code === '40P01') return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND'].includes(code)) return true;
  }
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|connection timeout|Client has encountered a connection error/i.test(message);
}

export async function applyPage(
  db: Db,
  projection: Projection,
  generation: number,
  expected: LogPosition,
  events: readonly StoredSessionEvent[],
  to: LogPosition,
): Promise<void> {
  const name = checkpointName(projection.name, generation);
  await db.transaction().execute(async (trx) => {
    const status = await generationStatus(trx, projection.name, generation);
    if (status === undefined || status === 'retired') {
      throw new StaleGenerationError(projection.name, generation, 'retired');
    }
    const at = await lockCheckpoint(trx, name);
    if (at === null || compareLogPositions(at, expected) !== 0) {
      throw new StaleGenerationError(projection.name, generation, 'its checkpoint moved');
    }
    await projection.apply(trx, events, generationTables(generation), { from: expected, to });
    await saveCheckpoint(trx, name, to);
  });
}

/**
 * Applies a page; when it fails on an event (not on the connection), applies the page again one event
 * at a time to find which event it is, records it and throws ProjectionFailedError: the projection
 * stops there and never skips it. Returns the new checkpoint.
 */
export async function applyPageOrStop(
  db: Db,
  projection: Projection,
  generation: number,
  expected: LogPosition,
  events: readonly StoredSessionEvent[],
  to: LogPosition,
): Promise<LogPosition> {
  try {
    await applyPage(db, projection, generation, expected, events, to);
    return to;
  } catch (pageError) {
    if (pageError instanceof StaleGenerationError || isTransient(pageError)) throw pageError;
    let position = expected;
    for (const event of events) {
      const next = positionOf(event);
      try {
        await applyPage(db, projection, generation, position, [event], next);
      } catch (error) {
        if (error instanceof StaleGenerationError || isTransient(error)) throw error;
        const failure = new ProjectionFailedError(projection.name, event, error);
        await recordFailure(db, projection.name, generation, {
          position: failure.position,
          eventId: failure.eventId,
          error: failure.message,
        });
        throw failure;
      }
      position = next;
    }
    // Every event applied on its own: the page's failure was not an event's (a lock, a timeout).
    return position;
  }
}
