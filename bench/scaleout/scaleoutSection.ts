// The scale-out section of docs/performance.md from one run of the scale-out benchmark: the issue's three
// figures against their targets, with verdicts computed from the figures (a difference that moves across
// the target from round to round is said to be unsettled, not met), and the deliveries/s per instance count.
import { fanoutPlan } from '../fanout/fanoutPlan.ts';
import { deliveriesPerSecond, limitRange } from '../report/benchRun.ts';
import {
  type BusAloneFigures,
  type BusOverheadFigures,
  type FailoverFigures,
  isFailed,
  type LatencyRound,
  type ScaleoutBenchResult,
  type Spread,
  TARGETS,
  type ThroughputFigures,
} from './scaleoutPlan.ts';

const HEADING = '## Scale-out over NATS (issue 5)';

const ms = (value: number) =>
  Number.isNaN(value) ? '–' : Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(1);
const signed = (value: number) => (Number.isNaN(value) ? '–' : `${value >= 0 ? '+' : ''}${value.toFixed(2)}`);
const int = (value: number) => Math.round(value).toLocaleString('en-US');
const pct = (value: number) => (Number.isNaN(value) ? '–' : `${Math.round(value * 100)} %`);
const load = (values: readonly number[]) => values.map((value) => value.toFixed(2)).join(' / ');

function median(values: readonly number[]): number {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The geometric mean ratio between consecutive rates of the ramp. */
function stepRatio(rates: readonly number[]): number {
  const first = rates[0] ?? 1;
  const last = rates.at(-1) ?? first;
  return rates.length > 1 ? (last / first) ** (1 / (rates.length - 1)) : 1;
}

function table(header: string[], rows: string[][]): string[] {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ];
}

function failoverRows(failover: FailoverFigures): string[][] {
  const back = failover.roomBackMs;
  const user = failover.reconnectedUserMs;
  const over = back.filter((value) => !(value <= TARGETS.failoverMs)).length;
  const verdict =
    back.length === 0
      ? 'no round ran'
      : over === 0
        ? `**met** in every round (worst ${ms(Math.max(...back))} ms)`
        : `**MISSED** in ${over} of ${back.length} rounds`;
  return [
    [
      `SIGKILL of the hosting instance → the room accepts commands again (${failover.rounds} rounds)`,
      `median **${ms(median(back))} ms**, rounds ${back.map(ms).join(', ')} ms`,
      `≤ ${TARGETS.failoverMs / 1000} s: ${verdict}`,
    ],
    [
      'SIGKILL → a user of the killed instance reconnected (load balancer), resumed and acknowledged',
      `median ${ms(median(user))} ms, rounds ${user.map(ms).join(', ')} ms`,
      '',
    ],
  ];
}

/** The pairs run again because other processes were busy, and those kept all the same. */
function disturbedNote(bus: BusOverheadFigures): string {
  const difference = (round: LatencyRound) =>
    `round ${round.round} (others ${Math.round(round.one.othersCpu * 100)} % / ` +
    `${Math.round(round.spread.othersCpu * 100)} %: spread − one p50 ${signed(round.spread.p50 - round.one.p50)} ms, ` +
    `p99 ${signed(round.spread.p99 - round.one.p99)} ms)`;
  const rerun = bus.disturbedRounds ?? [];
  const kept = bus.rounds.filter((round) => round.disturbed);
  return (
    (rerun.length === 0
      ? '- No pair of rounds was disturbed.'
      : `- Run again, disturbed (not pooled): ${rerun.map(difference).join('; ')}.`) +
    (kept.length === 0
      ? ''
      : ` Disturbed but kept, their reruns used up: ${kept.map(difference).join('; ')}.`)
  );
}

/** Met, missed, or unsettled when the rounds' differences lie on both sides of the target. */
function overheadVerdict(pooled: number, rounds: Spread, target: number): string {
  const settled = Number.isNaN(rounds.min) || rounds.max <= target || rounds.min > target;
  const met = pooled <= target;
  if (settled) return met ? '**met**' : '**MISSED**';
  return `${met ? 'met' : 'missed'} on the pooled rounds, **not settled**: single rounds ranged ${signed(rounds.min)} to ${signed(rounds.max)} ms`;
}

