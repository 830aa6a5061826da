// The append race: many appenders sending appends to a few shared streams through an instance's commits,
// each at the version it last saw, half of the refused ones sent again at the version now known, and
// every tenth round an acknowledged append sent again (a retry). At the end the stored events are
// compared with the acknowledged ones. It returns what it found rather than asserting, so the event
// store's integration test (instanceCommits.int.test.ts) and the fault scenario of `npm run chaos`
// (chaos/race/appendRace.ts) run the same race and judge the same findings.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { type AppendRequest, type AppendResult, prepareAppend } from '../append.ts';
import { WrongExpectedVersionError } from '../errors.ts';
import type { InstanceCommits } from '../instanceCommits.ts';
import { newEvents } from './fixtures.ts';

export type AppendRaceOptions = { appenders?: number; rounds?: number; streams?: number };

export type AppendRaceFindings = {
  streams: string[];
  /** Appends acknowledged (retries of an acknowledged append not counted again). */
  acknowledgedAppends: number;
  /** Events of the acknowledged appends. */
  acknowledgedEvents: number;
  /** Events found in session_events on the race's streams. */
  storedEvents: number;
  /** Acknowledged event ids not stored. */
  missing: string[];
  /** Event ids stored more than once, or acknowledged by two different appends. */
  duplicated: string[];
  /** Stored events whose stream, version or position differ from their acknowledgement, or unacknowledged. */
  misplaced: string[];
  /** Streams whose versions are not 1..n without a hole, or whose session_streams version is not n. */
  brokenStreams: string[];
  /** Retries of an acknowledged append answered with another result than the first. */
  retriesAnsweredDifferently: number;
  conflicts: number;
  retriesAnswered: number;
  /** Transactions holding events of several of the race's streams (the commits combined them). */
  combinedTransactions: number;
  durationMs: number;
};

type Acknowledged = { request: AppendRequest; result: AppendResult };
type Placement = { streamId: string; version: number; position: number };

export async function runAppendRace(
  db: Db,
  commits: InstanceCommits,
  options: AppendRaceOptions = {},
): Promise<AppendRaceFindings> {
  const { appenders = 20, rounds = 1000, streams: streamCount = 16 } = options;
  const prefix = `race-${randomBytes(4).toString('hex')}`;
  const streams = Array.from({ length: streamCount }, (_, index) => `${prefix}-${index}`);
  const known = new Map(streams.map((stream) => [stream, 0]));
  /** Every acknowledged append, by the first event's id: retries must answer it again, identically. */
  const acknowledged = new Map<string, Acknowledged>();
  const ackedIds = new Map<string, Placement>();
  const duplicated = new Set<string>();
  let conflicts = 0;
  let retriesAnswered = 0;
  let retriesAnsweredDifferently = 0;

  const acknowledge = (request: AppendRequest, result: AppendResult) => {
    const firstId = request.events[0]?.eventId ?? '';
    const earlier = acknowledged.get(firstId);
    if (earlier) {
      retriesAnswered++;
      if (JSON.stringify(result) !== JSON.stringify(earlier.result)) retriesAnsweredDifferently++;
      return;
    }
    acknowledged.set(firstId, { request, result });
    for (const event of result.events) {
      if (ackedIds.has(event.eventId)) duplicated.add(event.eventId);
      ackedIds.set(event.eventId, {
        streamId: event.streamId,
        version: event.streamVersion,
        position: event.globalPosition,
      });
    }
    known.set(request.streamId, Math.max(known.get(request.streamId) ?? 0, result.nextExpectedVersion));
  };

  const appender = async (seed: number) => {
    let retryAfterConflict: AppendRequest | null = null;
    for (let round = 0; round < rounds; round++) {
      const streamId = streams[(seed * 7 + round * 3) % streams.length] ?? '';
      const earlier = [...acknowledged.values()];
      const resend = round % 10 === 9 && earlier.length > 0 ? earlier[(seed + round) % earlier.length] : null;
      const request: AppendRequest = resend?.request ??
        retryAfterConflict ?? {
          streamId,
          expectedVersion: known.get(streamId) ?? 0,
          events: newEvents(1 + ((seed + round) % 3)),
        };
      if (retryAfterConflict === request) retryAfterConflict = null;
      try {
        const [result] = await commits.append(prepareAppend([request]));
        if (!result) throw new Error('an append acknowledged without a result');
        acknowledge(request, result);
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        conflicts++;
        known.set(error.streamId, Math.max(known.get(error.streamId) ?? 0, error.actualVersion));
        // Half of the refused appends are sent again, same ids, at the version now known.
        if (round % 2 === 0 && !resend) {
          retryAfterConflict = { ...request, expectedVersion: known.get(request.streamId) ?? 0 };
        }
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: appenders }, (_, seed) => appender(seed)));
  const durationMs = performance.now() - started;

  const stored = await storedOf(db, streams, ackedIds, duplicated);
  return {
    streams,
    acknowledgedAppends: acknowledged.size,
    acknowledgedEvents: ackedIds.size,
    storedEvents: stored.count,
    missing: [...ackedIds.keys()].filter((eventId) => !stored.ids.has(eventId)),
    duplicated: [...duplicated],
    misplaced: stored.misplaced,
    brokenStreams: await brokenStreams(db, streams),
    retriesAnsweredDifferently,
    conflicts,
    retriesAnswered,
    combinedTransactions: await combinedTransactions(db, streams),
    durationMs,
  };
}

/** The stored events of the race's streams compared with their acknowledgements. */
async function storedOf(
  db: Db,
  streams: string[],
  ackedIds: Map<string, Placement>,
  duplicated: Set<string>,
): Promise<{ count: number; ids: Set<string>; misplaced: string[] }> {
  const rows = await db
    .selectFrom('session_events')
    .select(['event_id', 'stream_id', 'stream_version', 'global_position'])
    .where('stream_id', 'in', streams)
    .execute();
  const ids = new Set<string>();
  const misplaced: string[] = [];
  for (const row of rows) {
    if (ids.has(row.event_id)) duplicated.add(row.event_id);
    ids.add(row.event_id);
    const acked = ackedIds.get(row.event_id);
    const where = { streamId: row.stream_id, version: row.stream_version, position: row.global_position };
    if (JSON.stringify(acked) !== JSON.stringify(where)) misplaced.push(row.event_id);
  }
  return { count: rows.length, ids, misplaced };
}

async function brokenStreams(db: Db, streams: string[]): Promise<string[]> {
  const { rows } = await sql<{ stream_id: string }>`
    SELECT e.stream_id FROM session_events e
      LEFT JOIN session_streams s ON s.stream_id = e.stream_id
     WHERE e.stream_id = ANY(${streams})
     GROUP BY e.stream_id, s.version
    HAVING min(e.stream_version) <> 1 OR max(e.stream_version) <> count(*)
        OR count(DISTINCT e.stream_version) <> count(*) OR s.version IS DISTINCT FROM count(*)
  `.execute(db);
  return rows.map((row) => row.stream_id);
}

async function combinedTransactions(db: Db, streams: string[]): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM (
      SELECT transaction_id FROM session_events WHERE stream_id = ANY(${streams})
       GROUP BY transaction_id HAVING count(DISTINCT stream_id) > 1) AS together
  `.execute(db);
  return rows[0]?.n ?? 0;
}
