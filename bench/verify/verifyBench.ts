// Export verification at scale: a package of 1,000,000 session events (chat messages, people joining and
// leaving, poll votes, hands raised; 150 to 400 bytes a line), sealed with a fresh key as the server seals
// a log, verified by the real `lablive-verify` in a child process, three times. Baseline, side by side in
// the same run: node:crypto hashing the same file's bytes once with SHA-256 (read and hash, also in a
// child process), the least any verification of the file can cost. Target: at most 10 s.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  EXPORT_FORMAT,
  eventLeafHash,
  eventLine,
  generateNoteKeys,
  headerLine,
  MerkleTreeBuilder,
  signCheckpoint,
  type VerifyResult,
} from '@lablive/verify';
import { sampleSessionEvents } from '@lablive/verify/testing/sampleEvents';
import { onCleanup } from '../lib/cleanup.ts';
import { cpuSecondsOf, machineBusySeconds, waitForQuietMachine } from '../lib/cpuTime.ts';
import { REPO_ROOT } from '../lib/pinnedProcess.ts';

export const VERIFY_TARGET_SECONDS = 10;
const PLAN = { full: { events: 1_000_000, runs: 3 }, quick: { events: 100_000, runs: 3 } };
const CLI = path.join(REPO_ROOT, 'packages/verify/src/cli.ts');
/** The baseline's whole program: read the file as a stream and hash its bytes once. */
const BASELINE_SCRIPT = `
const { createHash } = require('node:crypto');
const hash = createHash('sha256');
require('node:fs').createReadStream(process.argv[1], { highWaterMark: 1 << 20 })
  .on('data', (chunk) => hash.update(chunk))
  .on('end', () => console.log(hash.digest('hex')));
`;
/** Other processes may use this much of a core before a timed run starts (it waits up to QUIET_WAIT_MS). */
const MAX_OTHERS = 0.25;
const QUIET_WAIT_MS = 60_000;

export type TimedRun = {
  wallSeconds: number;
  /** CPU seconds of the child (user + system), sampled every 20 ms while it ran. */
  cpuSeconds: number;
  /** Cores other processes used meanwhile (machine busy time minus the child's, over the wall time). */
  othersCores: number;
};

export type VerifyBenchResult = {
  date: string;
  quick: boolean;
  command: string;
  events: number;
  fileBytes: number;
  generateSeconds: number;
  /** Lines by event type, to show what the package held. */
  mix: Record<string, number>;
  verifier: TimedRun[];
  baseline: TimedRun[];
  loadAverageAtStart: number[];
  loadAverageAtEnd: number[];
};

const loadAverage = () => os.loadavg().map((value) => Math.round(value * 100) / 100);

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
};

/**
 * Writes the package as the server would: each event's leaf hash recorded, the tree built as they come,
 * the events' lines into a body file meanwhile; then the signed checkpoint's header and the body.
 */
async function writePackage(
  folder: string,
  events: number,
): Promise<{ file: string; mix: Record<string, number>; verifierKey: string }> {
  const origin = 'bench.lablive.example/labs/1/audit/2025-03-14';
  const keys = generateNoteKeys(origin);
  const bodyFile = path.join(folder, 'body.jsonl');
  const body = createWriteStream(bodyFile);
  const tree = new MerkleTreeBuilder();
  const mix: Record<string, number> = {};
  let pending = '';
  let seq = 0;
  for (const fields of sampleSessionEvents(events, 2025)) {
    seq += 1;
    const hash = eventLeafHash(seq, fields);
    tree.append(hash);
    pending += eventLine({ ...fields, seq, hash: hash.toString('base64') });
    const type = String(fields.type);
    mix[type] = (mix[type] ?? 0) + 1;
    if (pending.length > 1 << 20) {
      if (!body.write(pending)) await once(body, 'drain');
      pending = '';
    }
  }
  body.end(pending);
  await once(body, 'finish');
  const checkpoint = signCheckpoint(
    { origin, size: tree.size, root: tree.root(), extensions: [] },
    keys.signerKey,
  );
  const file = path.join(folder, 'package.jsonl');
  const out = createWriteStream(file);
  out.write(
    headerLine({
      format: EXPORT_FORMAT,
      kind: 'audit',
      origin,
      checkpoint,
      key: keys.verifierKey,
      createdAt: new Date().toISOString(),
    }),
  );
  await pipeline(createReadStream(bodyFile), out);
  await rm(bodyFile);
  return { file, mix, verifierKey: keys.verifierKey };
}

