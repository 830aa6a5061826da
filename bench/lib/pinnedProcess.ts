// Node child processes pinned to one core with taskset: started with the repository's TypeScript flags,
// their output kept for diagnosis, lines awaited by prefix, and always stopped (SIGTERM, then SIGKILL).
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { onCleanup } from './cleanup.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const NODE_TS_FLAGS = ['--experimental-strip-types', '--disable-warning=ExperimentalWarning'];

export type PinnedProcess = {
  name: string;
  pid: number;
  core: number;
  /** The last 64 KiB of stdout and stderr. */
  output(): string;
  /** The rest of the first stdout line starting with `prefix`, or a rejection after `timeoutMs`. */
  line(prefix: string, timeoutMs: number): Promise<string>;
  exited: Promise<number | null>;
  stop(graceMs?: number): Promise<void>;
};

const OUTPUT_KEPT = 64 * 1024;
const alive = new Set<ChildProcess>();
// Last resort: a parent that dies without cleaning up still takes its children with it.
process.on('exit', () => {
  for (const child of alive) child.kill('SIGKILL');
});

/** Pins a running process, every thread of it, to one core (processes started by others, e.g. a cluster's instances). */
export async function pinToCore(pid: number, core: number): Promise<void> {
  await promisify(execFile)('taskset', ['-a', '-p', '-c', String(core), String(pid)]);
}

/**
 * The heap flag LabLive's server runs with (apps/server's start script, infra/Dockerfile, the cluster's
 * instances): a room host makes many short-lived objects per command, and a larger young generation
 * collects them in fewer, cheaper passes. A process that runs the server's code is measured with it.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];

export type PinnedOptions = {
  name: string;
  core: number;
  /** Arguments after `node` and its flags: the script and its own arguments. */
  args: string[];
  env: Record<string, string>;
  nodeFlags?: string[];
  /** Lines echoed with the name in front: of stderr (a generator's progress), or of both streams (a server's logs). */
  echo?: 'stderr' | 'all';
};

export function startPinned(options: PinnedOptions): PinnedProcess {
  const child = spawn(
    'taskset',
    [
      '-c',
      String(options.core),
      process.execPath,
      ...NODE_TS_FLAGS,
      ...(options.nodeFlags ?? []),
      ...options.args,
    ],
    {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  if (child.pid === undefined) throw new Error(`${options.name} did not start`);
  alive.add(child);
  let output = '';
  const keep = (chunk: string) => {
    output = (output + chunk).slice(-OUTPUT_KEPT);
  };
  const waiters: Array<{ prefix: string; resolve: (rest: string) => void }> = [];
  const seen: string[] = [];
  let partial = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    keep(chunk);
    partial += chunk;
    const lines = partial.split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (options.echo === 'all' && line.trim() !== '') console.error(`  [${options.name}] ${line}`);
      if (seen.length < 10_000) seen.push(line);
      for (const waiter of [...waiters]) {
        if (!line.startsWith(waiter.prefix)) continue;
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line.slice(waiter.prefix.length));
      }
    }
  });
  let errPartial = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    keep(chunk);
    if (!options.echo) return;
    errPartial += chunk;
    const lines = errPartial.split('\n');
    errPartial = lines.pop() ?? '';
    for (const line of lines) console.error(`  [${options.name}] ${line}`);
  });
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code, signal) => {
      alive.delete(child);
      resolve(code ?? (signal ? -1 : null));
    });
  });

  const stop = async (graceMs = 15_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };
  const unregister = onCleanup(`stop ${options.name}`, () => stop());
  void exited.then(() => unregister());

  return {
    name: options.name,
    pid: child.pid,
    core: options.core,
    output: () => output,
    line(prefix, timeoutMs) {
      const earlier = seen.find((line) => line.startsWith(prefix));
      if (earlier !== undefined) return Promise.resolve(earlier.slice(prefix.length));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(new Error(`${options.name}: no "${prefix}" line within ${timeoutMs} ms:\n${output}`));
        }, timeoutMs);
        const waiter = {
          prefix,
          resolve: (rest: string) => {
            clearTimeout(timer);
            resolve(rest);
          },
        };
        waiters.push(waiter);
        void exited.then((code) => {
          if (!waiters.includes(waiter)) return;
          clearTimeout(timer);
          reject(new Error(`${options.name} exited with ${code} before "${prefix}":\n${output}`));
        });
      });
    },
    exited,
    stop,
  };
}
