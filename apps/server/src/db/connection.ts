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
  // Nor one checked out (a query running, a transaction between statements): pg emits 'error' on the
  // client, and pg-pool listens only while the client is idle, so the process would end on the first
  // restart of PostgreSQL. The query in flight fails by itself, and the pool drops the dead client
  // when it is released (npm run chaos, scenario postgres).
  pool.on('connect', (client) => client.on('error', () => {}));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
