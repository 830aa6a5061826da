// One LabLive instance as its own process (apps/server/src/main.ts), as a deployment runs it: for the
// local cluster (`npm run cluster`), the failover tests and the failover measurement. It can be stopped
// with SIGTERM (a drain) or killed with SIGKILL (a crash).
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../repoRoot.ts';

export type InstanceProcess = {
  name: string;
  port: number;
  /** http://127.0.0.1:<port> */
  url: string;
  pid: number;
  /** Everything the process wrote so far. */
  output(): string;
  running(): boolean;
  /** Resolves with the exit code (null when a signal ended it) once the process is gone. */
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
  /** SIGTERM (the instance drains), then waits for the exit; SIGKILL after `timeoutMs`. */
  stop(timeoutMs?: number): Promise<number | null>;
};

export type InstanceOptions = {
  name: string;
  port: number;
  /** The instance's configuration (DATABASE_URL, NATS_URL, ...); PORT, HOST and INSTANCE_NAME are set here. */
  env: Record<string, string>;
  /** Each line the instance writes, as it comes. */
  onLine?: (line: string) => void;
  startTimeoutMs?: number;
};

const MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts');
const READY_LINE = 'LabLive is running';

export async function startInstance(options: InstanceOptions): Promise<InstanceProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  let output = '';
  let partial = '';
  const child: ChildProcess = spawn(
    process.execPath,
    // The heap flag of apps/server's start script (docs/operations.md).
    ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', '--max-semi-space-size=64', MAIN],
    {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        ...options.env,
        PORT: String(options.port),
        INSTANCE_NAME: options.name,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: Ctrl+C in a terminal reaches the cluster command, which drains each
      // instance, instead of every instance at once (a second signal would cut their drain short).
      detached: true,
    },
  );
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    output += text;
    if (!options.onLine) return;
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (line.trim() !== '') options.onLine(line);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${options.name} could not be started`);

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(`${options.name} did not start within ${options.startTimeoutMs ?? 60_000} ms:\n${output}`),
      );
    }, options.startTimeoutMs ?? 60_000);
    const check = () => {
      if (!output.includes(READY_LINE)) return;
      clearTimeout(timer);
      child.stdout?.off('data', check);
      resolve();
    };
    child.stdout?.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${options.name} exited with ${code} while starting:\n${output}`));
    });
  });

  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    name: options.name,
    port: options.port,
    url,
    pid,
    output: () => output,
    running,
    exited,
    kill(signal) {
      if (running()) child.kill(signal);
    },
    async stop(timeoutMs = 30_000) {
      if (!running()) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
