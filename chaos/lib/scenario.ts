// What every fault scenario of `npm run chaos` answers: the checks it made (each passed or failed, with
// what it saw) and the figures it measured. A scenario module exports `run(context)`; chaos/run.ts runs
// the modules listed in scenarios.ts, prints each check and writes docs/reliability.md.

export type Check = { name: string; passed: boolean; detail: string };
export type Figure = { name: string; value: string };

export type ScenarioOutcome = {
  checks: Check[];
  figures: Figure[];
  /** What was set up, in a sentence or two: the reader of docs/reliability.md sees how it was run. */
  setup: string;
  /** Defects found and fixed, or things seen and left alone, worth a line in the report. */
  notes?: string[];
};

export type ScenarioContext = {
  /** A short run (seconds instead of minutes) for trying the harness; not written to the report. */
  quick: boolean;
  /** The maintenance database of this machine's PostgreSQL, where scenario databases are created. */
  adminUrl: string;
  /** This machine's NATS. */
  natsUrl: string;
  /** A progress line on stderr. */
  log(line: string): void;
};

export type ScenarioModule = { run(context: ScenarioContext): Promise<ScenarioOutcome> };

export function check(name: string, passed: boolean, detail: string): Check {
  return { name, passed, detail };
}

export function figure(name: string, value: string | number, unit = ''): Figure {
  const shown =
    typeof value === 'number' ? value.toLocaleString('en-GB', { maximumFractionDigits: 2 }) : value;
  return { name, value: unit ? `${shown} ${unit}` : shown };
}

/** Polls `condition` every 25 ms; resolves with the time it took, rejects naming `what` after `timeoutMs`. */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs: number,
): Promise<number> {
  const started = performance.now();
  while (!(await condition())) {
    if (performance.now() - started > timeoutMs)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return performance.now() - started;
}

/** The p-th percentile (0..100) of `values`, by nearest rank; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}