/** Runs a node child to its end: wall time, its CPU time, and what the rest of the machine used meanwhile. */
async function timed(args: string[]): Promise<TimedRun & { stdout: string; code: number | null }> {
  const busyBefore = machineBusySeconds();
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const stop = onCleanup('stop the timed child', () => child.kill('SIGKILL'));
  let stdout = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  let cpuSeconds = 0;
  const sampler = setInterval(() => {
    const used = child.pid === undefined ? Number.NaN : cpuSecondsOf(child.pid);
    if (!Number.isNaN(used)) cpuSeconds = used;
  }, 20);
  const [code] = (await once(child, 'close')) as [number | null];
  const wallSeconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await stop();
  const busy = machineBusySeconds() - busyBefore;
  return { wallSeconds, cpuSeconds, othersCores: Math.max(0, busy - cpuSeconds) / wallSeconds, stdout, code };
}

export async function runVerifyBench(options: {
  quick: boolean;
  command: string;
  log: (line: string) => void;
}): Promise<VerifyBenchResult> {
  const { quick, command, log } = options;
  const plan = quick ? PLAN.quick : PLAN.full;
  const date = new Date().toISOString().slice(0, 19).replace('T', ' ');
  const loadAverageAtStart = loadAverage();
  const folder = await mkdtemp(path.join(os.tmpdir(), 'lablive-bench-verify-'));
  const removeFolder = onCleanup('remove the verify bench folder', () =>
    rm(folder, { recursive: true, force: true }),
  );
  try {
    const generating = performance.now();
    const { file, mix, verifierKey } = await writePackage(folder, plan.events);
    const generateSeconds = (performance.now() - generating) / 1000;
    const fileBytes = (await stat(file)).size;
    log(
      `${plan.events} events, ${(fileBytes / 1e6).toFixed(0)} MB, written in ${generateSeconds.toFixed(1)} s`,
    );

    const verifier: TimedRun[] = [];
    const baseline: TimedRun[] = [];
    for (let run = 1; run <= plan.runs; run++) {
      await waitForQuietMachine(null, MAX_OTHERS, QUIET_WAIT_MS);
      // As an inspector runs it: with the lab's published key.
      const verified = await timed([CLI, file, '--key', verifierKey, '--json']);
      const result = JSON.parse(verified.stdout) as VerifyResult;
      if (verified.code !== 0 || !result.verified || result.events !== plan.events) {
        throw new Error(
          `lablive-verify did not verify the package (exit ${verified.code}): ${result.problem?.message}`,
        );
      }
      verifier.push({
        wallSeconds: verified.wallSeconds,
        cpuSeconds: verified.cpuSeconds,
        othersCores: verified.othersCores,
      });
      await waitForQuietMachine(null, MAX_OTHERS, QUIET_WAIT_MS);
      const hashed = await timed(['-e', BASELINE_SCRIPT, file]);
      if (hashed.code !== 0 || !/^[0-9a-f]{64}$/.test(hashed.stdout.trim()))
        throw new Error('the baseline failed');
      baseline.push({
        wallSeconds: hashed.wallSeconds,
        cpuSeconds: hashed.cpuSeconds,
        othersCores: hashed.othersCores,
      });
      log(
        `run ${run}: lablive-verify ${verified.wallSeconds.toFixed(2)} s (CPU ${verified.cpuSeconds.toFixed(2)} s, ` +
          `others ${verified.othersCores.toFixed(2)} cores); SHA-256 of the file ${hashed.wallSeconds.toFixed(2)} s`,
      );
    }
    return {
      date,
      quick,
      command,
      events: plan.events,
      fileBytes,
      generateSeconds,
      mix,
      verifier,
      baseline,
      loadAverageAtStart,
      loadAverageAtEnd: loadAverage(),
    };
  } finally {
    await removeFolder();
  }
}
