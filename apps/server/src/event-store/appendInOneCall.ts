// The fast path of appendMany: the whole group commit as one call of the append_session_events function
// (migration 20261121T160000), which autocommits. A transaction of separate statements costs six round
// trips (begin, lock, look for stored ids, insert, versions, commit) and returns every row to parse; this
// costs one and returns the positions only. It decides nothing it cannot decide alone: a request that
// does not follow the one before it on its stream, an event id already stored (a retry) or a stream
// at another version (a retry at a stale version, or a real conflict) leaves the answer to the
// transactional path, which tells those apart.
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { PreparedEvent } from './newEvents.ts';
import type { StoredSessionEvent } from './types.ts';

export type OneCallRequest = { streamId: string; expectedVersion: number; events: readonly PreparedEvent[] };
export type OneCallResult = { streamId: string; nextExpectedVersion: number; events: StoredSessionEvent[] };

const WRONG_VERSION = 'LLV01';
const UNIQUE_VIOLATION = '23505';

type Row = { transaction_id: string; occurred_at: Date; global_positions: Array<number | string> };

/** The arguments of one append_session_events call, built before the connection is asked for. */
export type OneCallArguments = {
  streamIds: string[];
  expectedVersions: number[];
  nextVersions: number[];
  /** Version of each event, in order: one per event of the JSON array. */
  versions: number[];
  /** The JSON array of the events. */
  events: string;
};

/**
 * The call's arguments, or null when the requests are not one plain run the function can take alone (a
 * request that does not follow the one before it on its stream, or nothing to append). Pure CPU: a room
 * host builds them while its previous batch commits.
 */
export function oneCallArguments(requests: readonly OneCallRequest[]): OneCallArguments | null {
  const streams = new Map<string, { expected: number; next: number }>();
  const versions: number[] = [];
  const rows: string[] = [];
  for (const request of requests) {
    const stream = streams.get(request.streamId);
    if (stream && stream.next !== request.expectedVersion) return null;
    const entry = stream ?? { expected: request.expectedVersion, next: request.expectedVersion };
    const streamJson = JSON.stringify(request.streamId);
    for (const event of request.events) {
      entry.next++;
      versions.push(entry.next);
      // data and metadata are JSON texts already (prepareEvent): joined as they are.
      rows.push(
        `{"s":${streamJson},"v":${entry.next},"t":${JSON.stringify(event.type)},"sv":${event.schemaVersion},` +
          `"d":${event.data},"m":${event.metadata},"i":"${event.eventId}"}`,
      );
    }
    streams.set(request.streamId, entry);
  }
  if (rows.length === 0) return null;
  // Locked in JavaScript string order, the order lockStreams uses too, so appenders queue, never deadlock.
  const streamIds = [...streams.keys()].sort();
  return {
    streamIds,
    expectedVersions: streamIds.map((id) => streams.get(id)?.expected ?? 0),
    nextVersions: streamIds.map((id) => streams.get(id)?.next ?? 0),
    versions,
    events: `[${rows.join(',')}]`,
  };
}

/**
 * The arguments of several appends as those of one call (instanceCommits.ts), their events in the order
 * of `parts`. Each part must be one plain run alone and touch streams no other part touches, or the
 * versions would not chain: the caller keeps them apart.
 */
export function combineOneCalls(parts: readonly OneCallArguments[]): OneCallArguments {
  const streams = parts.flatMap((part) =>
    part.streamIds.map((streamId, index) => ({
      streamId,
      expected: part.expectedVersions[index] ?? 0,
      next: part.nextVersions[index] ?? 0,
    })),
  );
  // The same lock order as oneCallArguments: a combined call and a lone one queue, never deadlock.
  streams.sort((a, b) => (a.streamId < b.streamId ? -1 : a.streamId > b.streamId ? 1 : 0));
  return {
    streamIds: streams.map((stream) => stream.streamId),
    expectedVersions: streams.map((stream) => stream.expected),
    nextVersions: streams.map((stream) => stream.next),
    versions: parts.flatMap((part) => part.versions),
    // Each part's array is never empty (oneCallArguments): its inner text joins the others'.
    events: `[${parts.map((part) => part.events.slice(1, -1)).join(',')}]`,
  };
}

/** The results of the requests, or null when the transactional path must decide. */
export async function appendInOneCall(
  db: Db,
  requests: readonly OneCallRequest[],
  args: OneCallArguments,
): Promise<OneCallResult[] | null> {
  try {
    return await callAppendFunction(db, requests, args);
  } catch (error) {
    if (undecidedBy(error) !== null) return null;
    throw error;
  }
}

/**
 * What the function could not decide alone, as far as its error tells: the stream at another version,
 * or an event id already stored (a retry, or the same id sent twice); null for any other error.
 */
export function undecidedBy(error: unknown): { streamId: string | null; eventId: string | null } | null {
  const detail = error instanceof Error && 'detail' in error ? String(error.detail) : '';
  if (hasCode(error, WRONG_VERSION)) {
    try {
      const parsed: unknown = JSON.parse(detail);
      const streamId = parsed && typeof parsed === 'object' && 'streamId' in parsed ? parsed.streamId : null;
      return { streamId: typeof streamId === 'string' ? streamId : null, eventId: null };
    } catch {
      return { streamId: null, eventId: null };
    }
  }
  if (hasCode(error, UNIQUE_VIOLATION)) {
    // PostgreSQL's detail names the key: "Key (event_id)=(<uuid>) already exists."
    return { streamId: null, eventId: /^Key \(event_id\)=\(([0-9a-f-]+)\)/.exec(detail)?.[1] ?? null };
  }
  return null;
}

/** One append_session_events call; its errors thrown as PostgreSQL raised them. */
export async function callAppendFunction(
  db: Db,
  requests: readonly OneCallRequest[],
  args: OneCallArguments,
): Promise<OneCallResult[]> {
  const result = await sql<Row>`
    SELECT * FROM append_session_events(
      ${args.streamIds}::text[], ${args.expectedVersions}::bigint[], ${args.nextVersions}::bigint[],
      ${args.events}::jsonb)
  `.execute(db);
  const row = result.rows[0];
  if (!row || row.global_positions.length !== args.versions.length) {
    throw new Error(
      `append_session_events stored ${row?.global_positions.length ?? 0} of ${args.versions.length} events`,
    );
  }

  const { transaction_id: transactionId, occurred_at: occurredAt, global_positions: positions } = row;
  let index = 0;
  return requests.map((request) => {
    const events = request.events.map((event): StoredSessionEvent => {
      const at = index++;
      return {
        globalPosition: Number(positions[at]),
        transactionId,
        streamId: request.streamId,
        streamVersion: args.versions[at] ?? 0,
        type: event.type,
        schemaVersion: event.schemaVersion,
        data: event.given.data,
        metadata: event.given.metadata,
        eventId: event.eventId,
        occurredAt,
      };
    });
    const last = events.at(-1);
    return {
      streamId: request.streamId,
      nextExpectedVersion: last ? last.streamVersion : request.expectedVersion,
      events,
    };
  });
}

function hasCode(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}
