// Opens the Kysely database over a pg pool. bigint columns (identities, counters) are parsed to numbers:
// our ids stay far below 2^53. xid8 stays a string (see schema.ts).
import { Kysely, PostgresDialect, type PostgresPool } from 'kysely';
import pg from 'pg';
import { auditSetting } from './auditContext.ts';
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
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: auditedPool(pool) }) });
}

/**
 * The pool as Kysely takes it, each connection handed out carrying the audit context of the work that
 * asked for it (auditContext.ts), for the audit trail's triggers. A connection's setting is sent only
 * when it differs from the one it already has: the room hosts' appends, which run without a context,
 * pay nothing once a connection is back to ''.
 */
function auditedPool(pool: pg.Pool): PostgresPool {
  const settingOf = new WeakMap<pg.PoolClient, string>();
  return {
    async connect() {
      const client = await pool.connect();
      const wanted = auditSetting();
      if ((settingOf.get(client) ?? '') === wanted) return client;
      try {
        await client.query("SELECT set_config('lablive.audit', $1, false)", [wanted]);
      } catch (error) {
        client.release(error instanceof Error ? error : true);
        throw error;
      }
      settingOf.set(client, wanted);
      return client;
    },
    end: () => pool.end(),
    // What Kysely opens a control connection with to cancel a query (the pool's own).
    options: pool.options,
    Client: pg.Client,
  };
}
