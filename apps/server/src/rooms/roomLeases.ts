// Which instance hosts which room: a PostgreSQL advisory lock per room, held on this instance's own
// lease connection. PostgreSQL releases the locks when that connection ends (the instance died or lost
// its database), so another instance can take the room; the expected version on every append fences
// a host that has not noticed yet.
//
// Bounded takeover: a killed process's socket is closed by the kernel, so PostgreSQL drops its locks at
// once. A host that vanished without closing (machine or network gone) is noticed by PostgreSQL's TCP
// keepalives, set short on this connection; this side pings its connection more often than that, so it
// stops hosting before the server lets another instance take its rooms. A lost connection is reopened.
//
// The same connection holds one more lock, the instance's own (a random key chosen at start): while it is
// held the instance is alive, so the hosts of its rooms keep its connections (presenceSweep.ts).
import { randomInt } from 'node:crypto';
import pg from 'pg';

/** The first key of our room locks ("LL"), so they never collide with another application's. */
const LEASE_NAMESPACE = 0x4c4c;
/** The first key of the instances' own locks ("LI"). */
const INSTANCE_NAMESPACE = 0x4c49;
/**
 * The longest wait between two tries at reopening the lease connection. Every room of the instance waits
 * on it after a PostgreSQL restart, and a try at a server that is down is one refused connection: at 5 s
 * the rooms came back 3.3 to 4.7 s after the database (npm run chaos, postgres), for nothing.
 */
const RECONNECT_MAX_MS = 1_000;

export type RoomLeasesOptions = {
  /** How often the lease connection is checked. */
  heartbeatMs?: number;
  /**
   * A query (a check, or a lock query) unanswered this long counts as a lost connection; noticed at the
   * next check, so this plus `heartbeatMs` stays well under the server's ~11 s.
   */
  heartbeatTimeoutMs?: number;
  /** First delay before reopening a lost connection; doubles up to 5 s. */
  reconnectMs?: number;
  log?: (message: string, details?: Record<string, unknown>) => void;
};

export type RoomLeases = {
  /** This instance's key: locked on the lease connection for as long as the instance lives. */
  instanceKey: number;
  /** The keys of the instances alive now (this one included), or null while the connection is lost. */
  liveInstances(): Promise<Set<number> | null>;
  tryAcquire(roomId: number): Promise<boolean>;
  release(roomId: number): Promise<void>;
  held(): number[];
  /** Whether the lease connection is open (no room can be taken while it is not). */
  healthy(): boolean;
  /** Called each time the lease connection is lost: every lease is gone with it. */
  onLost(listener: () => void): void;
  close(): Promise<void>;
};

/**
 * The server side gives up on a silent client after idle + interval * count seconds (about 11 s) or when
 * unacknowledged data waits longer than tcp_user_timeout: well after our own heartbeat notices.
 */
const SERVER_KEEPALIVE = [
  'SET tcp_keepalives_idle = 5',
  'SET tcp_keepalives_interval = 2',
  'SET tcp_keepalives_count = 3',
  'SET tcp_user_timeout = 10000',
];

