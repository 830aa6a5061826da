// Room placement on a real database, two room services standing for two instances on one bus: two hosts
// that both believe they hold a room never write one version twice (the expected version fences one,
// the unique (stream_id, stream_version) stops anything else); a host whose lease connection drops
// stops, and the room is hosted again on its next command; a drained instance takes no room; an
// instance cut from PostgreSQL gets its instance key back after a short cut and gives its sockets up
// after a long one.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type RoomActor, type RoomCommand, roomStreamId } from '@lablive/domain';
import { createEvent, createLab, createTestDatabase, type TestDatabase } from '@lablive/testkit';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRoomConfig } from '../access/roomAccess.ts';
import { createInProcessBus } from '../bus/index.ts';
import { createDb, type Db } from '../db/connection.ts';
import { readStream } from '../event-store/index.ts';
import { createRoomService, type RunningRoomService } from './createRoomService.ts';
import { instanceKeyOf } from './presenceSweep.ts';
import { startRoomHost } from './roomHost.ts';
import type { CommandOutcome } from './roomService.ts';

let test: TestDatabase;
let labId: number;
let eventId: number;
const guest: RoomActor = {
  participantId: 7,
  userId: null,
  role: 'participant',
  name: 'Gus',
  email: 'g@x.org',
};
const quiet = () => {};

beforeAll(async () => {
  test = await createTestDatabase();
  labId = await createLab(test.db, 'Lab', ['polls']);
  eventId = (await createEvent(test.db, { labId, slug: 'placement', rooms: 0 })).eventId;
});
afterAll(() => test.drop());

