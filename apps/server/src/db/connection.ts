// Opens the Kysely database over a pg pool. bigint columns (identities, counters) are parsed to numbers:
// our ids stay far below 2^53. xid8 stays a string (see schema.ts).
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

const INT8_OID = 20;
pg.types.setTypeParser(INT8_OID, (value) => Number.parseInt(value, 10));

export type Db = Kysely<Database>;

export function createDb(connectionString: string, options: { max?: number } = {}): Db {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
  // An idle client losing its connection (database restarted) must not crash the process.
  pool.on('error', () => {});
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
