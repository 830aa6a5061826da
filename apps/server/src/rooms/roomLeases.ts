// Which instance hosts which room: a PostgreSQL advisory lock per room, held on this instance's own
// lease connection. PostgreSQL releases the locks when that connection ends (the instance died or lost
// its database), so another instance can take the room; the expected version on every append fences
// a host that has not noticed yet.
import pg from 'pg';

/** The first key of our advisory locks ("LL"), so they never collide with another application's. */
const LEASE_NAMESPACE = 0x4c4c;

export type RoomLeases = {
  tryAcquire(roomId: number): Promise<boolean>;
  release(roomId: number): Promise<void>;
  held(): number[];
  /** Called once when the lease connection is lost: every lease is gone with it. */
  onLost(listener: () => void): void;
  close(): Promise<void>;
};

export async function openRoomLeases(databaseUrl: string): Promise<RoomLeases> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'lablive-room-leases' });
  await client.connect();
  const held = new Set<number>();
  const lostListeners: Array<() => void> = [];
  let lost = false;
  let closing = false;
  const markLost = () => {
    if (lost || closing) return;
    lost = true;
    held.clear();
    for (const listener of lostListeners) listener();
  };
  client.on('error', markLost);
  client.on('end', markLost);
  // One query at a time on the one connection, in order.
  let chain: Promise<unknown> = Promise.resolve();
  const run = <T>(work: () => Promise<T>): Promise<T> => {
    const next = chain.then(work, work);
    chain = next.catch(() => {});
    return next;
  };

  return {
    async tryAcquire(roomId) {
      if (lost) return false;
      if (held.has(roomId)) return true;
      const result = await run(() =>
        client.query<{ acquired: boolean }>('SELECT pg_try_advisory_lock($1::int, $2::int) AS acquired', [
          LEASE_NAMESPACE,
          roomId,
        ]),
      );
      const acquired = result.rows[0]?.acquired === true;
      if (acquired) held.add(roomId);
      return acquired;
    },
    async release(roomId) {
      if (!held.delete(roomId) || lost) return;
      await run(() => client.query('SELECT pg_advisory_unlock($1::int, $2::int)', [LEASE_NAMESPACE, roomId]));
    },
    held: () => [...held],
    onLost(listener) {
      lostListeners.push(listener);
    },
    async close() {
      closing = true;
      held.clear();
      await client.end().catch(() => {});
    },
  };
}
