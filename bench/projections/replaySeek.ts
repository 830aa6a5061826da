// The replay's seek: a fresh database with one session of 100,000 events (generateLog.ts: one room,
// 50 people), the replay projection rebuilt, then the real server signed in as the lab's admin asked
// `GET /api/rooms/:id/replay/state?at=<instant>` at random instants of the session, one at a time, each
// timed to the end of the body. Baseline in the same run: GET /api/me over the same HTTP path (signed
// in, one row read), taken in turn with the seeks.

import { PROJECTIONS, rebuildProjection } from '@lablive/server/tooling';
import { sql } from 'kysely';
import { createBenchDatabase } from '../lib/benchDatabase.ts';
import { createLatencyHistogram } from '../lib/latencyHistogram.ts';
import { generateLog, type LogPlan } from './generateLog.ts';
import { latencyOf } from './liveLag.ts';
import type { ProjectionsBenchResult, ProjectionsPlan } from './projectionsPlan.ts';
import { seededRandom } from './sessionScript.ts';
import { startSignedInServer } from './signedInServer.ts';

type ReplayOutcome = Exclude<NonNullable<ProjectionsBenchResult['replay']>, { error: string }>;

const REPLAY_PROJECTION = 'replay';

export function replayLog(events: number): LogPlan {
  return {
    sessions: 1,
    eventsPerSession: events,
    peoplePerSession: 50,
    roomsPerEvent: 1,
    concurrentSessions: 1,
    sessionMinutes: 240,
    days: 2,
  };
}

export async function runReplaySeek(
  plan: ProjectionsPlan,
  log: (line: string) => void,
): Promise<ReplayOutcome> {
  const replay = PROJECTIONS.find((projection) => projection.name === REPLAY_PROJECTION);
  if (replay === undefined) {
    throw new Error('not measured: there is no replay projection in apps/server/src/projections yet');
  }
  const database = await createBenchDatabase('projreplay');
  try {
    const generated = await generateLog(database.db, replayLog(plan.replayEvents), {
      log,
      name: 'Bench Replay Lab',
    });
    const roomId = generated.roomIds[0] ?? 0;
    const rebuildStarted = performance.now();
    await rebuildProjection(database.db, replay, { pageSize: plan.pageSize });
    const rebuildSeconds = (performance.now() - rebuildStarted) / 1000;
    log(`replay projection of ${generated.events} events rebuilt in ${rebuildSeconds.toFixed(1)} s`);
    const span = await sql<{ first: Date; last: Date }>`
      SELECT min(occurred_at) AS first, max(occurred_at) AS last FROM session_events
      WHERE stream_id = ${`room-${roomId}`}`.execute(database.db);
    const first = span.rows[0]?.first.getTime() ?? 0;
    const last = span.rows[0]?.last.getTime() ?? 0;

    const server = await startSignedInServer(database.url, generated, 'replay');
    const { token } = server;
    try {
      const get = async (path: string) => {
        const response = await fetch(`${server.url}${path}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const body = await response.text();
        if (response.status !== 200)
          throw new Error(`GET ${path} answered ${response.status}: ${body.slice(0, 200)}`);
        return body;
      };
      const random = seededRandom(18);
      const instant = () => new Date(first + Math.floor(random() * (last - first))).toISOString();
      const seekPath = (at: string) => `/api/rooms/${roomId}/replay/state?at=${encodeURIComponent(at)}`;
      for (let round = 0; round < plan.warmupRequests; round++) {
        await get(seekPath(instant()));
        await get('/api/me');
      }
      const seek = createLatencyHistogram();
      const me = createLatencyHistogram();
      for (let round = 0; round < plan.seeks; round++) {
        let sent = performance.now();
        await get(seekPath(instant()));
        seek.record(performance.now() - sent);
        sent = performance.now();
        await get('/api/me');
        me.record(performance.now() - sent);
      }
      return {
        events: generated.events,
        rebuildSeconds,
        seek: latencyOf(seek),
        baseline: { ...latencyOf(me), label: 'GET /api/me (baseline: signed in, the user read)' },
      };
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}
