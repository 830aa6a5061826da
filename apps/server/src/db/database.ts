// Opens the application's database: the external PostgreSQL of DATABASE_URL, or the embedded one in
// DATA_DIR. Migrations run before anything else uses it.
import type { Env } from '../config/env.ts';
import { loadOrCreateLocalSecrets } from '../config/secrets.ts';
import { createDb, type Db } from './connection.ts';
import { type DataDirLock, lockDataDir } from './dataDirLock.ts';
import { startEmbeddedPostgres } from './embeddedPostgres.ts';
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
