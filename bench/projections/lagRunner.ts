// The live-lag workload, in a child process pinned to one core as a server instance would run: the hot
// room of the append benchmark (chat commands through the real room service, each sender with one
// command in flight) and the projection runner following the log live in the same process, woken by the
// room hosts' appends as in the server (server.ts). Prints `READY` once the runner has caught up, then
// `RESULT {json}` once the load is over and the runner has caught up again. The parent samples the lag.
// Usage: lagRunner.ts <config.json>
import { randomUUID } from 'node:crypto';
import {
  createDb,
  createEventStore,
  createInProcessBus,
  createProjectionLeases,
  createProjectionRunner,
  createRoomService,
  createWakeUp,
  PROJECTIONS,
} from '@lablive/server/tooling';
import type { RunnerConfig } from '../append/appendPlan.ts';
import { chatCommand, sendAs } from '../append/benchCommands.ts';
import { closedLoop } from '../append/closedLoop.ts';
import { answerWith, exitWithParent, workerConfig, workerLog } from '../lib/resultWorker.ts';

export type LagRunnerResult = { commands: number; seconds: number; appendP99Ms: number; refused: number };

const config = workerConfig<RunnerConfig>();
const { plan, participants } = config;
const log = workerLog;
exitWithParent();

async function main(): Promise<LagRunnerResult> {
  const db = createDb(config.databaseUrl, { max: plan.poolSize });
  const bus = createInProcessBus();
  const wakeUp = createWakeUp();
  const rooms = await createRoomService({
    db,
    databaseUrl: config.databaseUrl,
    bus,
    wakeUp,
    participantLimit: null,
    log: (level, message, details) => {
      if (level !== 'info') log(`[rooms] ${level} ${message} ${JSON.stringify(details ?? {})}`);
    },
  });
  const leases = createProjectionLeases(config.databaseUrl, (message, details) =>
    log(`[projections] ${message} ${JSON.stringify(details ?? {})}`),
  );
  // As the server wires it: the room hosts' appends wake the subscriptions, a poll covers the rest.
  const runner = createProjectionRunner({
    db,
    eventStore: createEventStore(db, { wakeUp }),
    projections: PROJECTIONS,
    leases,
    log: (message, details) => log(`[projections] ${message} ${JSON.stringify(details ?? {})}`),
    pollIntervalMs: 250,
  });
  runner.start();
  try {
    await runner.caughtUp(10 * 60_000);
    const sender = (index: number) => participants[index % participants.length] ?? participants[0];
    const send = async (index: number, command = chatCommand(index)) => {
      const who = sender(index);
      if (!who) throw new Error('no participants');
      return sendAs(rooms, log, who, command);
    };
    await closedLoop(plan.hotRoomSenders, participants.length, (index) =>
      send(index, { type: 'JoinRoom', data: { connectionId: randomUUID() } }),
    );
    await closedLoop(plan.hotRoomSenders, plan.warmup, (index) => send(plan.commands + index));
    await runner.caughtUp(10 * 60_000);
    process.stdout.write('READY\n');
    const loop = await closedLoop(plan.hotRoomSenders, plan.commands, (index) => send(index));
    await runner.caughtUp(10 * 60_000);
    const states = runner.states();
    for (const state of states) if (state.failed) log(`projection ${state.name} failed: ${state.lastError}`);
    return {
      commands: plan.commands,
      seconds: loop.seconds,
      appendP99Ms: loop.latency.percentile(99),
      refused: loop.failures,
    };
  } finally {
    await runner.stop();
    await leases.close();
    await rooms.close();
    await bus.close();
    await db.destroy();
  }
}

answerWith('lag runner', main);