export async function openRoomLeases(
  databaseUrl: string,
  options: RoomLeasesOptions = {},
): Promise<RoomLeases> {
  const heartbeatMs = options.heartbeatMs ?? 2_000;
  const heartbeatTimeoutMs = options.heartbeatTimeoutMs ?? 5_000;
  const log = options.log ?? (() => {});
  const held = new Set<number>();
  const lostListeners: Array<() => void> = [];
  let closing = false;
  let client: pg.Client | null = null;
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  const run = serialQueue();
  const connect = () => connectLeaseClient(databaseUrl, log);

  function lost(which: pg.Client, why: string) {
    if (client !== which || closing) return;
    client = null;
    which.removeAllListeners('error');
    which.on('error', () => {});
    void which.end().catch(() => {});
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
    held.clear();
    log('room lease connection lost: every hosted room is released', { why });
    for (const listener of lostListeners) listener();
    scheduleReconnect(options.reconnectMs ?? 250);
  }

  function adopt(next: pg.Client) {
    client = next;
    next.on('error', (error) => lost(next, error.message));
    next.on('end', () => lost(next, 'connection ended'));
    // What is timed is the query on the wire, not its wait in the queue: a thousand rooms taken at once
    // queue a thousand lock queries, each answered in turn, and the connection is alive all along.
    heartbeat = setInterval(() => {
      if (client !== next) return;
      const since = run.busySince();
      if (since === null) {
        run(() => next.query('SELECT 1')).catch((error: unknown) => lost(next, String(error)));
        return;
      }
      if (performance.now() - since <= heartbeatTimeoutMs) return;
      // After this turn's input is read: an event loop that stalled past the timeout may have the
      // answer waiting unread, which is no lost connection.
      setImmediate(() => {
        if (run.busySince() === since) lost(next, `no answer within ${heartbeatTimeoutMs} ms`);
      });
    }, heartbeatMs);
    heartbeat.unref();
  }

  function scheduleReconnect(delayMs: number) {
    if (closing) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      connect().then(
        async (next) => {
          // Another instance took this key meanwhile (one chance in two billion): keep trying; this
          // instance is not alive to the others until it has its key back.
          const locked = !closing && (await lockInstance(next, instanceKey).catch(() => false));
          if (!locked) {
            void next.end().catch(() => {});
            if (!closing) {
              log('instance key taken by another instance', { instanceKey });
              scheduleReconnect(Math.min(RECONNECT_MAX_MS, delayMs * 2));
            }
            return;
          }
          adopt(next);
          log('room lease connection reopened');
        },
        (error: unknown) => {
          log('room lease connection could not be reopened', { error: String(error) });
          scheduleReconnect(Math.min(RECONNECT_MAX_MS, delayMs * 2));
        },
      );
    }, delayMs);
  }

  const first = await connect();
  let instanceKey = randomInt(1, 2 ** 31 - 1);
  while (!(await lockInstance(first, instanceKey))) instanceKey = randomInt(1, 2 ** 31 - 1);
  adopt(first);

  return {
    instanceKey,
    async liveInstances() {
      const current = client;
      if (current === null) return null;
      const keys = await run(() => lockedInstanceKeys(current));
      return client === current ? keys : null;
    },
    async tryAcquire(roomId) {
      const current = client;
      if (current === null) return false;
      if (held.has(roomId)) return true;
      const locked = await run(() => lockRoom(current, roomId));
      // The connection may have been lost while the query ran: a lock on a dead connection is none.
      const acquired = locked && client === current;
      if (acquired) held.add(roomId);
      return acquired;
    },
    async release(roomId) {
      const current = client;
      if (!held.delete(roomId) || current === null) return;
      await run(() => unlockRoom(current, roomId)).catch((error: unknown) =>
        log('lease not released', { roomId, error: String(error) }),
      );
    },
    held: () => [...held],
    healthy: () => client !== null,
    onLost(listener) {
      lostListeners.push(listener);
    },
    async close() {
      closing = true;
      held.clear();
      if (heartbeat) clearInterval(heartbeat);
      if (reconnectTimer) clearTimeout(reconnectTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

/**
 * Runs its work one at a time, in order: the one lease connection takes one query at a time.
 * `busySince` is when the work running now started (null when idle), for the heartbeat.
 */
function serialQueue() {
  let chain: Promise<unknown> = Promise.resolve();
  let runningSince: number | null = null;
  const run = <T>(work: () => Promise<T>): Promise<T> => {
    const timed = async () => {
      const started = performance.now();
      runningSince = started;
      try {
        return await work();
      } finally {
        if (runningSince === started) runningSince = null;
      }
    };
    const next = chain.then(timed, timed);
    chain = next.catch(() => {});
    return next;
  };
  return Object.assign(run, { busySince: () => runningSince });
}

/** A new lease connection, with short keepalives on the server's side (SERVER_KEEPALIVE). */
async function connectLeaseClient(
  databaseUrl: string,
  log: (message: string, details?: Record<string, unknown>) => void,
) {
  const next = new pg.Client({
    connectionString: databaseUrl,
    application_name: 'lablive-room-leases',
    keepAlive: true,
    keepAliveInitialDelayMillis: 5_000,
  });
  // Until adopt() listens, a failure reaches us through the pending connect or query; an 'error' event
  // with no listener at all would end the process instead.
  next.on('error', () => {});
  await next.connect();
  try {
    for (const statement of SERVER_KEEPALIVE) await next.query(statement);
  } catch (error) {
    // tcp_user_timeout needs PostgreSQL 12 and a Linux server; the keepalives alone still bound it.
    log('lease connection keepalive not fully set', { error: String(error) });
  }
  return next;
}

/** Locks the instance's key on a new connection; false when another instance holds that key. */
async function lockInstance(connection: pg.Client, key: number): Promise<boolean> {
  const result = await connection.query<{ locked: boolean }>(
    'SELECT pg_try_advisory_lock($1::int, $2::int) AS locked',
    [INSTANCE_NAMESPACE, key],
  );
  return result.rows[0]?.locked === true;
}

/** The keys of the instances alive now: those whose own lock is held, in this database. */
async function lockedInstanceKeys(connection: pg.Client): Promise<Set<number>> {
  // A two-key advisory lock shows its first key as classid and its second as objid (objsubid 2);
  // advisory locks belong to one database, and pg_locks lists every database's.
  const result = await connection.query<{ key: string }>(
    `SELECT objid::text AS key FROM pg_locks
      WHERE locktype = 'advisory' AND classid = $1 AND objsubid = 2 AND granted
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [INSTANCE_NAMESPACE],
  );
  return new Set(result.rows.map((row) => Number(row.key)));
}

async function lockRoom(connection: pg.Client, roomId: number): Promise<boolean> {
  const result = await connection.query<{ acquired: boolean }>(
    'SELECT pg_try_advisory_lock($1::int, $2::int) AS acquired',
    [LEASE_NAMESPACE, roomId],
  );
  return result.rows[0]?.acquired === true;
}

async function unlockRoom(connection: pg.Client, roomId: number): Promise<void> {
  await connection.query('SELECT pg_advisory_unlock($1::int, $2::int)', [LEASE_NAMESPACE, roomId]);
}
