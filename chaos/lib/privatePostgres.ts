// A PostgreSQL server of the chaos run's own (Debian's binaries, a cluster in a temporary folder, a free
// port, trust on 127.0.0.1), so a scenario can restart, crash or freeze the database its LabLive
// instances use without touching this machine's PostgreSQL, which other work shares. As root the
// server runs as the `postgres` account, as PostgreSQL demands.
import { execFile } from 'node:child_process';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { freePort } from '@lablive/server/testing';
import pg from 'pg';
import { onCleanup } from '../../bench/lib/cleanup.ts';

const run = promisify(execFile);
const BIN = '/usr/lib/postgresql/15/bin';
const asRoot = process.getuid?.() === 0;

export type StopMode = 'fast' | 'immediate';

export type PrivatePostgres = {
  port: number;
  /** The address of `database` on this server (user postgres, no password). */
  url(database?: string): string;
  /** Creates an empty database. */
  createDatabase(name: string): Promise<void>;
  /** Stops (fast: a clean shutdown; immediate: as a crash, recovery at the next start), waits `downMs`, starts. */
  restart(mode: StopMode, downMs?: number): Promise<void>;
  /** Freezes every process of the server (SIGSTOP) for `ms`, then lets them go on (SIGCONT). */
  pause(ms: number): Promise<void>;
  stop(): Promise<void>;
  /** The server's own log so far. */
  log(): Promise<string>;
};

/** Runs a PostgreSQL binary, as the postgres account when this process is root. */
async function pgBinary(name: string, args: string[]): Promise<string> {
  const [file, fileArgs] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', path.join(BIN, name), ...args]]
    : [path.join(BIN, name), args];
  const { stdout } = await run(file, fileArgs, { cwd: tmpdir() });
  return stdout;
}

async function postgresUid(): Promise<{ uid: number; gid: number }> {
  const { stdout } = await run('id', ['postgres']);
  const uid = Number(/uid=(\d+)/.exec(stdout)?.[1]);
  const gid = Number(/gid=(\d+)/.exec(stdout)?.[1]);
  return { uid, gid };
}

/** The postmaster and every process it forked (backends, checkpointer, WAL writer, ...). */
async function serverProcesses(dataDir: string): Promise<number[]> {
  const postmaster = Number((await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  const { stdout } = await run('pgrep', ['-P', String(postmaster)]).catch(() => ({ stdout: '' }));
  return [postmaster, ...stdout.split('\n').filter(Boolean).map(Number)];
}

export async function startPrivatePostgres(label: string): Promise<PrivatePostgres> {
  const folder = await mkdtemp(path.join(tmpdir(), `lablive-chaos-pg-${label}-`));
  const removeFolder = onCleanup(`remove ${folder}`, () => rm(folder, { recursive: true, force: true }));
  if (asRoot) {
    const { uid, gid } = await postgresUid();
    await chown(folder, uid, gid);
  }
  const dataDir = path.join(folder, 'data');
  const logFile = path.join(folder, 'postgres.log');
  const port = await freePort();
  await pgBinary('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${folder}`,
    '-c max_connections=200',
  ].join(' ');
  const start = () =>
    pgBinary('pg_ctl', ['start', '-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', options]);
  const stopServer = (mode: StopMode) => pgBinary('pg_ctl', ['stop', '-D', dataDir, '-m', mode, '-w']);
  await start();
  let running = true;
  const stop = onCleanup(`stop the private PostgreSQL on port ${port}`, async () => {
    if (running) await stopServer('immediate').catch(() => {});
    running = false;
    await removeFolder();
  });

  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
    },
    async restart(mode, downMs = 0) {
      await stopServer(mode);
      running = false;
      await sleep(downMs);
      await start();
      running = true;
    },
    async pause(ms) {
      const pids = await serverProcesses(dataDir);
      for (const pid of pids) process.kill(pid, 'SIGSTOP');
      try {
        await sleep(ms);
      } finally {
        for (const pid of pids) process.kill(pid, 'SIGCONT');
      }
    },
    stop,
    log: () => readFile(logFile, 'utf8').catch(() => ''),
  };
}
