// The summary printed at the end of a run: one row per fan-out target and per append workload, then
// the ratios against the baselines and whether each target was met.
import { APPEND_KINDS, APPEND_NAMES } from '../append/appendPlan.ts';
import { type FanoutResult, TARGET_NAMES } from '../fanout/fanoutPlan.ts';
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
  appendVerdict,
  type BenchRun,
  deliveriesPerSecond,
  failed,
  fanoutVerdict,
  manyRoomsVerdict,
} from './benchRun.ts';

const ms = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? '-' : value >= 100 ? value.toFixed(0) : value.toFixed(1);
const int = (value: number) => Math.round(value).toLocaleString('en-US');

function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** Where the ramp stopped: the last step, when it failed. */
function lastFailure(result: FanoutResult): string {
  const last = result.steps.at(-1);
  return last && !last.passed ? `${last.rate} msg/s: ${last.why}` : 'never failed';
}

export function consoleSummary(run: BenchRun): string {
  const parts: string[] = [];
  if (run.fanout) {
    const rows = Object.entries(run.fanout.results).map(([target, outcome]) => {
      const name = TARGET_NAMES[target as keyof typeof TARGET_NAMES];
      if (!outcome || failed(outcome))
        return [name, 'error', '', '', '', '', outcome?.error.slice(0, 60) ?? ''];
      const best = outcome.bestStep;
      return [
        name,
        int(deliveriesPerSecond(outcome)),
        String(outcome.bestRate),
        ms(best?.p50),
        ms(best?.p99),
        best ? String(best.lost) : '-',
        lastFailure(outcome),
      ];
    });
    parts.push(
      `Fan-out: one room, ${run.fanout.plan.subscribers} subscribers (p99 ≤ ${run.fanout.plan.latencyBudgetMs} ms, zero loss)`,
      table(['target', 'deliveries/s', 'msg/s', 'p50 ms', 'p99 ms', 'lost', 'stopped at'], rows),
      fanoutVerdict(run).text,
      '',
    );
  }
  if (run.append) {
    const rows = APPEND_KINDS.flatMap((kind) => {
      const outcome = run.append?.results[kind];
      if (!outcome) return [];
      if (failed(outcome)) return [[APPEND_NAMES[kind], '', 'error', '', '', '', outcome.error.slice(0, 60)]];
      return [
        [
          APPEND_NAMES[kind],
          String(outcome.inFlight),
          int(outcome.eventsPerSecond),
          ms(outcome.p50),
          ms(outcome.p99),
          outcome.eventsPerTransaction.toFixed(1),
          `${int(outcome.firstTenthPerSecond)} → ${int(outcome.lastTenthPerSecond)}`,
        ],
      ];
    });
    parts.push(
      `Durable append (synchronous_commit ${run.machine.synchronousCommit})`,
      table(
        ['workload', 'in flight', 'events/s', 'p50 ms', 'p99 ms', 'events/txn', 'pace first → last tenth'],
        rows,
      ),
      appendVerdict(run).text,
      manyRoomsVerdict(run).text,
    );
  }
  // The browser and scale-out figures print as their markdown sections: tables readable as they are.
  if (run.web) parts.push('', ...webSection(run.web));
  if (run.scaleout) parts.push('', ...scaleoutSection(run.scaleout));
  if (run.reminders) parts.push('', ...remindersSection(run.reminders));
  if (run.projections) parts.push('', ...projectionsSection(run.projections, run.command));
  if (run.soak) parts.push('', ...soakSection(run.soak));
  if (run.video) parts.push('', ...videoSection(run.video, run.command));
  if (run.verify) parts.push('', ...verifySection(run.verify));
  if (run.ledger) parts.push('', ...ledgerSection(run.ledger));
  if (run.sealing) parts.push('', ...sealingSection(run.sealing));
  return parts.join('\n');
}
