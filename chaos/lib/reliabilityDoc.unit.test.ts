// docs/reliability.md after a run of some scenarios: theirs replaced, the others' rows and sections kept
// as their own last run wrote them, everything in the scenarios' order.
import { describe, expect, it } from 'vitest';
import { type ChaosRun, reliabilityDoc } from './reliabilityDoc.ts';

const titles = ['Alpha outage', 'Beta partition', 'Gamma race'];

const earlier = [
  '# Reliability under fault',
  '',
  'Last run: `npm run chaos`, 2026-11-28 16:50:57 to 2026-11-28 17:20:08 UTC, on 2 cores.',
  '',
  '| Scenario | Result | Time |',
  '| --- | --- | --- |',
  '| Alpha outage | pass | 0.7 min |',
  '| Beta partition | **FAIL** | 0.8 min |',
  '| Gamma race | pass | 0.4 min |',
  '',
  '## Alpha outage',
  '',
  '**Passed** in 0.7 min. Alpha as it was.',
  '',
  '## Beta partition',
  '',
  '**Failed** in 0.8 min. Beta before the fix.',
  '',
  '## Gamma race',
  '',
  '**Passed** in 0.4 min. Gamma as it was.',
  '',
].join('\n');

const run: ChaosRun = {
  command: 'npm run chaos -- --only=beta',
  startedAt: '2026-11-28 19:30:57',
  finishedAt: '2026-11-28 19:31:53',
  machine: {
    nproc: 2,
    cpuModel: 'AMD EPYC',
    memoryGiB: 23.5,
    node: 'v24.21.0',
    postgres: '15.20',
    loadAverage: [1, 2, 3],
  } as ChaosRun['machine'],
  scenarios: [
    {
      id: 'beta',
      title: 'Beta partition',
      durationMs: 54_000,
      outcome: {
        setup: 'Beta after the fix.',
        checks: [{ name: 'moves', passed: true, detail: 'in 9 s' }],
        figures: [],
      },
    },
  ],
};

describe('the reliability report after a run of one scenario', () => {
  const doc = reliabilityDoc(run, earlier, titles);

  it('replaces that scenario and keeps the others, each row dated by its own run', () => {
    expect(doc).toContain('| Alpha outage | pass | 0.7 min | 2026-11-28 16:50 |');
    expect(doc).toContain('| Beta partition | pass | 0.9 min | 2026-11-28 19:30 |');
    expect(doc).toContain('| Gamma race | pass | 0.4 min | 2026-11-28 16:50 |');
    expect(doc).toContain('Alpha as it was.');
    expect(doc).toContain('**Passed** on 2026-11-28 19:30 UTC in 0.9 min');
    expect(doc).not.toContain('Beta before the fix.');
  });

  it('keeps the scenarios in their order, and a second run keeps the dates it found', () => {
    const order = ['## Alpha outage', '## Beta partition', '## Gamma race'].map((heading) =>
      doc.indexOf(heading),
    );
    expect(order.every((at, index) => at > 0 && (index === 0 || at > (order[index - 1] ?? 0)))).toBe(true);
    const again = reliabilityDoc({ ...run, startedAt: '2026-11-29 08:00:00' }, doc, titles);
    expect(again).toContain('| Alpha outage | pass | 0.7 min | 2026-11-28 16:50 |');
    expect(again).toContain('| Beta partition | pass | 0.9 min | 2026-11-29 08:00 |');
  });
});
