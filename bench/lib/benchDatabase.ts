// A fresh, migrated database per scenario on the benchmark's PostgreSQL server (run.ts --database=<url>),
// dropped at the end of the scenario (or by the cleanup registry when the run fails).
import { randomBytes } from 'node:crypto';
import { createDb, type Db, migrateToLatest } from '@lablive/server/tooling';
import pg from 'pg';
import { onCleanup } from './cleanup.ts';

export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
let adminUrl = DEFAULT_ADMIN_URL;

/** The server's maintenance database, where databases are created and dropped. */
export function useAdminUrl(url: string): void {
  adminUrl = url;
}

export type BenchDatabase = { name: string; url: string; db: Db; drop(): Promise<void> };

export async function adminQuery<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** The address of database `name` on the benchmark's PostgreSQL server. */
export function databaseUrl(name: string): string {
  const parsed = new URL(adminUrl);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function createBenchDatabase(label: string): Promise<BenchDatabase> {
  const name = `lablive_bench_${label}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = databaseUrl(name);
  const db = createDb(url, { max: 10 });
  const drop = onCleanup(`drop database ${name}`, async () => {
    await db.destroy().catch(() => {});
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await drop();
    throw error;
  }
  return { name, url, db, drop };
}