async function newRoom(): Promise<number> {
  const room = await test.db
    .insertInto('rooms')
    .values({ event_id: eventId, lab_id: labId, opentok_session_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return room.id;
}

const chat = (text: string): RoomCommand => ({
  type: 'SendChatMessage',
  data: { messageId: randomUUID(), text },
});

async function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** The room's stream has versions 1..n, each once. */
async function expectWholeStream(roomId: number) {
  const stored = await readStream(test.db, roomStreamId(roomId));
  expect(stored.map((event) => event.streamVersion)).toEqual(stored.map((_, index) => index + 1));
  return stored;
}

describe('two hosts of one room', () => {
  let pools: Db[] = [];
  afterAll(async () => {
    for (const pool of pools) await pool.destroy();
  });

  it('never store two events with one version: the expected version fences one of them', async () => {
    const roomId = await newRoom();
    const config = (await loadRoomConfig(test.db, null, roomId))?.config;
    if (!config) throw new Error('no room');
    // Two instances, each with its own pool, both sure they hold the lease (none is taken here).
    pools = [createDb(test.url, { max: 4 }), createDb(test.url, { max: 4 })];
    const bus = createInProcessBus();
    const fenced = [0, 0];
    const hosts = await Promise.all(
      pools.map((db, index) =>
        // No per-participant limit here: one person per host sends fifty commands at once, and what is
        // tested is the fencing (participantRateLimit.int.test.ts tests the limit).
        startRoomHost(config, { db, bus, now: () => new Date(), log: quiet, participantLimit: null }, () => {
          fenced[index] = (fenced[index] ?? 0) + 1;
        }),
      ),
    );
    const [one, two] = hosts;
    if (!one || !two) throw new Error('two hosts expected');
    // One person per host; both hosts take commands at once, in waves, each deciding against its own
    // idea of the stream's version.
    const people = [guest, { ...guest, participantId: 8, name: 'Bea', email: 'b@x.org' }];
    const outcomes: Array<{ commandId: string; outcome: CommandOutcome }> = [];
    const submit = (index: number, command: RoomCommand) => {
      const commandId = randomUUID();
      const host = index === 0 ? one : two;
      const actor = people[index] ?? guest;
      return host.submit({ roomId, commandId, actor, command }).then((outcome) => {
        outcomes.push({ commandId, outcome });
      });
    };
    await Promise.all(
      [0, 1].map((index) => submit(index, { type: 'JoinRoom', data: { connectionId: `c${index}` } })),
    );
    for (let wave = 0; wave < 10; wave++) {
      await Promise.all(
        Array.from({ length: 10 }, (_, index) => submit(index % 2, chat(`wave ${wave} #${index}`))),
      );
    }

    expect(fenced.filter((count) => count > 0)).toHaveLength(1);
    expect([one.stopped(), two.stopped()].filter(Boolean)).toHaveLength(1);
    const accepted = outcomes.filter(({ outcome }) => outcome.ok);
    const refused = outcomes.filter(({ outcome }) => !outcome.ok);
    expect(accepted.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every(({ outcome }) => !outcome.ok && outcome.code === 'room_unavailable')).toBe(true);

    // One event per version, and each acknowledged command's event is where its version says.
    const stored = await expectWholeStream(roomId);
    const chats = stored.filter((event) => event.type === 'ChatMessageSent');
    const acceptedChats = accepted.filter(
      ({ outcome }) =>
        outcome.ok && outcome.events.some((delivered) => delivered.event.type === 'ChatMessageSent'),
    );
    expect(acceptedChats.length).toBeGreaterThan(0);
    expect(chats).toHaveLength(acceptedChats.length);
    const byVersion = new Map(stored.map((event) => [event.streamVersion, event]));
    for (const { commandId, outcome } of accepted) {
      if (!outcome.ok) continue;
      expect(byVersion.get(outcome.version)?.metadata.causationId).toBe(commandId);
    }
    await one.stop();
    await two.stop();
  });

  it('cannot store two events with one version even without the check: the unique key refuses', async () => {
    const roomId = await newRoom();
    const streamId = roomStreamId(roomId);
    const row = (eventId: string) => ({
      stream_id: streamId,
      stream_version: 1,
      type: 'ChatMessageSent',
      schema_version: 1,
      data: '{}',
      metadata: '{}',
      event_id: eventId,
    });
    await test.db.insertInto('session_events').values(row(randomUUID())).execute();
    const second = await test.db
      .insertInto('session_events')
      .values(row(randomUUID()))
      .execute()
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(second).toMatchObject({ code: '23505' });
  });
});

describe('leases', () => {
  let one: RunningRoomService;
  let two: RunningRoomService;
  beforeAll(async () => {
    const bus = createInProcessBus();
    one = await createRoomService({ db: test.db, databaseUrl: test.url, bus, log: quiet });
    two = await createRoomService({ db: test.db, databaseUrl: test.url, bus, log: quiet });
  });
  afterAll(async () => {
    await one.close();
    await two.close();
  });

  const run = (service: RunningRoomService, roomId: number, command: RoomCommand) =>
    service.execute({ roomId, commandId: randomUUID(), actor: guest, command });

  it('a host whose lease connection drops stops; the room is hosted again on its next command', async () => {
    const roomId = await newRoom();
    expect((await run(one, roomId, { type: 'JoinRoom', data: { connectionId: 'c1' } })).ok).toBe(true);
    expect(one.hostedRooms()).toEqual([roomId]);

    // What a network cut looks like from PostgreSQL's side: the lease's backend goes away.
    await sql`
      SELECT pg_terminate_backend(pid) FROM pg_locks
      WHERE locktype = 'advisory' AND classid = ${0x4c4c} AND objid = ${roomId} AND granted
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
    `.execute(test.db);
    await waitFor(() => one.hostedRooms().length === 0, 'the host to stop');

    const started = Date.now();
    const again = await run(two, roomId, chat('after the cut'));
    expect(again.ok).toBe(true);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect([...one.hostedRooms(), ...two.hostedRooms()]).toEqual([roomId]);
    await waitFor(() => one.leasesHealthy(), 'the lease connection to be reopened');
    await expectWholeStream(roomId);
  });

  it('a drained instance hands its rooms over and takes none, yet still reaches them', async () => {
    const roomId = await newRoom();
    expect((await run(one, roomId, { type: 'JoinRoom', data: { connectionId: 'c1' } })).ok).toBe(true);
    expect(one.hostedRooms()).toContain(roomId);
    await one.drain();
    expect(one.hostedRooms()).toEqual([]);
    expect((await run(two, roomId, chat('taken over'))).ok).toBe(true);
    expect(two.hostedRooms()).toContain(roomId);
    expect((await run(one, roomId, chat('forwarded'))).ok).toBe(true);
    expect(one.hostedRooms()).toEqual([]);
    const stored = await expectWholeStream(roomId);
    expect(stored.filter((event) => event.type === 'ChatMessageSent')).toHaveLength(2);
  });
});

describe('an instance cut from PostgreSQL', () => {
  let cut: RunningRoomService;
  let cutOffs = 0;
  beforeAll(async () => {
    cut = await createRoomService({
      db: test.db,
      databaseUrl: test.url,
      bus: createInProcessBus(),
      log: quiet,
      // Its sockets go after 2 s without the lease connection: well after a reconnection's backoff.
      presenceSweepAfterMs: 6_000,
    });
    cut.onCutOff(() => cutOffs++);
  });
  afterAll(async () => {
    await allowConnections(true);
    await cut.close();
  });

  /** A database cannot refuse connections to itself: this is said from the server's own database. */
  async function allowConnections(allowed: boolean) {
    const admin = new pg.Client({ connectionString: test.url.replace(/\/[^/?]+(\?|$)/, '/postgres$1') });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE "${test.name}" ALLOW_CONNECTIONS ${allowed}`);
    } finally {
      await admin.end();
    }
  }

  const instanceKey = () => instanceKeyOf(cut.newConnectionId());
  const liveKeys = async () =>
    (
      await sql<{ key: string }>`
        SELECT objid::text AS key FROM pg_locks
        WHERE locktype = 'advisory' AND classid = ${0x4c49} AND objsubid = 2 AND granted
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(test.db)
    ).rows.map((row) => Number(row.key));
  const endLeaseConnection = () =>
    sql`
      SELECT pg_terminate_backend(pid) FROM pg_locks
      WHERE locktype = 'advisory' AND classid = ${0x4c49} AND objid = ${instanceKey()} AND granted
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
    `.execute(test.db);

  it('keeps its sockets through a short cut, and takes its instance key back', async () => {
    expect(await liveKeys()).toContain(instanceKey());
    await endLeaseConnection();
    await waitFor(() => !cut.leasesHealthy(), 'the lease connection to be lost');
    await waitFor(() => cut.leasesHealthy(), 'the lease connection to be reopened');
    expect(await liveKeys()).toContain(instanceKey());
    await sleep(2_500);
    expect(cutOffs).toBe(0);
  });

  it('closes its sockets when the cut lasts a third of the sweep period, before the others drop them', async () => {
    // New connections refused: the lease connection cannot be reopened until they are allowed again.
    await allowConnections(false);
    await endLeaseConnection();
    await waitFor(() => !cut.leasesHealthy(), 'the lease connection to be lost');
    const lostAt = Date.now();
    expect(await liveKeys()).not.toContain(instanceKey());
    await waitFor(() => cutOffs === 1, 'the instance to give its sockets up');
    expect(Date.now() - lostAt).toBeGreaterThanOrEqual(1_900);
    expect(Date.now() - lostAt).toBeLessThan(6_000);
    await allowConnections(true);
    await waitFor(() => cut.leasesHealthy(), 'the lease connection to be reopened', 15_000);
    expect(await liveKeys()).toContain(instanceKey());
    expect(cutOffs).toBe(1);
  });
});