function busRows(bus: BusOverheadFigures): string[][] {
  const { plan } = bus;
  const load = `${plan.subscribers} subscribers, ${plan.rate} msg/s, ${int(plan.subscribers * plan.rate)} deliveries/s`;
  return [
    [
      `Delivery latency, all subscribers on the room's host instance (${load})`,
      `p50 ${ms(bus.one.p50)} ms, p99 ${ms(bus.one.p99)} ms (${int(bus.one.deliveries)} deliveries of ${int(bus.one.messages)} messages)`,
      '',
    ],
    [
      'Same, subscribers spread evenly over three instances',
      `p50 ${ms(bus.spread.p50)} ms, p99 ${ms(bus.spread.p99)} ms (${int(bus.spread.deliveries)} deliveries of ${int(bus.spread.messages)} messages)`,
      '',
    ],
    [
      'Spread, by where the sender is: on the host instance / on another (command forwarded over NATS)',
      `p50 ${ms(bus.spreadBySender.fromHost.p50)} / ${ms(bus.spreadBySender.forwarded.p50)} ms, p99 ` +
        `${ms(bus.spreadBySender.fromHost.p99)} / ${ms(bus.spreadBySender.forwarded.p99)} ms`,
      '',
    ],
    [
      'The bus adds, p50',
      `**${signed(bus.overheadP50Ms)} ms** (rounds: median ${signed(bus.roundOverheadP50Ms.median)}, ${signed(bus.roundOverheadP50Ms.min)} to ${signed(bus.roundOverheadP50Ms.max)})`,
      `≤ +${TARGETS.overheadP50Ms} ms: ${overheadVerdict(bus.overheadP50Ms, bus.roundOverheadP50Ms, TARGETS.overheadP50Ms)}`,
    ],
    [
      'The bus adds, p99',
      `**${signed(bus.overheadP99Ms)} ms** (rounds: median ${signed(bus.roundOverheadP99Ms.median)}, ${signed(bus.roundOverheadP99Ms.min)} to ${signed(bus.roundOverheadP99Ms.max)})`,
      `≤ +${TARGETS.overheadP99Ms} ms: ${overheadVerdict(bus.overheadP99Ms, bus.roundOverheadP99Ms, TARGETS.overheadP99Ms)}`,
    ],
  ];
}

/** The same layouts played by plain NATS processes: what the bus itself costs on this machine. */
function busAloneRows(alone: BusAloneFigures): string[][] {
  return [
    [
      `The bus alone: the same two layouts played by plain nats.js processes (${alone.rate} msg/s of ${alone.payloadBytes} bytes, instances' core), one / spread`,
      `p50 ${ms(alone.one.p50)} / ${ms(alone.spread.p50)} ms, p99 ${ms(alone.one.p99)} / ${ms(alone.spread.p99)} ms`,
      '',
    ],
    [
      'The bus alone adds, p50 / p99',
      `**${signed(alone.overheadP50Ms)} ms** / ${signed(alone.overheadP99Ms)} ms (rounds: p50 ${signed(alone.roundOverheadP50Ms.min)} to ${signed(alone.roundOverheadP50Ms.max)}, p99 ${signed(alone.roundOverheadP99Ms.min)} to ${signed(alone.roundOverheadP99Ms.max)})`,
      '',
    ],
  ];
}

type Ramp = ThroughputFigures;

/** The instance count's best ramp (most deliveries/s), and every ramp's figure in pass order. */
function byInstances(results: ScaleoutBenchResult['throughput']['results']) {
  const counts = [...new Set(results.map((entry) => entry.instances))].sort((a, b) => a - b);
  return counts.map((instances) => {
    const runs = results.filter((entry) => entry.instances === instances).sort((a, b) => a.pass - b.pass);
    const passed = runs.filter((entry): entry is Ramp => !isFailed(entry));
    const best = passed.reduce<Ramp | null>(
      (top, entry) =>
        top === null || deliveriesPerSecond(entry.result) > deliveriesPerSecond(top.result) ? entry : top,
      null,
    );
    return { instances, runs, best };
  });
}

function throughputRow(group: ReturnType<typeof byInstances>[number]): string[] {
  const passes = group.runs
    .map((entry) => (isFailed(entry) ? `failed: ${entry.error}` : int(deliveriesPerSecond(entry.result))))
    .join(', ');
  if (!group.best) return [String(group.instances), '–', passes, '', '', '', '', '', '', ''];
  const { result } = group.best;
  const step = result.bestStep;
  const { high } = limitRange(result);
  return [
    String(group.instances),
    `**${int(deliveriesPerSecond(result))}**`,
    passes,
    String(result.bestRate),
    Number.isFinite(high) ? String(high) : '–',
    step ? ms(step.p50) : '–',
    step ? ms(step.p99) : '–',
    step ? pct(step.cpu.server) : '–',
    step ? pct(step.cpu.generator) : '–',
    step ? pct(step.cpu.others) : '–',
  ];
}

