// Which instance runs which projection: a PostgreSQL advisory lock per projection, held on one
// connection of this instance. PostgreSQL drops the locks when that connection ends (the instance died),
// so another instance takes the projection over. The lock only spares duplicated work: a page is applied
// only where the checkpoint was left (applyPage.ts), so two runners can never count an event twice.
import pg from 'pg';

/** The first key of projection leases ("LP"): never another application's or the rooms' ("LL"). */
const PROJECTION_LEASE_NAMESPACE = 0x4c50;

export type ProjectionLeases = {
  tryAcquire(projection: string): Promise<boolean>;
  holds(projection: string): boolean;
  close(): Promise<void>;
};

export function createProjectionLeases(
  connectionString: string,
  log: (message: string, details?: Record<string, unknown>) => void,
): ProjectionLeases {
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  const held = new Set<string>();
  let closed = false;

  function connection(): Promise<pg.Client> {
    if (client !== null) return Promise.resolve(client);
    connecting ??= (async () => {
      const fresh = new pg.Client({ connectionString, keepAlive: true });
      fresh.on('error', (error) => {
        log('projection lease connection lost', { error: error.message });
        // Every lock went with the connection.
        held.clear();
        if (client === fresh) client = null;
        fresh.end().catch(() => {});
      });
      try {
        await fresh.connect();
      } catch (error) {
        connecting = null;
        throw error;
      }
      client = fresh;
      connecting = null;
      return fresh;
    })();
    return connecting;
  }

  return {
    async tryAcquire(projection) {
      if (closed) return false;
      if (held.has(projection)) return true;
      const lease = await connection();
      const { rows } = await lease.query<{ acquired: boolean }>(
        'SELECT pg_try_advisory_lock($1, hashtext($2)) AS acquired',
        [PROJECTION_LEASE_NAMESPACE, projection],
      );
      if (rows[0]?.acquired === true) held.add(projection);
      return held.has(projection);
    },
    holds: (projection) => held.has(projection),
    async close() {
      closed = true;
      held.clear();
      const open = client;
      client = null;
      await open?.end().catch(() => {});
    },
  };
}
