// The projections benchmark's section of docs/performance.md (issue 18): the rebuild against the
// in-memory fold of the same log, the live lag under the hot room, the stats calls with many closed
// sessions and the replay's seek, each beside its baseline of the same run and its target.
import {
  ENDPOINT_TARGET_P95_MS,
  isFailed,
  LAG_TARGET_P99_MS,
  type Latency,
  type ProjectionsBenchResult,
  REBUILD_TARGET_RATIO,
  REPLAY_TARGET_P95_MS,
} from './projectionsPlan.ts';

export const PROJECTIONS_SECTION_HEADING = '## Projections (issue 18)';

const int = (value: number) => Math.round(value).toLocaleString('en-US');
const ms = (value: number) =>
  Number.isNaN(value) ? '–' : value >= 100 ? `${value.toFixed(0)} ms` : `${value.toFixed(1)} ms`;
const ratio = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : '–');
const load = (values: readonly number[]) => values.map((value) => value.toFixed(2)).join(' / ');
const verdict = (met: boolean) => (met ? 'met' : '**not met**');

function rebuildLines(result: ProjectionsBenchResult): string[] {
  const { baseline, rebuild } = result;
  if (isFailed(baseline) && isFailed(rebuild))
    return [`Rebuild and baseline: no figure (${baseline.error}; ${rebuild.error}).`, ''];
  const base = isFailed(baseline) ? null : baseline;
  const lines = [
    `**Rebuild.** Baseline, on the same log in the same run: the whole log paged through with the event store's \`readAll\` in pages of ${result.plan.pageSize} (the rebuild's page size) and every event folded in memory with the projections' own domain folds (${base ? base.folds.map((name) => `\`${name}\``).join(', ') : '–'}: the same decoding of each stored event, nothing written). The rebuild is \`npm run projections -- rebuild all\`'s \`rebuildProjections\`: one pass over the log into a fresh generation of every projection, each page read once (the next one read while it is applied) and applied by each projection in its own transaction side by side (read models loaded and written per page, the checkpoint with them), then the swap.`,
    '',
    '| | events | seconds | events/s | ÷ baseline |',
    '|---|---|---|---|---|',
  ];
  if (base)
    lines.push(
      `| Baseline: readAll + folds in memory | ${int(base.events)} | ${base.seconds.toFixed(1)} | ${int(base.eventsPerSecond)} | 1.00× |`,
    );
  else if (isFailed(baseline)) lines.push(`| Baseline: failed (${baseline.error}) | | | | |`);
  if (isFailed(rebuild)) {
    lines.push(`| Rebuild: failed (${rebuild.error}) | | | | |`, '');
    return lines;
  }
  const of = (eventsPerSecond: number) => (base ? eventsPerSecond / base.eventsPerSecond : Number.NaN);
  for (const figure of rebuild.projections) {
    lines.push(
      `| Rebuild of \`${figure.projection}\` (generation ${figure.generation}) | ${int(figure.events)} | ${figure.seconds.toFixed(1)} | ${int(figure.eventsPerSecond)} | ${ratio(of(figure.eventsPerSecond))} |`,
    );
  }
  if (rebuild.projections.length > 1) {
    lines.push(
      `| Rebuild all (${rebuild.projections.length} projections, the log's events ÷ the total time) | ${int(rebuild.all.events)} | ${rebuild.all.seconds.toFixed(1)} | ${int(rebuild.all.eventsPerSecond)} | ${ratio(of(rebuild.all.eventsPerSecond))} |`,
    );
  }
  lines.push('');
  if (base) {
    const allRatio = of(rebuild.all.eventsPerSecond);
    lines.push(
      `- **Target (rebuild all >= ${REBUILD_TARGET_RATIO}× the baseline): ${allRatio >= REBUILD_TARGET_RATIO ? 'met' : 'not met'} (${ratio(allRatio)}).**`,
      `- Rounds (baseline and rebuild in turn, the fastest of each above): baseline ${(base.rounds ?? [base.eventsPerSecond]).map(int).join(', ')} events/s; rebuild all ${(rebuild.rounds ?? [rebuild.all.eventsPerSecond]).map(int).join(', ')} events/s.`,
      `- Where the time goes: the baseline spent ${base.readSeconds.toFixed(1)} s reading pages and ${base.foldSeconds.toFixed(1)} s folding them.`,
    );
  }
  for (const figure of rebuild.projections) {
    lines.push(
      `- \`${figure.projection}\`: ${figure.applySeconds.toFixed(1)} s of its ${figure.seconds.toFixed(1)} s in the projection's apply (loading the rows a page touches, the fold, writing the changed rows back); the reading of the pages and each page's transaction (generation and checkpoint locks, the checkpoint saved, the commit) overlap with it and with the other projection's.`,
    );
  }
  lines.push('');
  return lines;
}

