// The benchmark's part of docs/performance.md as one run measured it: when, where, with which command,
// each scenario's figures, the ratios against the baselines of the same run, and a note per scenario
// saying plainly whether its target was met. Every sentence about results is computed from the figures.
import { APPEND_KINDS, APPEND_NAMES, type AppendResult } from '../append/appendPlan.ts';
import { type FanoutResult, type StepResult, TARGET_NAMES } from '../fanout/fanoutPlan.ts';
import { ledgerSection } from '../ledger/ledgerSection.ts';
import { projectionsSection } from '../projections/projectionsSection.ts';
import { remindersSection } from '../reminders/remindersSection.ts';
import { scaleoutSection } from '../scaleout/scaleoutSection.ts';
import { sealingSection } from '../sealing/sealingSection.ts';
import { soakSection } from '../soak/soakSection.ts';
import { verifySection } from '../verify/verifySection.ts';
import { videoSection } from '../video/videoSection.ts';
import { webSection } from '../web/webSection.ts';
import {
  APPEND_TARGET_RATIO,
  appendVerdict,
  type BenchRun,
  deliveriesPerSecond,
  FANOUT_TARGET_RATIO,
  failed,
  fanoutVerdict,
  limitRange,
  MANY_ROOMS_TARGET,
  manyRoomsVerdict,
  ok,
} from './benchRun.ts';

const int = (value: number) => Math.round(value).toLocaleString('en-US');
const ms = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? '–' : value >= 100 ? value.toFixed(0) : value.toFixed(1);
const pct = (value: number) => (Number.isNaN(value) ? '–' : `${Math.round(value * 100)} %`);
const load = (values: readonly number[]) => values.map((value) => value.toFixed(2)).join(' / ');

function table(header: string[], rows: string[][]): string[] {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ];
}

function runSection(run: BenchRun): string[] {
  const { machine } = run;
  return [
    '## Run',
    '',
    ...table(
      ['', ''],
      [
        ['Date (UTC)', `${run.startedAt} → ${run.finishedAt}`],
        ['Command', `\`${run.command}\``],
        [
          'Machine',
          `${machine.nproc} cores (${machine.cpuModel}), ${machine.memoryGiB} GiB, ${machine.kernel}`,
        ],
        ['Node', machine.node],
        ['PostgreSQL', `${machine.postgres}, synchronous_commit = ${machine.synchronousCommit}`],
        [
          'Load average (1/5/15 min)',
          `${load(machine.loadAverage)} at the start, ${load(run.loadAverageAtEnd)} at the end`,
        ],
        [
          'Pinning',
          `servers under test on core ${run.pinning.serverCore} (\`taskset -c ${run.pinning.serverCore}\`), ` +
            `load generators on core ${run.pinning.generatorCore}; PostgreSQL is the shared system service, not pinned`,
        ],
        ['LabLive bus', run.bus === 'nats' ? 'NATS (NATS_URL)' : 'in-process (one instance, no NATS_URL)'],
      ],
    ),
    '',
  ];
}

function stepCell(step: StepResult | undefined): string {
  if (!step) return '';
  const loss = step.lost === 0 ? 'no loss' : `${((step.lost / step.expected) * 100).toFixed(2)} % lost`;
  const busy = step.cpu.others > 0.25 ? `, others ${pct(step.cpu.others)}` : '';
  return `${step.passed ? '✓' : '✗'} p99 ${ms(step.p99)} ms, ${loss}${busy}`;
}

