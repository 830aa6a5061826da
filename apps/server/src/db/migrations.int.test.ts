import { createTestDatabase, type TestDatabase } from '@lablive/testkit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigrator, migrateToLatest } from './migrate.ts';

describe('migrations', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase({ migrate: false });
  });
  afterAll(() => test.drop());

  it('create every table both specifications need, and can be rolled back and applied again', async () => {
    const applied = await migrateToLatest(test.db);
    expect(applied.length).toBeGreaterThan(0);
    const tables = await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`.execute(test.db);
    const names = tables.rows.map((row) => row.table_name);
    for (const table of [
      'labs',
      'lab_modules',
      'users',
      'roles',
      'permissions',
      'user_roles',
      'user_permissions',
      'groups',
      'events',
      'rooms',
      'medias',
      'participants',
      'event_invitations',
      'polls',
      'documents',
      'pharmacovigilance_receivers',
      'pharmacovigilance_reports',
      'deployment_schedulers',
      'email_templates',
      'session_events',
      'projection_checkpoints',
    ]) {
      expect(names).toContain(table);
    }

    const migrator = createMigrator(test.db);
    for (let i = 0; i < applied.length; i++) {
      const { error } = await migrator.migrateDown();
      expect(error).toBeUndefined();
    }
    const left = await sql<{ count: number }>`
      SELECT count(*)::int AS count FROM information_schema.tables
      WHERE table_schema = 'public' AND table_name NOT LIKE 'kysely_%'`.execute(test.db);
    expect(left.rows[0]?.count).toBe(0);
    expect(await migrateToLatest(test.db)).toEqual(applied);
  });
});
