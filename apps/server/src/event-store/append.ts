// Appends session events to streams: atomic, optimistic concurrency on each stream's version, and
// idempotent on event ids so that a retried command appends nothing twice. See docs/architecture.md,
// "The log".
import type { Db } from '../db/connection.ts';
import { appendInOneCall, type OneCallArguments, oneCallArguments } from './appendInOneCall.ts';
import { EventIdConflictError, WrongExpectedVersionError } from './errors.ts';
import { assertDistinctIds, type PreparedEvent, prepareEvent } from './newEvents.ts';
import { OPENED_EVENT_COLUMNS, toStoredEvent } from './rows.ts';
import { lockStreams, saveVersions } from './streamVersions.ts';
import type { NewSessionEvent, StoredSessionEvent } from './types.ts';
import { noUpcasters, type UpcasterRegistry } from './upcasters.ts';
import type { WakeUp } from './wakeUp.ts';

export type AppendRequest = {
  streamId: string;
  /** The stream's version the events were decided against: 0 for a stream that does not exist yet. */
  expectedVersion: number;
  events: readonly NewSessionEvent[];
};

export type AppendResult = {
  streamId: string;
  /** The stream's version after this append: the expected version of the next one. */
  nextExpectedVersion: number;
  events: StoredSessionEvent[];
};

export type AppendOptions = {
  /** Gives new events the newest schema version of their type, and upcasts what is returned. */
  upcasters?: UpcasterRegistry;
  /** Notified after our own commit (never when `db` is the caller's transaction: it commits later). */
  wakeUp?: WakeUp;
};

type PreparedRequest = { streamId: string; expectedVersion: number; events: PreparedEvent[] };

/** 7 parameters per row: 1000 rows stay far below PostgreSQL's 65535 parameters per statement. */
const INSERT_CHUNK = 1000;
const EVENT_ID_CONSTRAINT = 'session_events_event_id_key';

export async function append(
  db: Db,
  streamId: string,
  expectedVersion: number,
  events: readonly NewSessionEvent[],
  options: AppendOptions = {},
): Promise<AppendResult> {
  const [result] = await appendMany(db, [{ streamId, expectedVersion, events }], options);
  if (result === undefined) throw new Error('appendMany returned no result for one request');
  return result;
}

/**
 * Several appends in one transaction, all or nothing: a host group-commits the commands that arrived
 * together, either as one request holding all their events, or as one request per command on the same
 * stream, each expecting the version the previous one leaves. A request whose event ids are all stored
 * already is a retry: it returns its first result and appends nothing, whatever version it expected.
 *
 * `db` may be the caller's transaction, at READ COMMITTED (a waiter must see the version its predecessor
 * committed), which must not have written before the expected versions were read: see streamVersions.ts
 * for why the global order of the log depends on it.
 */
export async function appendMany(
  db: Db,
  requests: readonly AppendRequest[],
  options: AppendOptions = {},
): Promise<AppendResult[]> {
  return appendPrepared(db, prepareAppend(requests, options), options);
}

/** Requests checked and turned into what is sent: see prepareAppend. */
export type PreparedAppend = {
  requests: readonly PreparedRequest[];
  /** The arguments of the one-call path, when it can take these requests. */
  oneCall: OneCallArguments | null;
};

/**
 * The CPU half of appendMany: checks every event and builds what will be sent, without touching the
 * database, so a caller that appends in a pipeline (a room host) does it while its previous append
 * commits. Throws what appendMany would throw for a bad event.
 */
export function prepareAppend(
  requests: readonly AppendRequest[],
  options: AppendOptions = {},
): PreparedAppend {
  const upcasters = options.upcasters ?? noUpcasters;
  const prepared = requests.map((request) => prepareRequest(request, upcasters));
  assertDistinctIds(prepared.flatMap((request) => request.events));
  return { requests: prepared, oneCall: oneCallArguments(prepared) };
}

/** The database half of appendMany: `prepared` as prepareAppend made it (with the same options). */
export async function appendPrepared(
  db: Db,
  prepared: PreparedAppend,
  options: AppendOptions = {},
): Promise<AppendResult[]> {
  const upcasters = options.upcasters ?? noUpcasters;
  // Outside a caller's transaction the common case (new events, expected versions right) takes one call.
  const fast =
    db.isTransaction || prepared.oneCall === null
      ? null
      : await appendInOneCall(db, prepared.requests, prepared.oneCall);
  if (fast) {
    options.wakeUp?.notify();
    return fast.map((result) => ({ ...result, events: result.events.map(upcasters.upcast) }));
  }
  const outcome = db.isTransaction
    ? await appendInTransaction(db, prepared.requests)
    : await db.transaction().execute((trx) => appendInTransaction(trx, prepared.requests));
  if (outcome.appended && !db.isTransaction) options.wakeUp?.notify();
  return outcome.results.map((result) => ({ ...result, events: result.events.map(upcasters.upcast) }));
}

