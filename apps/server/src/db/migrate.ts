// Runs the migrations of the repository's migrations/ folder, in name (timestamp) order.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { FileMigrationProvider, type MigrationResultSet, Migrator } from 'kysely/migration';
import { REPO_ROOT } from '../config/env.ts';

export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'migrations');

export function createMigrator<DB>(db: Kysely<DB>): Migrator {
  return new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder: MIGRATIONS_DIR }),
  });
}

export class MigrationError extends Error {
  readonly results: MigrationResultSet['results'];

  constructor(cause: unknown, results: MigrationResultSet['results']) {
    const failed = results?.find((result) => result.status === 'Error');
    super(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(cause)}`, { cause });
    this.name = 'MigrationError';
    this.results = results;
  }
}

/** Applies every pending migration; returns the names applied. */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  const { error, results } = await createMigrator(db).migrateToLatest();
  if (error) throw new MigrationError(error, results);
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