function rampNote(entry: Ramp): string {
  const last = entry.result.steps.at(-1);
  const retried = entry.result.steps.filter((step) => step.attempt > 1 && step.passed).length;
  const flaky = retried > 0 ? ` ${retried} step(s) failed once and passed when run again.` : '';
  const where = `${entry.instances} instance(s), pass ${entry.pass}`;
  return last && !last.passed
    ? `${where}: failed at ${last.rate} msg/s (${last.why}); CPU there: instances and NATS ` +
        `${pct(last.cpu.server)}, load generator ${pct(last.cpu.generator)}, PostgreSQL ${pct(last.cpu.database)}, ` +
        `other processes ${pct(last.cpu.others)}.${flaky}`
    : `${where}: passed every step up to ${entry.result.bestRate} msg/s: the limit is higher.${flaky}`;
}

/**
 * Whether the ramps rank the instance counts: two counts whose runs' figures overlap (one count's worst
 * run below the other's best) are not told apart by this run. Null with fewer than two counts measured.
 */
function rankingNote(groups: ReturnType<typeof byInstances>): string | null {
  const ranges = groups.flatMap((group) => {
    const values = group.runs.flatMap((entry) =>
      isFailed(entry) ? [] : [deliveriesPerSecond(entry.result)],
    );
    return values.length === 0
      ? []
      : [
          {
            instances: group.instances,
            low: Math.min(...values),
            high: Math.max(...values),
            runs: values.length,
          },
        ];
  });
  if (ranges.length < 2) return null;
  const pairs = ranges.flatMap((a, index) => ranges.slice(index + 1).map((b) => [a, b] as const));
  const overlapping = pairs.filter(([a, b]) => a.low <= b.high && b.low <= a.high);
  const spread = ranges
    .filter((range) => range.runs > 1)
    .map((range) => `${range.instances}: ${int(range.low)} to ${int(range.high)}`)
    .join('; ');
  if (overlapping.length === 0)
    return `The runs of each instance count lie apart from the other counts' (${spread || 'one run each'}).`;
  const spikes = unrepeatedFailures(groups);
  return (
    `**The runs of ${overlapping.map(([a, b]) => `${a.instances} and ${b.instances}`).join(', ')} instances ` +
    `overlap (deliveries/s per count: ${spread || 'one run each'}): this run does not rank them.**` +
    (spikes.length > 0
      ? ` ${spikes.length} step(s) failed on a p99 of ${ms(Math.min(...spikes))} to ${ms(Math.max(...spikes))} ms ` +
        'and passed when run again at the same rate: where a ramp stops moves by steps from run to run.'
      : '')
  );
}

/** The p99 of every failed step whose rate then passed on its next run: spikes the step did not repeat. */
function unrepeatedFailures(groups: ReturnType<typeof byInstances>): number[] {
  return groups.flatMap((group) =>
    group.runs.flatMap((entry) => {
      if (isFailed(entry)) return [];
      const { steps } = entry.result;
      return steps.flatMap((step, index) =>
        !step.passed && steps[index + 1]?.rate === step.rate && steps[index + 1]?.passed ? [step.p99] : [],
      );
    }),
  );
}

function throughputLines(run: ScaleoutBenchResult): string[] {
  const { plan, results } = run.throughput;
  const groups = byInstances(results);
  const ranking = rankingNote(groups);
  const passes = Math.max(0, ...results.map((entry) => entry.pass));
  return [
    `Deliveries per second (the fan-out ramp: one room, ${plan.subscribers} subscribers spread evenly over the ` +
      `first n instances, open-loop chat from ${plan.rates[0]} to ${plan.rates.at(-1)} msg/s in ${plan.rates.length} ` +
      `steps about ${stepRatio(plan.rates).toFixed(2)}× apart, ${plan.stepSeconds} s each; a step passes with every ` +
      `message delivered to every subscriber and p99 ≤ ${plan.latencyBudgetMs} ms, a failing step runs once more). ` +
      (passes > 1
        ? `Each instance count ran ${passes} times (counts up, then down), the best is shown. `
        : 'Each instance count ran once. ') +
      `Every instance runs on core ${run.pinning.instancesCore} and the load generator on core ` +
      `${run.pinning.generatorCore}, whatever n: on this 2-core machine more instances add no CPU, so the figures ` +
      'show what spreading a room costs (each instance decodes every batch and relays the commands of its sockets), ' +
      'not what more machines would give.',
    '',
    ...table(
      [
        'instances',
        'deliveries/s (best)',
        'each run',
        'max sustained msg/s',
        'first failing msg/s',
        'p50 ms',
        'p99 ms',
        'instances + NATS CPU',
        'generator CPU',
        'others CPU',
      ],
      groups.map(throughputRow),
    ),
    '',
    ...(ranking ? [`- ${ranking}`] : []),
    ...results.map((entry) =>
      isFailed(entry)
        ? `- ${entry.instances} instance(s), pass ${entry.pass}: failed: ${entry.error}.`
        : `- ${rampNote(entry)}`,
    ),
  ];
}

