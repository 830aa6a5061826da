// HAProxy from Debian (`apt-get install haproxy`) in front of the local instances, run in the foreground
// on infra/haproxy.cfg, the production file: only the addresses differ, passed in its environment.
import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from '../repoRoot.ts';

export const HAPROXY_CONFIG = path.join(REPO_ROOT, 'infra/haproxy.cfg');
/** infra/haproxy.cfg names three instances. */
export const HAPROXY_BACKENDS = 3;

export type HaproxyProcess = {
  url: string;
  statsUrl: string;
  output(): string;
  stop(): Promise<void>;
};

/** The haproxy executable, or null when it is not installed. */
export function findHaproxy(): string | null {
  const candidates = [
    ...(process.env.PATH ?? '').split(':').map((dir) => path.join(dir, 'haproxy')),
    '/usr/sbin/haproxy',
    '/usr/local/sbin/haproxy',
  ];
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not this one.
    }
  }
  return null;
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startHaproxy(options: {
  executable: string;
  port: number;
  statsPort: number;
  /** host:port of each instance, three of them (a missing one is an address nothing listens on). */
  backends: readonly string[];
}): Promise<HaproxyProcess> {
  if (options.backends.length !== HAPROXY_BACKENDS) {
    throw new Error(`infra/haproxy.cfg takes ${HAPROXY_BACKENDS} instances, not ${options.backends.length}`);
  }
  let output = '';
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    LB_BIND: `127.0.0.1:${options.port}`,
    LB_STATS_BIND: `127.0.0.1:${options.statsPort}`,
  };
  options.backends.forEach((backend, index) => {
    env[`LABLIVE_${index + 1}`] = backend;
  });
  // -db: stay in the foreground, so that stopping this process stops HAProxy.
  const child: ChildProcess = spawn(options.executable, ['-db', '-f', HAPROXY_CONFIG], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Out of the terminal's process group: it keeps balancing while the instances drain after Ctrl+C.
    detached: true,
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await answers(options.port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`HAProxy did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${options.port}`,
    statsUrl: `http://127.0.0.1:${options.statsPort}/`,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        // SIGUSR1 would wait for the sockets to end; SIGTERM stops at once, as Ctrl+C should.
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
