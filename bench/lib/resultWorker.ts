// The worker's side of runResultChild (resultChild.ts): its config read from the JSON file named by its
// only argument, progress on stderr, and its result as one `RESULT {json}` line on stdout before it
// exits (1, with the error on stderr, when it fails). Written once for every benchmark worker.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Progress for the parent's console (the parent echoes stderr). */
export const workerLog = (line: string) => process.stderr.write(`${line}\n`);

/** The config the parent wrote for this worker (the caller knows its shape: it wrote the parent). */
export function workerConfig<T>(): T {
  const configPath = process.argv[2];
  if (!configPath) throw new Error(`usage: ${path.basename(process.argv[1] ?? 'worker')} <config.json>`);
  return JSON.parse(readFileSync(configPath, 'utf8')) as T;
}

/**
 * Ends the worker with its parent: when the parent's end of stdin closes (it exited, even killed) or it
 * sends SIGTERM, so no worker outlives a benchmark run and keeps loading the machine.
 */
export function exitWithParent(): void {
  process.stdin.on('end', () => process.exit(2));
  process.stdin.resume();
  // Exits through process.exit so that a --cpu-prof profile is written.
  process.once('SIGTERM', () => process.exit(143));
}

/** Runs the worker and answers with its result; `name` says who failed in the parent's console. */
export function answerWith(name: string, main: () => Promise<unknown>): void {
  main().then(
    (result) => {
      process.stdout.write(`RESULT ${JSON.stringify(result)}\n`, () => process.exit(0));
    },
    (error: unknown) => {
      workerLog(`${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exit(1);
    },
  );
}
