// docs/reliability.md from a chaos run: the command, the machine, a summary line per scenario, then a
// section per scenario (its set-up, every check with what it saw, its figures, its notes). A run of some
// scenarios (--only) replaces their rows and sections and keeps the others' as the earlier run wrote
// them, in the scenarios' order, each row saying when its scenario last ran.
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
/** "2026-11-28 19:30" from the run's stamp ("2026-11-28 19:30:57"). */
const runDate = (stamp: string) => stamp.slice(0, 16);
const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function scenarioSection(scenario: ScenarioReport, ranAt: string): string {
  const { outcome } = scenario;
  const lines = [
    `## ${scenario.title}`,
    '',
    `**${passed(scenario) ? 'Passed' : 'Failed'}** on ${runDate(ranAt)} UTC in ${minutes(scenario.durationMs)} ` +
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

/** The `## ` sections of the existing document, by heading (the title part before them left out). */
function existingSections(markdown: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of markdown.split(/\n(?=## )/).slice(1)) {
    const heading = part.split('\n', 1)[0] ?? '';
    found.set(heading.slice(3).trim(), part.trimEnd());
  }
  return found;
}

/** The existing summary rows by scenario title, with the date of their run (older rows had none). */
function existingRows(markdown: string): Map<string, string> {
  const lastRun = /^Last run: .*?, (\d{4}-\d\d-\d\d \d\d:\d\d)/m.exec(markdown)?.[1] ?? 'earlier';
  const rows = new Map<string, string>();
  for (const line of markdown.split('\n')) {
    const cells = /^\| (.+?) \| (pass|\*\*FAIL\*\*) \| ([\d.]+ min) \|(?: (.+?) \|)?$/.exec(line);
    if (cells)
      rows.set(cells[1] ?? '', `| ${cells[1]} | ${cells[2]} | ${cells[3]} | ${cells[4] ?? lastRun} |`);
  }
  return rows;
}

/**
 * The whole document: this run's scenarios, and the others' rows and sections from `existing`, in the
 * order of `titles` (the scenarios' order).
 */
export function reliabilityDoc(run: ChaosRun, existing: string | null, titles: readonly string[]): string {
  const { machine } = run;
  const ran = new Map(run.scenarios.map((scenario) => [scenario.title, scenario]));
  const rows = existingRows(existing ?? '');
  const sections = existingSections(existing ?? '');
  const row = (title: string) => {
    const scenario = ran.get(title);
    if (!scenario) return rows.get(title);
    const result = passed(scenario) ? 'pass' : '**FAIL**';
    return `| ${cell(title)} | ${result} | ${minutes(scenario.durationMs)} | ${runDate(run.startedAt)} |`;
  };
  const section = (title: string) => {
    const scenario = ran.get(title);
    return scenario ? scenarioSection(scenario, run.startedAt) : sections.get(title);
  };
  const present = (text: string | undefined): text is string => text !== undefined;
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
      `load average at the start ${machine.loadAverage.map((value) => value.toFixed(2)).join(' ')}. ` +
      'Scenarios it did not run keep the row and section of their own last run (its date in the row).',
    '',
    '| Scenario | Result | Time | Run (UTC) |',
    '| --- | --- | --- | --- |',
    ...titles.map(row).filter(present),
    '',
    ...titles
      .map(section)
      .filter(present)
      .map((text) => `${text}\n`),
  ].join('\n');
}