function fanoutNotes(run: BenchRun): string[] {
  const results = run.fanout?.results ?? {};
  const notes: string[] = [];
  const verdict = fanoutVerdict(run);
  notes.push(`**${verdict.text}.**`);
  const lablive = ok(results.lablive);
  const ws = ok(results.ws);
  if (lablive && ws && ws.bestRate > 0) {
    notes.push(
      `LabLive ÷ plain ws send loop: ${(deliveriesPerSecond(lablive) / deliveriesPerSecond(ws)).toFixed(2)}×.`,
    );
  }
  for (const [target, outcome] of Object.entries(results)) {
    const name = TARGET_NAMES[target as keyof typeof TARGET_NAMES];
    if (!outcome || failed(outcome)) {
      notes.push(`${name}: no figure, the run failed: ${outcome?.error ?? 'not run'}.`);
      continue;
    }
    const disturbed = outcome.steps.filter((step) => step.disturbed).length;
    const rerun =
      disturbed > 0 ? ` ${disturbed} step(s) failed while other processes were busy and were run again.` : '';
    const last = outcome.steps.at(-1);
    if (!last || last.passed) {
      notes.push(
        `${name}: passed every step up to the last (${outcome.bestRate} msg/s): its limit is higher.${rerun}`,
      );
      continue;
    }
    const saturated = last.cpu.generator >= 0.9;
    notes.push(
      `${name}: failed at ${last.rate} msg/s (${last.why}); CPU there: server ${pct(last.cpu.server)}, ` +
        `load generator ${pct(last.cpu.generator)}, PostgreSQL ${pct(last.cpu.database)}, other processes ` +
        `${pct(last.cpu.others)}.${rerun}` +
        (saturated ? ' The load generator was saturated as well, so this limit may be partly its own.' : '') +
        (last.disturbed ? ' Other processes were busy during that step: the limit may be understated.' : ''),
    );
    for (const note of outcome.notes) notes.push(`${name}: ${note}`);
  }
  return notes.map((note) => `- ${note}`);
}

function fanoutSection(run: BenchRun): string[] {
  if (!run.fanout) return [];
  const { plan, results } = run.fanout;
  const targets = Object.keys(results) as Array<keyof typeof results>;
  const summary = targets.map((target) => {
    const outcome = results[target];
    const name = TARGET_NAMES[target];
    if (!outcome || failed(outcome)) return [name, 'failed', '', '', '', '', '', '', '', ''];
    const best = outcome.bestStep;
    const { high } = limitRange(outcome);
    return [
      name,
      String(outcome.bestRate),
      Number.isFinite(high) ? String(high) : '–',
      `**${int(deliveriesPerSecond(outcome))}**`,
      ms(best?.p50),
      ms(best?.p99),
      ms(best?.max),
      best ? String(best.lost) : '–',
      best ? pct(best.cpu.server) : '–',
      best ? pct(best.cpu.generator) : '–',
    ];
  });
  const rates = plan.rates.filter((rate) =>
    targets.some((target) => ok(results[target])?.steps.some((step) => step.rate === rate)),
  );
  const lastAttempt = (result: FanoutResult | null, rate: number) =>
    result?.steps.filter((step) => step.rate === rate).at(-1);
  const ramp = rates.map((rate) => [
    String(rate),
    int(rate * plan.subscribers),
    ...targets.map((target) => stepCell(lastAttempt(ok(results[target]), rate))),
  ]);
  return [
    `## Fan-out: one room, ${plan.subscribers} subscribers`,
    '',
    `Open-loop ramp of chat messages (${plan.rates[0]} to ${plan.rates.at(-1)} msg/s in ${plan.rates.length} steps ` +
      `about ${(plan.rates.length > 1 ? ((plan.rates.at(-1) ?? 1) / (plan.rates[0] ?? 1)) ** (1 / (plan.rates.length - 1)) : 1).toFixed(2)}× apart; ${plan.stepSeconds} s per step, ` +
      `${plan.drainSeconds} s to drain; a ${plan.warmupSeconds} s warm-up at ${plan.warmupRate} msg/s first). ` +
      `The ${plan.subscribers} subscribers are all in the room; the first ⌈rate ÷ ${plan.ratePerSender}⌉ of them also ` +
      'send, on a timer whatever the answers (LabLive refuses more than 20 commands/s per connection). Each text ' +
      'carries its scheduled send time; latency is the time from then to the receipt by a subscriber (same ' +
      'process, same clock), so a late sender counts against the server. A step passes when every subscriber ' +
      `received every message and p99 ≤ ${plan.latencyBudgetMs} ms` +
      (plan.retryFailedStep ? '; a failing step is run once more before the ramp stops.' : '.') +
      ` The machine is shared: before each step the generator waits (up to ${plan.quietWaitSeconds} s) until other ` +
      `processes use less than ${pct(plan.maxOthers)} of a core, and a step that fails while they used more is ` +
      `run again (up to ${plan.disturbedReruns} times) without counting.` +
      ' LabLive runs the whole path: command over /ws, decide, durable append (group commit), bus, broadcast. ' +
      'Socket.IO 4 relays with `io.to(room).emit` and the `ws` baseline loops over its clients with one ' +
      '`JSON.stringify` per message; neither touches a database. All subscribers of all three use the same ' +
      'minimal WebSocket client (bench/fanout/rawWebSocket.ts; the real socket.io-client checks the Socket.IO ' +
      'protocol first).',
    '',
    ...table(
      [
        'target',
        'max sustained msg/s',
        'first failing msg/s',
        'deliveries/s',
        'p50 ms',
        'p99 ms',
        'max ms',
        'lost',
        'server CPU',
        'generator CPU',
      ],
      summary,
    ),
    '',
    ...fanoutNotes(run),
    '',
    'Every step (last attempt of each rate):',
    '',
    ...table(['msg/s', 'deliveries/s', ...targets.map((target) => TARGET_NAMES[target])], ramp),
    '',
  ];
}

