// The export verification benchmark's section of docs/performance.md: how long the inspector's
// lablive-verify takes on a package of a million events, against the 10 s target and beside the time to
// merely read and SHA-256 the same file once, measured in the same run.
import { median, VERIFY_TARGET_SECONDS, type VerifyBenchResult } from './verifyBench.ts';

export const VERIFY_SECTION_HEADING = '## Export verification (lablive-verify)';

const int = (value: number) => Math.round(value).toLocaleString('en-US');
const seconds = (value: number) => `${value.toFixed(2)} s`;
const load = (values: readonly number[]) => values.map((value) => value.toFixed(2)).join(' / ');

export function verifySection(result: VerifyBenchResult | { error: string } | null): string[] {
  if (result === null) return [VERIFY_SECTION_HEADING, '', 'Not measured in this run.', ''];
  if ('error' in result)
    return [VERIFY_SECTION_HEADING, '', `The verification benchmark failed: ${result.error}`, ''];
  const wall = median(result.verifier.map((run) => run.wallSeconds));
  const cpu = median(result.verifier.map((run) => run.cpuSeconds));
  const base = median(result.baseline.map((run) => run.wallSeconds));
  const others = Math.max(...result.verifier.map((run) => run.othersCores));
  const met = wall <= VERIFY_TARGET_SECONDS;
  const mix = Object.entries(result.mix)
    .map(([type, count]) => `${type} ${((count / result.events) * 100).toFixed(0)} %`)
    .join(', ');
  const runs = (list: VerifyBenchResult['verifier']) =>
    list.map((run) => run.wallSeconds.toFixed(2)).join(' / ');
  return [
    VERIFY_SECTION_HEADING,
    '',
    `Measured by \`${result.command}\` (\`bench/verify/verifyBench.ts\`) on ${result.date} UTC` +
      `${result.quick ? ' (a quick run: 100,000 events, indicative only)' : ''}, load average (1/5/15 min) ` +
      `${load(result.loadAverageAtStart)} at the start and ${load(result.loadAverageAtEnd)} at the end (2 cores shared with other work).`,
    `A package of ${int(result.events)} events (${mix}; ${(result.fileBytes / 1e6).toFixed(0)} MB, ` +
      `${int(result.fileBytes / result.events)} bytes a line on average) sealed with a fresh Ed25519 key as the server seals a log ` +
      `(written in ${result.generateSeconds.toFixed(0)} s), then verified ${result.verifier.length} times by the real ` +
      '`lablive-verify <package> --key <lab key> --json` in a child process: every line canonical JSON, in seq order, hashing to ' +
      "its recorded hash, the RFC 6962 root of all of them equal to the signed checkpoint's, the signature checked. Baseline, " +
      'in the same run, alternating with it: a child process that reads the same file and hashes its bytes once with ' +
      'node:crypto SHA-256, the least any check of the file costs. Each timed run starts once other processes use less ' +
      'than a quarter of a core (waiting at most a minute); times are wall-clock, process start included, the file in the page cache.',
    '',
    '| | median | runs | CPU (median) | events/s |',
    '|---|---|---|---|---|',
    `| lablive-verify | **${seconds(wall)}** | ${runs(result.verifier)} | ${seconds(cpu)} | ${int(result.events / wall)} |`,
    `| read + SHA-256 of the file (baseline) | ${seconds(base)} | ${runs(result.baseline)} | ${seconds(median(result.baseline.map((run) => run.cpuSeconds)))} | ${int(result.events / base)} |`,
    '',
    `- **Target (${int(result.events)} events verified in at most ${VERIFY_TARGET_SECONDS} s): ${met ? 'met' : '**not met**'}.**`,
    `- lablive-verify ÷ baseline: ${(wall / base).toFixed(1)}×. The difference is the work per event: two SHA-256 computations ` +
      "(the leaf, and the tree node it completes) through node:crypto, and one pass over the line's bytes that recognises " +
      'canonical JSON (lines it is not sure of go through JSON.parse and a re-serialisation, which names what is wrong).',
    `- Other processes used up to ${others.toFixed(2)} cores during the verifier's runs.`,
    '',
  ];
}
