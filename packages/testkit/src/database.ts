// A fresh, migrated database per test file on the test PostgreSQL server, dropped at the end, so test
// files run in parallel without seeing each other's rows.
import { randomBytes } from 'node:crypto';
import { createDb, type Db, migrateToLatest } from '@lablive/server/testing';
import pg from 'pg';
import { inject } from 'vitest';
import './providedContext.ts';

export type TestDatabase = { db: Db; url: string; name: string; drop(): Promise<void> };

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('postgresAdminUrl') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const name = `lablive_test_${randomBytes(6).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = withDatabase(inject('postgresAdminUrl'), name);
  const db = createDb(url, { max: 30 });
  if (options.migrate !== false) await migrateToLatest(db);
  return {
    db,
    url,
    name,
    async drop() {
      await db.destroy();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
