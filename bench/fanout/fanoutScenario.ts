// Runs the fan-out ramp against one target: its server pinned to the server core, the load generator
// pinned to the other, the same plan for every target; everything is stopped before it returns.
import { startPinned } from '../lib/pinnedProcess.ts';
import { runResultChild } from '../lib/resultChild.ts';
import {
  type FanoutPlan,
  type FanoutResult,
  type FanoutTarget,
  type GeneratorConfig,
  runsPerRate,
} from './fanoutPlan.ts';
import { startLabLive } from './labliveServer.ts';

export type FanoutOptions = {
  serverCore: number;
  generatorCore: number;
  natsUrl?: string;
  cpuProfileDir?: string;
};

type UnderTest = { url: string; pid: number; roomId?: number; tokens?: string[]; stop(): Promise<void> };

const BASELINE_SCRIPTS: Record<Exclude<FanoutTarget, 'lablive'>, string> = {
  socketio: 'bench/fanout/socketioServer.ts',
  ws: 'bench/fanout/wsServer.ts',
};

async function startTarget(
  target: FanoutTarget,
  plan: FanoutPlan,
  options: FanoutOptions,
): Promise<UnderTest> {
  if (target === 'lablive') {
    const lablive = await startLabLive({
      subscribers: plan.subscribers,
      core: options.serverCore,
      ...(options.natsUrl ? { natsUrl: options.natsUrl } : {}),
      ...(options.cpuProfileDir ? { cpuProfileDir: options.cpuProfileDir } : {}),
    });
    return { ...lablive, url: lablive.wsUrl };
  }
  const server = startPinned({
    name: `${target}-server`,
    core: options.serverCore,
    args: [BASELINE_SCRIPTS[target]],
    nodeFlags: options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [],
    env: { NODE_ENV: 'production' },
  });
  try {
    const port = Number(await server.line('listening ', 30_000));
    return { url: `ws://127.0.0.1:${port}`, pid: server.pid, stop: () => server.stop() };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** Upper bound of a generator run: setup, the quiet waits, every run of every rate with its drain. */
function generatorTimeoutMs(plan: FanoutPlan): number {
  const perStep = plan.stepSeconds + plan.drainSeconds + 22;
  return (
    (300 +
      plan.warmupSeconds +
      20 +
      plan.quietBudgetSeconds +
      plan.rates.length * perStep * runsPerRate(plan)) *
    1000
  );
}

/** The load generator pinned to its core, running `config`'s ramp. */
export async function runLoadGenerator(
  config: GeneratorConfig,
  options: { generatorCore: number; cpuProfileDir?: string },
): Promise<FanoutResult> {
  return (await runResultChild({
    name: `generator→${config.target}`,
    script: 'bench/fanout/loadGenerator.ts',
    core: options.generatorCore,
    config,
    timeoutMs: generatorTimeoutMs(config.plan),
    nodeFlags: [
      '--max-old-space-size=4096',
      ...(options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : []),
    ],
  })) as FanoutResult;
}

export async function runFanout(
  target: FanoutTarget,
  plan: FanoutPlan,
  options: FanoutOptions,
): Promise<FanoutResult> {
  const underTest = await startTarget(target, plan, options);
  try {
    return await runLoadGenerator(
      {
        target,
        url: underTest.url,
        plan,
        serverPids: [underTest.pid],
        ...(underTest.roomId !== undefined ? { roomId: underTest.roomId } : {}),
        ...(underTest.tokens ? { tokens: underTest.tokens } : {}),
      },
      options,
    );
  } finally {
    await underTest.stop();
  }
}
