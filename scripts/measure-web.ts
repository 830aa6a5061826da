// The browser benchmark alone (issue 4's figures: Join to the first remote frame, the room route's
// JavaScript gzipped), without the rest of `npm run bench`: prints the result as JSON and the
// docs/performance.md section it makes. The measuring is bench/web/webBench.ts.
//   flock /tmp/lablive-measure.lock node --experimental-strip-types scripts/measure-web.ts [--quick]
//     [--database=<admin url>]   the PostgreSQL server where the run's database is created and dropped
import { DEFAULT_ADMIN_URL, useAdminUrl } from '../bench/lib/benchDatabase.ts';
import { cleanUpOnSignals, runCleanups } from '../bench/lib/cleanup.ts';
import { runWebBench } from '../bench/web/webBench.ts';
import { webSection } from '../bench/web/webSection.ts';

cleanUpOnSignals();
const database = process.argv.find((arg) => arg.startsWith('--database='))?.slice('--database='.length);
useAdminUrl(database ?? DEFAULT_ADMIN_URL);
try {
  const result = await runWebBench({
    quick: process.argv.includes('--quick'),
    log: (line) => console.error(line),
  });
  console.log(JSON.stringify(result, null, 2));
  console.log(`\n${webSection(result).join('\n')}`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  // On SIGINT the signal handler cleans up too: this waits for it rather than exiting under it.
  await runCleanups();
}
