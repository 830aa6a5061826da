// The sealing benchmark's section of docs/performance.md: appends with the database sealing personal
// fields against appends with its trigger disabled, and pages read opened against read as stored, in
// alternated rounds of one run. No target: the section states what sealing costs on this machine.
import { median } from '../lib/chatAppendLoop.ts';
import type { SealingBenchResult, SealingRound } from './sealingBench.ts';

export const SEALING_SECTION_HEADING = '## Sealing personal data (crypto-shredding)';

const int = (value: number) => Math.round(value).toLocaleString('en-US');
const load = (values: readonly number[]) => values.map((value) => value.toFixed(2)).join(' / ');
const micros = (value: number) =>
  Number.isNaN(value) ? '–' : Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(1);
const pct = (value: number) => `${Math.round(value * 100)} %`;

/** A round or pass during which other processes used more than this many cores is marked disturbed. */
const DISTURBED = 0.25;
const disturbed = (round: SealingRound) => round.others > DISTURBED;

function rows(name: string, rounds: readonly SealingRound[]): string {
  const rates = rounds.map((round) => `${int(round.eventsPerSecond)}${disturbed(round) ? '†' : ''}`);
  const cpu = (pick: (round: SealingRound) => number) => micros(median(rounds.map(pick)));
  const busiest = Math.max(...rounds.map((round) => round.others));
  return (
    `| ${name} | ${rates.join(' / ')} | **${int(median(rounds.map((round) => round.eventsPerSecond)))}** | ` +
    `${cpu((round) => round.databaseMicrosPerEvent)} | ${cpu((round) => round.nodeMicrosPerEvent)} | ` +
    `${busiest.toFixed(2)} |`
  );
}

const databaseCpu = (rounds: readonly SealingRound[]) =>
  median(rounds.map((round) => round.databaseMicrosPerEvent));
const cpuGap = (slow: readonly SealingRound[], fast: readonly SealingRound[]) =>
  databaseCpu(slow) - databaseCpu(fast);

/** The ratio of the median rates of the undisturbed rounds alone, when each side has some. */
function quietRatio(
  numerator: readonly SealingRound[],
  denominator: readonly SealingRound[],
  noun: 'round' | 'pass',
): string {
  const quiet = (rounds: readonly SealingRound[]) =>
    rounds.filter((round) => !disturbed(round)).map((round) => round.eventsPerSecond);
  const top = quiet(numerator);
  const bottom = quiet(denominator);
  const marked = [...numerator, ...denominator].filter(disturbed).length;
  if (marked === 0) return `No ${noun} was disturbed by other processes (more than a quarter of a core).`;
  const ratio =
    top.length > 0 && bottom.length > 0
      ? `; the undisturbed ones alone give ${(median(top) / median(bottom)).toFixed(2)}× ` +
        `(${top.length} and ${bottom.length} of them)`
      : '; no side has enough undisturbed ones for a ratio of their own';
  return `${marked} ${noun === 'pass' ? (marked === 1 ? 'pass' : 'passes') : marked === 1 ? 'round' : 'rounds'} marked † ran while other processes used more than a quarter of a core${ratio}.`;
}

