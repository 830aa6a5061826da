// The reminders benchmark's section of docs/performance.md (issue 16): how late 100,000 reminders due
// within one minute are sent, against the target and beside pg-boss alone doing nothing.
import { REMINDERS_TARGET_P99_MS, type RemindersBenchResult } from './remindersBench.ts';

export const REMINDERS_SECTION_HEADING = '## Reminders at scale (issue 16)';

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const load = (values: readonly number[]) => values.map((value) => value.toFixed(2)).join(' / ');

export function remindersSection(result: RemindersBenchResult | { error: string } | null): string[] {
  if (result === null) return [REMINDERS_SECTION_HEADING, '', 'Not measured in this run.', ''];
  if ('error' in result)
    return [REMINDERS_SECTION_HEADING, '', `The reminders benchmark failed: ${result.error}`, ''];
  const met = result.unsent === 0 && result.lablive.p99Ms <= REMINDERS_TARGET_P99_MS;
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(1)}×` : 'n/a');
  return [
    REMINDERS_SECTION_HEADING,
    '',
    `Measured by \`bench/reminders/remindersBench.ts\` on ${result.date} UTC${result.quick ? ' (a quick run: fewer events, indicative only)' : ''}, ` +
      `load average (1/5/15 min) ${load(result.loadAverageAtStart)} at the start and ${load(result.loadAverageAtEnd)} at the end ` +
      '(2 cores shared with other work).',
    `${result.events} events of ${result.guestsPerEvent} invited guests each ask for the one-hour reminder: the real server`,
    `schedules the ${result.reminders} jobs as each event is saved (${result.scheduleSeconds} s for all, 4 saves at a time), then`,
    `their instants are spread over ${result.spreadSeconds} s from 5 s later (the test switch's way of moving the clock). The server`,
    "sends each to its outbox (the day's mbox file in DATA_DIR, on this machine's disk), from the reminder's own job. Lateness is the mail",
    "log's sent time minus the reminder's due time. Baseline, in the same run on the same PostgreSQL: as many",
    'no-op jobs due over the same minute, worked by pg-boss alone (what the queue adds by itself).',
    '',
    '| | p50 | p99 | last | sent |',
    '|---|---|---|---|---|',
    `| LabLive reminders (due, read the event, personal link, mail written) | ${seconds(result.lablive.p50Ms)} | **${seconds(result.lablive.p99Ms)}** | ${seconds(result.lablive.maxMs)} | ${result.lablive.count} of ${result.reminders} |`,
    `| pg-boss alone, no-op jobs (baseline) | ${seconds(result.baseline.p50Ms)} | ${seconds(result.baseline.p99Ms)} | ${seconds(result.baseline.maxMs)} | ${result.baseline.count} |`,
    '',
    `- **Target (p99 lateness <= ${seconds(REMINDERS_TARGET_P99_MS)}, every reminder sent): ${met ? 'met' : 'not met'}.**`,
    `- LabLive ÷ baseline, p99: ${ratio(result.lablive.p99Ms, result.baseline.p99Ms)}; p50: ${ratio(result.lablive.p50Ms, result.baseline.p50Ms)}.`,
    '',
  ];
}
