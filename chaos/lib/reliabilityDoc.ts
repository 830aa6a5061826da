// docs/reliability.md from a chaos run: the command, the machine, a summary line per scenario, then a
// section per scenario (its set-up, every check with what it saw, its figures, its notes). A run of some
// scenarios (--only) replaces their sections and keeps the others (bench/report/docSections.ts).
import type { MachineInfo } from '../../bench/lib/machine.ts';
import type { ScenarioOutcome } from './scenario.ts';

export type ScenarioReport = { id: string; title: string; durationMs: number; outcome: ScenarioOutcome };

export type ChaosRun = {
  command: string;
  startedAt: string;
  finishedAt: string;
  machine: MachineInfo;
  scenarios: ScenarioReport[];
};

export const passed = (scenario: ScenarioReport) =>
  scenario.outcome.checks.length > 0 && scenario.outcome.checks.every((check) => check.passed);

const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;
const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function scenarioSection(scenario: ScenarioReport): string {
  const { outcome } = scenario;
  const lines = [
    `## ${scenario.title}`,
    '',
    `**${passed(scenario) ? 'Passed' : 'Failed'}** in ${minutes(scenario.durationMs)} ` +
      `(\`npm run chaos -- --only=${scenario.id}\`). ${outcome.setup}`,
    '',
    '| Check | Result | What was seen |',
    '| --- | --- | --- |',
    ...outcome.checks.map(
      (check) => `| ${cell(check.name)} | ${check.passed ? 'pass' : '**FAIL**'} | ${cell(check.detail)} |`,
    ),
  ];
  if (outcome.figures.length > 0) {
    lines.push('', '| Figure | Value |', '| --- | --- |');
    lines.push(...outcome.figures.map((figure) => `| ${cell(figure.name)} | ${cell(figure.value)} |`));
  }
  if (outcome.notes && outcome.notes.length > 0) lines.push('', ...outcome.notes.map((note) => `- ${note}`));
  return lines.join('\n');
}

export function reliabilityDoc(run: ChaosRun): string {
  const { machine } = run;
  return [
    '# Reliability under fault',
    '',
    'What LabLive does when the parts around it fail: each scenario below injects one fault into real',
    'processes on one machine (LabLive instances, PostgreSQL, NATS, HAProxy, Chromium, an SMTP server) and',
    'checks what a user or an operator would check. Written by `npm run chaos` (not part of the test suite;',
    '`--only=<ids>` runs some, `--quick` tries the harness without writing here). What an operator sees and',
    'does for each fault: docs/operations.md, "Faults".',
    '',
    `Last run: \`${run.command}\`, ${run.startedAt} to ${run.finishedAt} UTC, on ${machine.nproc} cores ` +
      `(${machine.cpuModel}), ${machine.memoryGiB} GiB, Node ${machine.node}, PostgreSQL ${machine.postgres}, ` +
      `load average at the start ${machine.loadAverage.map((value) => value.toFixed(2)).join(' ')}.`,
    '',
    '| Scenario | Result | Time |',
    '| --- | --- | --- |',
    ...run.scenarios.map(
      (scenario) =>
        `| ${cell(scenario.title)} | ${passed(scenario) ? 'pass' : '**FAIL**'} | ${minutes(scenario.durationMs)} |`,
    ),
    '',
    ...run.scenarios.map((scenario) => `${scenarioSection(scenario)}\n`),
  ].join('\n');
}
