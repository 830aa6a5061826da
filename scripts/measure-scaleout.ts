// The scale-out benchmark alone (bench/scaleout: failover, bus overhead, deliveries/s with 1, 2 and 3
// instances), printing its docs/performance.md section; `npm run bench` runs the same with the others.
// Saves the figures as JSON in the temporary folder. Wrap it in `flock /tmp/lablive-measure.lock` on a
// shared machine.
//   node --experimental-strip-types scripts/measure-scaleout.ts [--quick]
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { cleanUpOnSignals, runCleanups } from '../bench/lib/cleanup.ts';
import { runScaleoutBench } from '../bench/scaleout/scaleoutBench.ts';
import { scaleoutSection } from '../bench/scaleout/scaleoutSection.ts';

cleanUpOnSignals();
try {
  const result = await runScaleoutBench({
    quick: process.argv.includes('--quick'),
    log: (line) => console.error(line),
  });
  const saved = path.join(os.tmpdir(), `lablive-scaleout-${Date.now()}.json`);
  await writeFile(saved, JSON.stringify(result, null, 2));
  console.log(`${scaleoutSection(result).join('\n')}\nFigures saved in ${saved}.`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await runCleanups();
}