function appendNotes(run: BenchRun): string[] {
  const results = run.append?.results ?? {};
  const hot = ok(results.hotRoom);
  const raw = ok(results.rawSql);
  const concurrent = ok(results.rawSqlConcurrent);
  const steady = ok(results.hotRoomSteady);
  const many = ok(results.manyRooms);
  const notes = [`**${appendVerdict(run).text}.**`];
  if (hot && concurrent) {
    notes.push(
      `Against the concurrent raw variant (64 INSERTs at once on one stream, which PostgreSQL flushes ` +
        `together but which keeps no stream order) the hot room makes ` +
        `${(hot.eventsPerSecond / concurrent.eventsPerSecond).toFixed(2)}×.`,
    );
  }
  if (hot) {
    notes.push(
      `The hot room committed ${hot.eventsPerTransaction.toFixed(1)} events per transaction (group commit, ` +
        `${hot.inFlight} commands in flight). Its pace went from ${int(hot.firstTenthPerSecond)} to ` +
        `${int(hot.lastTenthPerSecond)} events/s between the first and the last tenth of the run while its chat ` +
        `grew to ${int(hot.largestChat)} messages.`,
    );
  }
  if (steady && raw) {
    notes.push(
      `Diagnostic: the same hot room with a command whose fold does not grow the state made ` +
        `${int(steady.eventsPerSecond)} events/s, ${(steady.eventsPerSecond / raw.eventsPerSecond).toFixed(2)}× ` +
        'the raw baseline.',
    );
  }
  notes.push(`**${manyRoomsVerdict(run).text}.**`);
  if (many && raw) {
    notes.push(
      `${many.rooms} rooms, one command in flight each: the rooms' batches ready in the same turn commit as ` +
        `one call (instance commits), ${many.eventsPerTransaction.toFixed(1)} events per transaction; ` +
        `${(many.eventsPerSecond / raw.eventsPerSecond).toFixed(2)}× the serial raw baseline.`,
    );
  }
  for (const [kind, outcome] of Object.entries(results)) {
    if (failed(outcome)) notes.push(`${kind}: the run failed: ${outcome.error}.`);
  }
  return notes.map((note) => `- ${note}`);
}

function appendRow(name: string, result: AppendResult, raw: AppendResult | null): string[] {
  return [
    name,
    String(result.rooms),
    String(result.inFlight),
    `**${int(result.eventsPerSecond)}**`,
    ms(result.p50),
    ms(result.p99),
    ms(result.max),
    result.eventsPerTransaction.toFixed(1),
    `${int(result.firstTenthPerSecond)} → ${int(result.lastTenthPerSecond)}`,
    `${pct(result.cpu.generator)} / ${pct(result.cpu.database)} / ${pct(result.cpu.others)}`,
    raw ? `${(result.eventsPerSecond / raw.eventsPerSecond).toFixed(2)}×` : '–',
  ];
}

