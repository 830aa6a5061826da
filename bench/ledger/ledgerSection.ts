// The ledger benchmark's section of docs/performance.md: appends with the ledger's writer running beside
// them against appends without it, in alternated rounds of one run (issue 32: within 10 %).
import { LEDGER_TARGET_RATIO, type LedgerBenchResult } from './ledgerBench.ts';

export const LEDGER_SECTION_HEADING = '## Appends with the ledger (tamper evidence)';

const int = (value: number) => Math.round(value).toLocaleString('en-US');
const load = (values: readonly number[]) => values.map((value) => value.toFixed(2)).join(' / ');

export function ledgerSection(result: LedgerBenchResult | { error: string } | null): string[] {
  if (result === null) return [LEDGER_SECTION_HEADING, '', 'Not measured in this run.', ''];
  if ('error' in result)
    return [LEDGER_SECTION_HEADING, '', `The ledger benchmark failed: ${result.error}`, ''];
  const rounds = (values: readonly number[]) => values.map(int).join(' / ');
  return [
    LEDGER_SECTION_HEADING,
    '',
    `Measured by \`${result.command}\` (\`bench/ledger/ledgerBench.ts\`) on ${result.date} UTC` +
      `${result.quick ? ' (a quick run, indicative only)' : ''}, load average (1/5/15 min) ` +
      `${load(result.loadAverageAtStart)} at the start and ${load(result.loadAverageAtEnd)} at the end (2 cores shared with other work).`,
    `${result.writers} writers append chat events of their real shape (\`from: { participantId, name }\`: the ` +
      'database seals the name and the text on insert, as in production, in both arms), one at a time each ' +
      "(closed loop, the event store's own `append`), to " +
      `${result.streams} room streams on a fresh database, for ${result.rounds} rounds of ${result.roundSeconds} s without ` +
      'the ledger and as many with its writer running in the same process at its production tick (2 s), in ABBA ' +
      'order (flipped every round, so the drift of a growing database favours neither), each round starting with ' +
      'everything hashed (in steady running the ledger keeps up): ' +
      'it reads the new events behind the appends and writes their leaves and checkpoints. Then the writers stop and ' +
      'the ledger catches up.',
    '',
    '| | rounds (events/s) | median |',
    '|---|---|---|',
    `| appends without the ledger | ${rounds(result.without)} | ${int(median(result.without))} |`,
    `| appends with the ledger | ${rounds(result.with)} | ${int(median(result.with))} |`,
    '',
    `- **With ÷ without: ${result.ratio.toFixed(2)}× (target at least ${LEDGER_TARGET_RATIO}×): ${result.ratio >= LEDGER_TARGET_RATIO ? 'met' : '**not met**'}.**`,
    `- Every event hashed once: ${int(result.leaves)} room-log leaves for ${int(result.eventsAppended)} events appended` +
      `${result.leaves === result.eventsAppended ? '' : ' (**they differ**)'}; the ledger caught up ${int(result.catchUpMs)} ms after the writers stopped.` +
      (result.eventsSealed === undefined
        ? ''
        : ` ${int(result.eventsSealed)} of the events were stored sealed` +
          `${result.eventsSealed === result.eventsAppended ? ' (all)' : ' (**not all**)'}.`),
    '- Appends never wait for the ledger: it hashes what has become final behind them, so its cost to them is the ' +
      'CPU and database time it shares with them, which this measures.',
    '',
  ];
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