export function scaleoutSection(result: ScaleoutBenchResult | { error: string } | null): string[] {
  if (result === null) return [];
  if ('error' in result) return [HEADING, '', `The scale-out benchmark failed: ${result.error}.`, ''];
  const bus = isFailed(result.busOverhead) ? null : result.busOverhead;
  const alone = result.busAlone && !isFailed(result.busAlone) ? result.busAlone : null;
  const rows = [
    ...(isFailed(result.failover)
      ? [
          [
            'SIGKILL → room accepting commands again',
            `failed: ${result.failover.error}`,
            `≤ ${TARGETS.failoverMs / 1000} s`,
          ],
        ]
      : failoverRows(result.failover)),
    ...(bus
      ? busRows(bus)
      : [['Bus overhead', `failed: ${isFailed(result.busOverhead) ? result.busOverhead.error : ''}`, '']]),
    ...(alone ? busAloneRows(alone) : []),
    ...(result.busAlone && isFailed(result.busAlone)
      ? [['The bus alone (plain nats.js)', `failed: ${result.busAlone.error}`, '']]
      : []),
  ];
  const stepPlan = fanoutPlan(result.quick);
  const busNotes = bus
    ? [
        `- Bus overhead: two rooms hosted by instance 1, each with ${bus.plan.subscribers} subscribers (fewer ` +
          "than the fan-out cadence's room size, so no batch waits for a cadence in either layout); in one " +
          'they are all on instance 1, in the other subscriber i is on instance i mod 3 (so two thirds of the ' +
          'commands are forwarded to the host over NATS request/reply, and the events cross NATS to three ' +
          'instances instead of one). The same open-loop chat load goes to one room at a time, in ' +
          `${bus.plan.rounds} rounds of ${bus.plan.roundSeconds} s per layout, the order alternating (one then ` +
          "spread, spread then one), so the machine's slow moments fall on both; latency runs from each text's " +
          'scheduled send time to its receipt, in one probe process on its own core. Lost deliveries: ' +
          `${bus.one.lost} (one), ${bus.spread.lost} (spread); the probe's event-loop delay p99 was at most ` +
          `${ms(bus.probeLoopDelayP99Ms)} ms. A pair of rounds during which other processes used more than ` +
          `${Math.round(stepPlan.maxOthers * 100)} % of a core is disturbed and runs again (at most ` +
          `${stepPlan.disturbedReruns} times in a row), as a disturbed step of the ramps does; its deliveries ` +
          'are not pooled.',
        disturbedNote(bus),
        ...(alone
          ? [
              `- The bus alone ran after the rounds, with the same cadence and core and no LabLive code: in ` +
                `${alone.rounds} alternating rounds per layout, a "host" process publishes every message and ` +
                'hears it back (one), or message k comes from process k mod 3 of three, a peer sending it to the ' +
                'host first, which publishes it to all three (spread: the forwarded command and the events for ' +
                'other instances). What spread adds there is what NATS itself costs on this machine before any ' +
                `LabLive code runs: ${signed(alone.overheadP50Ms)} ms at p50 against LabLive's ` +
                `${signed(bus.overheadP50Ms)} ms.`,
            ]
          : []),
        `- Per round, spread − one: p50 ${bus.rounds.map((round) => signed(round.spread.p50 - round.one.p50)).join(', ')} ms; ` +
          `p99 ${bus.rounds.map((round) => signed(round.spread.p99 - round.one.p99)).join(', ')} ms.`,
      ]
    : [];
  return [
    HEADING,
    '',
    `Measured by \`runScaleoutBench\` (bench/scaleout; \`npm run bench -- --only=scaleout\`, or alone \`node --experimental-strip-types scripts/measure-scaleout.ts\`) on ${result.startedAt} → ${result.finishedAt} UTC${result.quick ? ' (a --quick run)' : ''}: ` +
      `${result.instances} LabLive instances as processes on this machine's PostgreSQL and NATS ` +
      `(${result.balancer === 'haproxy' ? 'HAProxy in front' : 'no load balancer installed'}), a database of their own. ` +
      `Load average (1/5/15 min) ${load(result.loadAverageAtStart)} at the start, ${load(result.loadAverageAtEnd)} at the end.`,
    '',
    ...table(['figure', 'measured', 'target'], rows),
    '',
    ...busNotes,
    ...(busNotes.length > 0 ? [''] : []),
    ...throughputLines(result),
    '',
  ];
}