function appendSection(run: BenchRun): string[] {
  if (!run.append) return [];
  const { plan, results } = run.append;
  const raw = ok(results.rawSql);
  const rows = APPEND_KINDS.flatMap((kind) => {
    const outcome = results[kind];
    if (!outcome) return [];
    if (failed(outcome)) return [[APPEND_NAMES[kind], 'failed', '', '', '', '', '', '', '', '', '']];
    return [appendRow(APPEND_NAMES[kind], outcome, raw)];
  });
  return [
    '## Durable append',
    '',
    `${int(plan.commands)} measured commands per workload (after ${int(plan.warmup)} unmeasured), each sender ` +
      'waiting for its answer before the next (closed loop), against a fresh database with synchronous_commit = ' +
      `${run.machine.synchronousCommit}. The room host workloads call \`createRoomService\` in-process (a pg pool ` +
      `of ${plan.poolSize}): decide, append the commands that arrived together in one call (group commit), ` +
      `the batches of every room ready in the same turn together in one call as well (instance commits, at most ` +
      `two calls at once), answer, publish; the latency is the time to the command's answer. The hot room has ${plan.hotRoomSenders} ` +
      `participants sending chat messages, as many as the fan-out room; the many-rooms workload sends command k ` +
      `to room k mod ${plan.rooms}. The raw SQL baseline of the target writes the same rows into session_events ` +
      'with one autocommitted `INSERT` per event, one after the other: the way a room that commits each event ' +
      'on its own appends to its stream, as each append must know the version the previous one committed. ' +
      `The concurrent variant lets ${plan.poolSize} such INSERTs run at once on one stream (versions numbered ` +
      'ahead, no order guarantee), which PostgreSQL flushes together. The runner is pinned to core ' +
      `${run.pinning.serverCore}. Each workload starts when other processes use less than a quarter of a core, ` +
      'and is run again (twice at most) when they used more meanwhile; the least disturbed run is kept.',
    '',
    ...table(
      [
        'workload',
        'rooms',
        'in flight',
        'events/s',
        'p50 ms',
        'p99 ms',
        'max ms',
        'events/txn',
        'pace first → last tenth',
        'CPU runner / PostgreSQL / others',
        'vs raw SQL',
      ],
      rows,
    ),
    '',
    ...appendNotes(run),
    '',
  ];
}

export function performanceDoc(run: BenchRun): string {
  return [
    '# Performance',
    '',
    '<!-- Written by bench/run.ts (`npm run bench`): a run replaces the title, the Run section and the ' +
      'sections of what it measured, and keeps every other section. -->',
    '',
    'Figures from one run of `npm run bench` on the machine below. The machine is shared and noisy: the ratios ' +
      `measured side by side in the same run mean more than the absolute numbers. Targets: fan-out at least ` +
      `${FANOUT_TARGET_RATIO}× Socket.IO; hot-room append at least ${APPEND_TARGET_RATIO}× the raw SQL baseline; ` +
      `many-rooms append at least ${MANY_ROOMS_TARGET.ratio}× the raw baseline of 64 concurrent INSERTs, with at ` +
      `least ${MANY_ROOMS_TARGET.eventsPerTransaction} events per transaction and a p99 within ` +
      `${MANY_ROOMS_TARGET.p99Ms} ms.`,
    '',
    ...runSection(run),
    ...fanoutSection(run),
    ...appendSection(run),
    // Measured only when the run included them; otherwise the sections already in the file stay.
    ...(run.web ? webSection(run.web) : []),
    ...(run.scaleout ? scaleoutSection(run.scaleout) : []),
    ...(run.reminders ? remindersSection(run.reminders) : []),
    ...(run.projections ? projectionsSection(run.projections, run.command) : []),
    ...(run.soak ? soakSection(run.soak) : []),
    ...(run.video ? videoSection(run.video, run.command) : []),
    ...(run.verify ? verifySection(run.verify) : []),
    ...(run.ledger ? ledgerSection(run.ledger) : []),
    ...(run.sealing ? sealingSection(run.sealing) : []),
  ].join('\n');
}
