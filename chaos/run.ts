// Entry of `npm run chaos`: each fault scenario of issue 31 (scenarios.ts) against real processes on this
// machine, one after the other, each cleaned up whatever happens; every check printed as it is decided,
// then docs/reliability.md rewritten for the scenarios that ran. Exit code 1 when any check failed.
//   npm run chaos                          every scenario, writes docs/reliability.md
//   npm run chaos -- --only=postgres,mail  some scenarios (their sections replaced, the others kept)
//   npm run chaos -- --quick               short outages, to try the harness; writes nothing
// Options: --database=<admin url> (default postgres://postgres@127.0.0.1:5432/postgres)
//          --nats=<url> (default nats://127.0.0.1:4222)  --write  --no-write
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_ADMIN_URL, useAdminUrl } from '../bench/lib/benchDatabase.ts';
import { runCleanups, takeOverProcessExit } from '../bench/lib/cleanup.ts';
import { describeMachine } from '../bench/lib/machine.ts';
import { REPO_ROOT } from '../bench/lib/pinnedProcess.ts';
import { type ChaosRun, passed, reliabilityDoc, type ScenarioReport } from './lib/reliabilityDoc.ts';
import { check, type ScenarioContext, type ScenarioModule } from './lib/scenario.ts';
import { SCENARIOS } from './scenarios.ts';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);

const known = SCENARIOS.map((scenario) => scenario.id as string);
const asked = option('only')?.split(',') ?? known;
const unknown = asked.filter((id) => !known.includes(id));
if (unknown.length > 0) throw new Error(`--only: unknown ${unknown.join(', ')} (known: ${known.join(', ')})`);
const quick = flag('quick');
const write = flag('write') || (!quick && !flag('no-write'));
const adminUrl = option('database') ?? DEFAULT_ADMIN_URL;
const command = `npm run chaos${args.length > 0 ? ` -- ${args.join(' ')}` : ''}`;
const stamp = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

async function runScenario(
  entry: (typeof SCENARIOS)[number],
  context: ScenarioContext,
): Promise<ScenarioReport> {
  console.error(`\n▶ ${entry.title}`);
  const started = performance.now();
  try {
    const module = (await import(entry.module)) as ScenarioModule;
    takeOverProcessExit();
    const outcome = await module.run(context);
    return { id: entry.id, title: entry.title, durationMs: performance.now() - started, outcome };
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(`✗ ${entry.title}: ${message}`);
    const firstLine = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    return {
      id: entry.id,
      title: entry.title,
      durationMs: performance.now() - started,
      outcome: { setup: '', checks: [check('the scenario ran to its end', false, firstLine)], figures: [] },
    };
  } finally {
    await runCleanups();
  }
}

async function main(): Promise<number> {
  takeOverProcessExit();
  useAdminUrl(adminUrl);
  const machine = await describeMachine();
  const run: ChaosRun = { command, startedAt: stamp(), finishedAt: '', machine, scenarios: [] };
  const context: ScenarioContext = {
    quick,
    adminUrl,
    natsUrl: option('nats') ?? 'nats://127.0.0.1:4222',
    log: (line) => console.error(`  ${line}`),
  };
  for (const entry of SCENARIOS.filter((scenario) => asked.includes(scenario.id))) {
    const report = await runScenario(entry, context);
    run.scenarios.push(report);
    for (const result of report.outcome.checks)
      console.log(`  ${result.passed ? '✓' : '✗'} ${result.name}: ${result.detail}`);
    for (const shown of report.outcome.figures) console.log(`    ${shown.name}: ${shown.value}`);
    console.log(`${passed(report) ? 'PASS' : 'FAIL'} ${entry.title}`);
  }
  run.finishedAt = stamp();

  const failed = run.scenarios.filter((scenario) => !passed(scenario));
  console.log(`\n${run.scenarios.length - failed.length} of ${run.scenarios.length} scenarios passed.`);
  const docPath = path.join(REPO_ROOT, 'docs/reliability.md');
  if (write) {
    const existing = await readFile(docPath, 'utf8').catch(() => null);
    const titles = SCENARIOS.map((scenario) => scenario.title);
    await writeFile(docPath, reliabilityDoc(run, existing, titles));
    console.log(`Wrote ${path.relative(REPO_ROOT, docPath)} (sections of scenarios not run kept).`);
  }
  return failed.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    console.error(error);
    await runCleanups();
    process.exit(1);
  },
);
