// npm run projections -- status | rebuild NAME | rebuild all
// Against DATABASE_URL, or the embedded database of DATA_DIR (the running server's, when one runs). A
// rebuild fills a fresh generation and swaps it in while the server keeps serving the old one; stopped
// half-way (Ctrl-C, a crash), the same command resumes it.
import { loadEnv } from '../config/env.ts';
import { openDatabaseForTool } from '../db/database.ts';
import { ProjectionFailedError } from './applyPage.ts';
import { findProjection, PROJECTIONS } from './projections.ts';
import { rebuildProjections } from './rebuild.ts';
import { formatStatus, projectionStatus } from './status.ts';

const USAGE = `Usage: npm run projections -- status | rebuild <${PROJECTIONS.map((each) => each.name).join('|')}|all>`;

const [command, target] = process.argv.slice(2);
if (command !== 'status' && command !== 'rebuild') {
  console.error(USAGE);
  process.exit(2);
}
const chosen =
  command === 'rebuild'
    ? target === 'all'
      ? PROJECTIONS
      : [findProjection(target ?? '')].filter((each) => each !== undefined)
    : PROJECTIONS;
if (command === 'rebuild' && chosen.length === 0) {
  console.error(`No projection named ${JSON.stringify(target ?? '')}. ${USAGE}`);
  process.exit(2);
}

const database = await openDatabaseForTool(loadEnv(), (line) => console.error(line));
const controller = new AbortController();
process.once('SIGINT', () => controller.abort());
let exitCode = 0;
try {
  if (command === 'rebuild') {
    console.log(`Rebuilding ${chosen.map((each) => each.name).join(', ')} from the beginning of the log…`);
    let reported = 0;
    const results = await rebuildProjections(database.db, chosen, {
      signal: controller.signal,
      onProgress: (applied) => {
        if (applied - reported >= 100_000) {
          reported = applied;
          console.log(`  ${applied} events`);
        }
      },
    });
    results.forEach((result, index) => {
      const seconds = result.milliseconds / 1000;
      console.log(
        `${chosen[index]?.name}: generation ${result.generation} live, ${result.events} events in ${seconds.toFixed(1)} s (${Math.round(result.events / Math.max(seconds, 0.001))} events/s)`,
      );
    });
  }
  console.log(formatStatus(await projectionStatus(database.db, PROJECTIONS)));
} catch (error) {
  exitCode = 1;
  if (error instanceof ProjectionFailedError) console.error(error.message);
  else if (controller.signal.aborted)
    console.error('Stopped; run the same command again to resume the rebuild.');
  else throw error;
} finally {
  await database.close();
}
process.exitCode = exitCode;