function lagLines(result: ProjectionsBenchResult): string[] {
  const { lag } = result;
  if (isFailed(lag)) return [`**Live lag.** No figure: ${lag.error}.`, ''];
  const plan = result.plan.lag;
  const lines = [
    `**Live lag.** The append benchmark's hot room (${plan.hotRoomSenders} participants, each with a chat command in flight: ${int(lag.commands)} commands, ${int(lag.events)} events in ${lag.seconds.toFixed(1)} s, ${int(lag.eventsPerSecond)} events/s, append p99 ${ms(lag.appendP99Ms)}) on the rebuilt database, with the projection runner following the log live in the same process as the room hosts (pinned to one core, woken by their appends, as in the server). Every ${result.plan.sampleMs} ms this process reads each projection's checkpoint; each event it moved past gets a lag: that read's instant minus the event's occurred_at (its transaction's start, at or before the commit), both on PostgreSQL's clock, so an upper bound by the commit's own time and one sampling interval. "Status" is the runner's own \`projectionStatus\` (how long the oldest unapplied event has waited), read every 250 ms.`,
    '',
    '| projection | events | lag p50 | lag p99 | lag max | status p50 / p99 / max | p99 <= 1 s |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const figure of lag.projections) {
    lines.push(
      `| \`${figure.projection}\` | ${int(figure.lag.count)} | ${ms(figure.lag.p50Ms)} | **${ms(figure.lag.p99Ms)}** | ${ms(figure.lag.maxMs)} | ${ms(figure.statusLag.p50Ms)} / ${ms(figure.statusLag.p99Ms)} / ${ms(figure.statusLag.maxMs)} | ${verdict(figure.lag.p99Ms <= LAG_TARGET_P99_MS)} |`,
    );
  }
  lines.push('');
  return lines;
}

function endpointLines(result: ProjectionsBenchResult): string[] {
  const { endpoints } = result;
  if (isFailed(endpoints)) return [`**Statistics calls.** No figure: ${endpoints.error}.`, ''];
  const me = endpoints.figures.find((figure) => figure.path === '/api/me');
  const lines = [
    `**Statistics calls.** A fresh database with ${int(endpoints.closedSessions)} closed sessions in one lab (one room per event, ${result.plan.closedLog.eventsPerSession} events each, spread over ${result.plan.closedLog.days} days; written in ${endpoints.generationSeconds.toFixed(1)} s, every projection rebuilt in ${endpoints.rebuildSeconds.toFixed(1)} s), the real server in its own process, signed in as the lab's admin. ${int(result.plan.requests)} requests per call after ${result.plan.warmupRequests} unmeasured, one at a time, the calls in turn; each timed from the request to the end of the body.`,
    '',
    '| call | p50 | p95 | p99 | max | p95 ÷ /api/me p95 | p95 <= 50 ms |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const figure of endpoints.figures) {
    const { latency } = figure;
    lines.push(
      `| ${figure.baseline ? '' : '**'}${figure.label}${figure.baseline ? '' : '**'} | ${ms(latency.p50Ms)} | ${ms(latency.p95Ms)} | ${ms(latency.p99Ms)} | ${ms(latency.maxMs)} | ${me ? ratio(latency.p95Ms / me.latency.p95Ms) : '–'} | ${figure.baseline ? 'baseline' : verdict(latency.p95Ms <= ENDPOINT_TARGET_P95_MS)} |`,
    );
  }
  lines.push('');
  return lines;
}

function replayLines(result: ProjectionsBenchResult): string[] {
  const { replay } = result;
  if (replay === null) return [];
  if (isFailed(replay)) return [`**Replay seek.** ${replay.error}.`, ''];
  const row = (label: string, latency: Latency, target: boolean) =>
    `| ${label} | ${int(latency.count)} | ${ms(latency.p50Ms)} | ${ms(latency.p95Ms)} | ${ms(latency.maxMs)} | ${ratio(latency.p95Ms / replay.baseline.p95Ms)} | ${target ? verdict(latency.p95Ms <= REPLAY_TARGET_P95_MS) : 'baseline'} |`;
  return [
    `**Replay seek.** One session of ${int(replay.events)} events, the replay projection rebuilt (${replay.rebuildSeconds.toFixed(1)} s), then the state at random instants of the session over HTTP.`,
    '',
    '| call | seeks | p50 | p95 | max | p95 ÷ baseline | p95 <= 200 ms |',
    '|---|---|---|---|---|---|---|',
    row('**GET /api/rooms/:id/replay/state?at=…**', replay.seek, true),
    row(replay.baseline.label, replay.baseline, false),
    '',
  ];
}

export function projectionsSection(
  result: ProjectionsBenchResult | { error: string } | null,
  command: string,
): string[] {
  if (result === null) return [PROJECTIONS_SECTION_HEADING, '', 'Not measured in this run.', ''];
  if ('error' in result)
    return [PROJECTIONS_SECTION_HEADING, '', `The projections benchmark failed: ${result.error}`, ''];
  return [
    PROJECTIONS_SECTION_HEADING,
    '',
    `Measured by \`bench/projections/projectionsBench.ts\` (\`${command}\`) on ${result.date} UTC${result.quick ? ' (a quick run: a tenth of the sizes, indicative only)' : ''}, load average (1/5/15 min) ${load(result.loadAverageAtStart)} at the start and ${load(result.loadAverageAtEnd)} at the end (2 cores shared with other work). The log (\`bench/projections/generateLog.ts\`): ${int(result.log.sessions)} closed sessions of one lab (${result.plan.log.peoplePerSession} people each with reconnections and early leavers, ${result.plan.log.concurrentSessions} sessions at a time so their events interleave, spread over ${result.plan.log.days} days, each closed by staff), ${int(result.log.events)} session events (chat the bulk; joins and leaves, speaker and requests to speak, polls, documents, audio and video toggles, slides), written in ${result.log.seconds.toFixed(1)} s.`,
    '',
    ...rebuildLines(result),
    ...lagLines(result),
    ...endpointLines(result),
    ...replayLines(result),
  ];
}
