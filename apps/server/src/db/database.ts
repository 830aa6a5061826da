// Opens the application's database: the external PostgreSQL of DATABASE_URL, or the embedded one in
// DATA_DIR. Migrations run before anything else uses it.
import type { Env } from '../config/env.ts';
import { loadOrCreateLocalSecrets } from '../config/secrets.ts';
import { createDb, type Db } from './connection.ts';
import { DataDirInUseError, type DataDirLock, lockDataDir } from './dataDirLock.ts';
import { runningEmbeddedUrl, startEmbeddedPostgres } from './embeddedPostgres.ts';
import { migrateToLatest } from './migrate.ts';

export type OpenDatabase = {
  db: Db;
  url: string;
  embedded: boolean;
  migrationsApplied: string[];
  close(): Promise<void>;
};

export async function openDatabase(
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR' | 'EMBEDDED_PG_PORT'>,
  log: (line: string) => void,
): Promise<OpenDatabase> {
  let lock: DataDirLock | undefined;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let url = env.DATABASE_URL;
  if (url === undefined) {
    lock = await lockDataDir(env.DATA_DIR);
    try {
      const secrets = await loadOrCreateLocalSecrets(env.DATA_DIR);
      const embedded = await startEmbeddedPostgres({
        dataDir: env.DATA_DIR,
        port: env.EMBEDDED_PG_PORT,
        password: secrets.embeddedPostgresPassword,
        log,
      });
      url = embedded.url;
      stopEmbedded = embedded.stop;
    } catch (error) {
      await lock.release();
      throw error;
    }
  }
  const db = createDb(url);
  const close = async () => {
    await db.destroy();
    await stopEmbedded?.();
    await lock?.release();
  };
  try {
    const migrationsApplied = await migrateToLatest(db);
    return { db, url, embedded: stopEmbedded !== undefined, migrationsApplied, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The database for a command-line tool (`npm run projections`): DATABASE_URL; else the embedded one of
 * a server running on DATA_DIR, reached where that server started it; else the embedded one started
 * for the tool alone.
 */
export async function openDatabaseForTool(
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR' | 'EMBEDDED_PG_PORT'>,
  log: (line: string) => void,
): Promise<OpenDatabase> {
  try {
    return await openDatabase(env, log);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    const secrets = await loadOrCreateLocalSecrets(env.DATA_DIR);
    const url = await runningEmbeddedUrl(env.DATA_DIR, secrets.embeddedPostgresPassword);
    if (url === null) throw error;
    log(`Using the embedded database of the server running on ${env.DATA_DIR}.`);
    return openDatabase({ ...env, DATABASE_URL: url }, log);
  }
}