function prepareRequest(request: AppendRequest, upcasters: UpcasterRegistry): PreparedRequest {
  if (request.streamId.length === 0) throw new TypeError('streamId is empty');
  if (!Number.isSafeInteger(request.expectedVersion) || request.expectedVersion < 0) {
    throw new TypeError(`expectedVersion ${request.expectedVersion} is not a version (an integer >= 0)`);
  }
  return {
    streamId: request.streamId,
    expectedVersion: request.expectedVersion,
    events: request.events.map((event) => prepareEvent(event, upcasters)),
  };
}

async function appendInTransaction(
  trx: Db,
  requests: readonly PreparedRequest[],
): Promise<{ appended: boolean; results: AppendResult[] }> {
  const streamIds = [...new Set(requests.map((request) => request.streamId))];
  // Everything below is read under the locks, so it stays true until the commit.
  const versions = await lockStreams(trx, streamIds);
  const stored = await storedEvents(
    trx,
    requests.flatMap((request) => request.events.map((event) => event.eventId)),
  );

  const rows: NewRow[] = [];
  const changed = new Map<string, number>();
  const plans: Array<{ streamId: string; next: number; ids: string[] } | AppendResult> = [];
  for (const request of requests) {
    const retried = firstResultOf(request, stored);
    if (retried !== undefined) {
      plans.push(retried);
      continue;
    }
    const actual = versions.get(request.streamId) ?? 0;
    if (actual !== request.expectedVersion) {
      throw new WrongExpectedVersionError(request.streamId, request.expectedVersion, actual);
    }
    request.events.forEach((event, index) => {
      rows.push(toRow(request.streamId, actual + index + 1, event));
    });
    const next = actual + request.events.length;
    versions.set(request.streamId, next);
    if (request.events.length > 0) changed.set(request.streamId, next);
    plans.push({ streamId: request.streamId, next, ids: request.events.map((event) => event.eventId) });
  }

  const inserted = await insertRows(trx, rows);
  if (changed.size > 0) await saveVersions(trx, changed);
  const results = plans.map((plan): AppendResult => {
    if (!('ids' in plan)) return plan;
    const events = plan.ids.map((id) => {
      const event = inserted.get(id);
      if (event === undefined) throw new Error(`The insert of event ${id} returned no row`);
      return event;
    });
    return { streamId: plan.streamId, nextExpectedVersion: plan.next, events };
  });
  return { appended: rows.length > 0, results };
}

/**
 * The stored result of an earlier append of exactly these events, or undefined when none of them is
 * stored. Anything in between (some stored, or stored elsewhere) is not a retry but a bug upstream.
 */
function firstResultOf(
  request: PreparedRequest,
  stored: ReadonlyMap<string, StoredSessionEvent>,
): AppendResult | undefined {
  const found = request.events.flatMap((event) => stored.get(event.eventId) ?? []);
  const [first] = found;
  if (first === undefined) return undefined;
  const ids = found.map((event) => event.eventId);
  if (found.length < request.events.length) {
    throw new EventIdConflictError(
      `${found.length} of the ${request.events.length} events are already stored: not a retry of one append`,
      ids,
    );
  }
  const sameAppend = found.every(
    (event, index) =>
      event.streamId === request.streamId && event.streamVersion === first.streamVersion + index,
  );
  if (!sameAppend) {
    throw new EventIdConflictError(
      `These event ids are already stored, but not as one append to ${request.streamId}`,
      ids,
    );
  }
  return {
    streamId: request.streamId,
    nextExpectedVersion: first.streamVersion + found.length - 1,
    events: found,
  };
}

async function storedEvents(trx: Db, eventIds: readonly string[]): Promise<Map<string, StoredSessionEvent>> {
  if (eventIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('session_events')
    .select(OPENED_EVENT_COLUMNS)
    .where('event_id', 'in', eventIds)
    .execute();
  return new Map(rows.map((row) => [row.event_id, toStoredEvent(row)]));
}

type NewRow = {
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: string;
  metadata: string;
  event_id: string;
};

function toRow(streamId: string, streamVersion: number, event: PreparedEvent): NewRow {
  return {
    stream_id: streamId,
    stream_version: streamVersion,
    type: event.type,
    schema_version: event.schemaVersion,
    data: event.data,
    metadata: event.metadata,
    event_id: event.eventId,
  };
}

async function insertRows(trx: Db, rows: readonly NewRow[]): Promise<Map<string, StoredSessionEvent>> {
  const inserted = new Map<string, StoredSessionEvent>();
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    try {
      const chunk = await trx
        .insertInto('session_events')
        .values(rows.slice(start, start + INSERT_CHUNK))
        // What was stored, its personal fields (sealed by the table's trigger) read back opened.
        .returning(OPENED_EVENT_COLUMNS)
        .execute();
      for (const row of chunk) inserted.set(row.event_id, toStoredEvent(row));
    } catch (error) {
      // Only a concurrent append of the same ids to another stream gets here: the same stream is locked.
      if (isUniqueViolation(error, EVENT_ID_CONSTRAINT)) {
        throw new EventIdConflictError('An event id is being appended to another stream', []);
      }
      throw error;
    }
  }
  return inserted;
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  return (
    error instanceof Error &&
    'code' in error &&
    error.code === '23505' &&
    'constraint' in error &&
    error.constraint === constraint
  );
}