export function sealingSection(result: SealingBenchResult | { error: string } | null): string[] {
  if (result === null) return [SEALING_SECTION_HEADING, '', 'Not measured in this run.', ''];
  if ('error' in result)
    return [SEALING_SECTION_HEADING, '', `The sealing benchmark failed: ${result.error}`, ''];
  const { read, check } = result;
  const allSealed = check.sealedStored === check.sealingAppended && check.plainStored === check.plainAppended;
  const appendLoss = 1 - result.ratio;
  const readLoss = 1 - read.ratio;
  return [
    SEALING_SECTION_HEADING,
    '',
    `Measured by \`${result.command}\` (\`bench/sealing/sealingBench.ts\`) on ${result.date} UTC` +
      `${result.quick ? ' (a quick run, indicative only)' : ''}, load average (1/5/15 min) ` +
      `${load(result.loadAverageAtStart)} at the start and ${load(result.loadAverageAtEnd)} at the end (2 cores shared with other work).`,
    'Since migration `20261129T010000_personal_keys`, PostgreSQL seals the personal fields of session events on ' +
      'insert (the `BEFORE INSERT` trigger `session_events_seal`: AES-256-CBC under a key per participant, made ' +
      'on first use; docs/adr/0008) and every reader but the ledger opens them (`open_session_event_data`). ' +
      'There is no target for it: this says what it costs.',
    '',
    `**Appends.** The ledger benchmark's workload: ${result.writers} writers append chat events of their real ` +
      "shape, one at a time each (closed loop, the event store's own `append`), to " +
      `${result.streams} room streams on a fresh database, for ${result.rounds} rounds of ${result.roundSeconds} s ` +
      'with the trigger enabled and as many with it disabled (`ALTER TABLE session_events DISABLE TRIGGER ' +
      "session_events_seal` on the benchmark's own database, enabled again after each), in ABBA order. Each " +
      `round speaks as ${result.participants} participants new to it, in turn, so a sealing round makes their ` +
      `${result.participants * 2} keys (a name's and a text's per participant) and then reuses them. A ` +
      'ChatMessageSent has two personal fields (`from.name`, `text`): two values sealed per event. CPU per event is ' +
      "that of the PostgreSQL backends serving the benchmark's database (not the shared server's other work, " +
      "nor its WAL writer) and this Node process's, over the round; others: the cores the machine's other " +
      'processes used meanwhile.',
    '',
    '| | rounds (events/s) | median | PostgreSQL CPU µs/event | Node CPU µs/event | others (cores, most) |',
    '|---|---|---|---|---|---|',
    rows('appends, sealing (as in production)', result.sealing),
    rows('appends, trigger disabled', result.plain),
    '',
    `- **Sealing ÷ without: ${result.ratio.toFixed(2)}×: sealing costs ${pct(appendLoss)} of append throughput ` +
      `on this machine**, ${micros(result.costMicrosPerEvent)} µs per event (1 ÷ median rate sealing − 1 ÷ median ` +
      `rate without, at ${result.writers} writers). ${quietRatio(result.sealing, result.plain, 'round')}`,
    `- PostgreSQL's own CPU per append, the figure other work moves least: ` +
      `${micros(databaseCpu(result.sealing))} µs sealing against ${micros(databaseCpu(result.plain))} µs without, ` +
      `${micros(cpuGap(result.sealing, result.plain))} µs (${pct(cpuGap(result.sealing, result.plain) / databaseCpu(result.plain))}) ` +
      'more for the two values sealed (a key looked up, or made, per value, 16 random bytes, AES, base64).',
    `- Checked: ${int(check.sealedStored)} of the ${int(check.sealingAppended)} events of the sealing rounds ` +
      `stored with both fields sealed, ${int(check.plainStored)} of the ${int(check.plainAppended)} of the other ` +
      `rounds stored plain${allSealed ? '' : ' (**they differ**)'}; ${int(result.keysMade)} keys made in all.`,
    '',
    `**Reads.** The first ${int(read.events)} events of the log (chat events, all sealed), read with \`readAll\` ` +
      `in pages of ${int(read.pageSize)}: opened (\`open_session_event_data\`, the path of the projections, the ` +
      "replay and every reader but the ledger) and as stored (`{ sealed: true }`, the ledger's), " +
      `${read.passes} passes each, alternated (ABBA) after one unmeasured pass of each.`,
    '',
    '| | passes (events/s) | median | PostgreSQL CPU µs/event | Node CPU µs/event | others (cores, most) |',
    '|---|---|---|---|---|---|',
    rows('read opened', read.opened),
    rows('read as stored (sealed)', read.sealed),
    '',
    `- **Opened ÷ as stored: ${read.ratio.toFixed(2)}×: opening costs ${pct(readLoss)} of read throughput**, ` +
      `${micros(read.costMicrosPerEvent)} µs per chat event (1 ÷ median rate opened − 1 ÷ median rate as stored), ` +
      `PostgreSQL spending ${micros(cpuGap(read.opened, read.sealed))} µs more CPU per event opening ` +
      `(${micros(databaseCpu(read.opened))} against ${micros(databaseCpu(read.sealed))} µs). ` +
      `${quietRatio(read.opened, read.sealed, 'pass')} A rebuild of ` +
      'the read models or a replay pays it for each event of the five personal types it reads (chat, notes, ' +
      'joining, disconnection reports); `open_session_event_data` returns the others as they are.',
    '',
  ];
}
