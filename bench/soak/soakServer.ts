// The LabLive side of the soak: a fresh database with the rooms, their people (the first of each room an
// animator) and the polls module, the real server (apps/server/src/main.ts) as its own process pinned to
// a core with its inspector open on loopback (heapProbe.ts), and one access token per person through the
// real sign-in call.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@lablive/server/testing';
import { createBenchDatabase } from '../lib/benchDatabase.ts';
import { onCleanup } from '../lib/cleanup.ts';
import { SERVER_NODE_FLAGS, startPinned } from '../lib/pinnedProcess.ts';
import { addParticipants, createBenchEvent, signInAll } from '../lib/roomFixtures.ts';
import type { SoakPlan } from './soakPlan.ts';

export type SoakServer = {
  wsUrl: string;
  pid: number;
  inspectPort: number;
  /** The server's Prometheus metrics (its event-loop lag). */
  metricsUrl: string;
  /** Per room, its people's access tokens, the animator first. */
  rooms: Array<{ roomId: number; tokens: string[] }>;
  /** Resident memory of the server process (bytes). */
  rss(): Promise<number>;
  stop(): Promise<void>;
};

export async function startSoakServer(
  plan: SoakPlan,
  core: number,
  log: (line: string) => void,
): Promise<SoakServer> {
  const database = await createBenchDatabase('soak');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lablive-bench-'));
  const removeDataDir = onCleanup(`remove ${dataDir}`, () => rm(dataDir, { recursive: true, force: true }));
  const event = await createBenchEvent(database.db, `soak-${randomBytes(3).toString('hex')}`, plan.rooms);
  const people = await addParticipants(
    database.db,
    event,
    plan.rooms * plan.perRoom,
    (index) => event.roomIds[Math.floor(index / plan.perRoom)] ?? 0,
  );
  // The first of each room runs its polls: an animator, in a lab that has the polls module.
  const animators = people.filter((_, index) => index % plan.perRoom === 0).map((p) => p.actor.participantId);
  await database.db.insertInto('lab_modules').values({ lab_id: event.labId, module: 'polls' }).execute();
  await database.db
    .updateTable('participants')
    .set({ role: 'animator' })
    .where('id', 'in', animators)
    .execute();
  await database.db
    .updateTable('event_invitations')
    .set({ role: 'animator' })
    .where('participant_id', 'in', animators)
    .execute();
  await database.db.destroy();

  const port = await freePort();
  const inspectPort = await freePort();
  const metricsPort = await freePort();
  const httpUrl = `http://127.0.0.1:${port}`;
  const server = startPinned({
    name: 'lablive-server',
    core,
    args: ['apps/server/src/main.ts'],
    echo: 'all',
    nodeFlags: [...SERVER_NODE_FLAGS, `--inspect=127.0.0.1:${inspectPort}`],
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: httpUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      SEED_DEMO_DATA: 'false',
      ACCESS_TOKEN_SECRET: randomBytes(32).toString('hex'),
      ACCESS_TOKEN_TTL_SECONDS: String(4 * 3600),
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
      LOG_LEVEL: 'warn',
      // Its own port: the default one may be taken by another server on this machine.
      METRICS_PORT: String(metricsPort),
    },
  });
  const stop = async () => {
    await server.stop();
    await removeDataDir();
    await database.drop();
  };
  try {
    await server.line('  LabLive is running', 90_000);
    const started = performance.now();
    const tokens = await signInAll(
      httpUrl,
      people.map((person) => person.invitation),
    );
    log(`${tokens.length} people signed in in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const rooms = event.roomIds.map((roomId, room) => ({
      roomId,
      tokens: tokens.slice(room * plan.perRoom, (room + 1) * plan.perRoom),
    }));
    return {
      wsUrl: `ws://127.0.0.1:${port}/ws`,
      pid: server.pid,
      inspectPort,
      metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
      rooms,
      async rss() {
        const status = await readFile(`/proc/${server.pid}/status`, 'utf8');
        return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) * 1024;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
