// Runs one durable-append workload: a fresh database with its rooms and participants, the runner pinned
// to one core, the database dropped afterwards.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createBenchDatabase } from '../lib/benchDatabase.ts';
import { onCleanup } from '../lib/cleanup.ts';
import { SERVER_NODE_FLAGS, startPinned } from '../lib/pinnedProcess.ts';
import { addParticipants, createBenchEvent } from '../lib/roomFixtures.ts';
import {
  type AppendKind,
  type AppendPlan,
  type AppendResult,
  inFlight,
  type RunnerConfig,
  runnerParticipants,
} from './appendPlan.ts';

export type AppendOptions = { core: number; cpuProfileDir?: string };

export async function runAppend(
  kind: AppendKind,
  plan: AppendPlan,
  options: AppendOptions,
): Promise<AppendResult> {
  const database = await createBenchDatabase(kind.toLowerCase());
  const configDir = await mkdtemp(path.join(tmpdir(), 'lablive-bench-append-'));
  const removeConfig = onCleanup(`remove ${configDir}`, () =>
    rm(configDir, { recursive: true, force: true }),
  );
  try {
    const rooms = kind === 'manyRooms' ? plan.rooms : 1;
    const event = await createBenchEvent(database.db, `append-${kind}-${Date.now()}`, rooms);
    // One sender per command in flight (many rooms: one per room); the raw baselines write as one.
    const senders = kind === 'rawSql' || kind === 'rawSqlConcurrent' ? 1 : inFlight(kind, plan);
    const people = await addParticipants(
      database.db,
      event,
      senders,
      (index) => event.roomIds[index % event.roomIds.length] ?? 0,
    );
    const config: RunnerConfig = {
      kind,
      databaseUrl: database.url,
      labId: event.labId,
      plan,
      participants: runnerParticipants(people),
    };
    await database.db.destroy();
    const configPath = path.join(configDir, 'runner.json');
    await writeFile(configPath, JSON.stringify(config));
    const runner = startPinned({
      name: `append-${kind}`,
      core: options.core,
      args: ['bench/append/appendRunner.ts', configPath],
      env: {},
      nodeFlags: [
        ...SERVER_NODE_FLAGS,
        ...(options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : []),
      ],
      echo: 'stderr',
    });
    try {
      return JSON.parse(await runner.line('RESULT ', 15 * 60_000)) as AppendResult;
    } finally {
      await runner.stop(5000);
    }
  } finally {
    await removeConfig();
    await database.drop();
  }
}
