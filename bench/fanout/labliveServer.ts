// The LabLive side of the fan-out: a fresh database with one room and its subscribers' invitations, the
// real server (apps/server/src/main.ts) started as its own process pinned to a core, and one access
// token per subscriber obtained through the real sign-in call (POST /api/login with the invitation).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@lablive/server/testing';
import { createBenchDatabase } from '../lib/benchDatabase.ts';
import { onCleanup } from '../lib/cleanup.ts';
import { SERVER_NODE_FLAGS, startPinned } from '../lib/pinnedProcess.ts';
import { addParticipants, createBenchEvent, signInAll } from '../lib/roomFixtures.ts';

export type LabLiveUnderTest = {
  wsUrl: string;
  pid: number;
  roomId: number;
  tokens: string[];
  stop(): Promise<void>;
};

export type LabLiveOptions = {
  subscribers: number;
  core: number;
  natsUrl?: string;
  /** A folder for `node --cpu-prof` of the server, or none. */
  cpuProfileDir?: string;
};

export async function startLabLive(options: LabLiveOptions): Promise<LabLiveUnderTest> {
  const database = await createBenchDatabase('fanout');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lablive-bench-'));
  const removeDataDir = onCleanup(`remove ${dataDir}`, () => rm(dataDir, { recursive: true, force: true }));
  const event = await createBenchEvent(database.db, `fanout-${randomBytes(3).toString('hex')}`, 1);
  const roomId = event.roomIds[0] ?? 0;
  const people = await addParticipants(database.db, event, options.subscribers, () => roomId);
  await database.db.destroy();

  const port = await freePort();
  const httpUrl = `http://127.0.0.1:${port}`;
  const server = startPinned({
    name: 'lablive-server',
    core: options.core,
    args: ['apps/server/src/main.ts'],
    // LOG_LEVEL=warn: what it says during a run is worth seeing (a shutdown, a refused command).
    echo: 'all',
    nodeFlags: [
      ...SERVER_NODE_FLAGS,
      ...(options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : []),
    ],
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: httpUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      ...(options.natsUrl ? { NATS_URL: options.natsUrl } : {}),
      SEED_DEMO_DATA: 'false',
      ACCESS_TOKEN_SECRET: randomBytes(32).toString('hex'),
      ACCESS_TOKEN_TTL_SECONDS: String(4 * 3600),
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
      LOG_LEVEL: 'warn',
    },
  });
  const stop = async () => {
    await server.stop();
    await removeDataDir();
    await database.drop();
  };
  try {
    await server.line('  LabLive is running', 90_000);
    const tokens = await signInAll(
      httpUrl,
      people.map((person) => person.invitation),
    );
    return { wsUrl: `ws://127.0.0.1:${port}/ws`, pid: server.pid, roomId, tokens, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
