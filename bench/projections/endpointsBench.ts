// The statistics calls over HTTP with many closed sessions in the lab: a fresh database with 10,000
// small closed sessions (generateLog.ts, one room per event), every projection rebuilt, then the real
// server (its own process, as `npm start` runs it) signed in as the lab's admin. Each call is timed from
// the request to the end of the answer's body, one request at a time, the calls taken in turn so they
// share the machine's noise. Baselines in the same run: GET /api/health (no sign-in, no query) and
// GET /api/me (the signed-in path: token check and the user's row).
import { PROJECTIONS, rebuildProjection } from '@lablive/server/tooling';
import { createBenchDatabase } from '../lib/benchDatabase.ts';
import { createLatencyHistogram } from '../lib/latencyHistogram.ts';
import { generateLog } from './generateLog.ts';
import { latencyOf } from './liveLag.ts';
import type { ProjectionsBenchResult, ProjectionsPlan } from './projectionsPlan.ts';
import { startSignedInServer } from './signedInServer.ts';

type EndpointsOutcome = Exclude<ProjectionsBenchResult['endpoints'], { error: string }>;

type Call = { label: string; path: string; baseline: boolean; signedIn: boolean };

export async function runEndpoints(
  plan: ProjectionsPlan,
  log: (line: string) => void,
): Promise<EndpointsOutcome> {
  const database = await createBenchDatabase('projstats');
  try {
    const generated = await generateLog(database.db, plan.closedLog, {
      log,
      name: 'Bench Closed Sessions Lab',
    });
    const rebuildStarted = performance.now();
    for (const projection of PROJECTIONS)
      await rebuildProjection(database.db, projection, { pageSize: plan.pageSize });
    const rebuildSeconds = (performance.now() - rebuildStarted) / 1000;
    log(
      `${generated.events} events of ${plan.closedLog.sessions} closed sessions rebuilt in ${rebuildSeconds.toFixed(1)} s`,
    );

    const server = await startSignedInServer(database.url, generated, 'projections');
    const { token } = server;
    try {
      const closed = plan.closedLog.sessions;
      const calls: Call[] = [
        {
          label: 'GET /api/health (baseline: no sign-in, no query)',
          path: '/api/health',
          baseline: true,
          signedIn: false,
        },
        {
          label: 'GET /api/me (baseline: signed in, the user read)',
          path: '/api/me',
          baseline: true,
          signedIn: true,
        },
        {
          label: 'GET /api/stats/month (12 months of sessions)',
          path: '/api/stats/month',
          baseline: false,
          signedIn: true,
        },
        {
          label: 'GET /api/events/find/closed (first page of 15)',
          path: '/api/events/find/closed',
          baseline: false,
          signedIn: true,
        },
        {
          label: `GET /api/events/find/closed?start=${closed - 15} (last page)`,
          path: `/api/events/find/closed?start=${closed - 15}`,
          baseline: false,
          signedIn: true,
        },
      ];
      const call = async ({ path, signedIn }: Call) => {
        const response = await fetch(`${server.url}${path}`, {
          headers: signedIn ? { authorization: `Bearer ${token}` } : {},
        });
        const body = await response.text();
        if (response.status !== 200)
          throw new Error(`GET ${path} answered ${response.status}: ${body.slice(0, 200)}`);
        return body;
      };
      // What the lab's list says: every closed session is there.
      const first = JSON.parse(await call(calls[3] as Call)) as { total: number; items: unknown[] };
      if (first.total !== closed) throw new Error(`the closed list counts ${first.total}, not ${closed}`);
      const months = JSON.parse(await call(calls[2] as Call)) as { values: number[] };
      const counted = months.values.reduce((sum, value) => sum + value, 0);
      log(`closed list total ${first.total}; sessions in the month chart ${counted}`);
      for (let round = 0; round < plan.warmupRequests; round++) for (const each of calls) await call(each);
      const histograms = calls.map(() => createLatencyHistogram());
      for (let round = 0; round < plan.requests; round++) {
        for (const [index, each] of calls.entries()) {
          const sent = performance.now();
          await call(each);
          histograms[index]?.record(performance.now() - sent);
        }
      }
      return {
        closedSessions: closed,
        generationSeconds: generated.seconds,
        rebuildSeconds,
        figures: calls.map((each, index) => ({
          label: each.label,
          path: each.path,
          baseline: each.baseline,
          latency: latencyOf(histograms[index] ?? createLatencyHistogram()),
        })),
      };
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}
