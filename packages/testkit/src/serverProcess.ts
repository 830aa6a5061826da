// Starts the real LabLive server as its own process (as `npm start` does, on the built web app), on a
// free port and a test database, and stops it afterwards.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@lablive/server/testing';
import { REPO_ROOT } from './repoRoot.ts';

export type ServerProcess = {
  url: string;
  /** The instance's own metrics listener (METRICS_PORT), apart from its application port. */
  metricsUrl: string;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
};

export async function newDataDir(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lablive-e2e-'));
  // As root, the embedded PostgreSQL runs as the 'postgres' user, which must be able to enter it.
  await chmod(dataDir, 0o755);
  return dataDir;
}

/** Runs apps/server/src/main.ts until it exits; for starts that are expected to fail. */
export function runServerToExit(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(process.execPath, SERVER_ARGS, {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', METRICS_PORT: '0', ...env },
    });
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => resolve({ code, output }));
  });
}

const SERVER_ARGS = [
  '--experimental-strip-types',
  '--disable-warning=ExperimentalWarning',
  'apps/server/src/main.ts',
];

export async function startServerProcess(
  env: Record<string, string>,
  options: { dataDir?: string; keepDataDir?: boolean } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const metricsPort = await freePort();
  const dataDir = options.dataDir ?? (await newDataDir());
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, SERVER_ARGS, {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within 60 s:\n${output}`)), 60_000);
    const check = () => {
      if (output.includes('LabLive is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.keepDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
