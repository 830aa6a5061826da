// An instance cut from NATS by a partition (npm run chaos, nats): two room services standing for two
// instances, each with its own NATS connection on the test server, the second through a TCP proxy that
// black-holes it (nothing passes, nothing closes). The cut instance notices within seconds, gives its
// room up and asks its sockets to go; the room moves to the other instance although the NATS server still
// holds the cut instance's subscriptions; after the partition the cut instance hosts rooms again.
import { randomBytes, randomUUID } from 'node:crypto';
import type { RoomActor, RoomCommand } from '@lablive/domain';
import { createEvent, createLab, createTestDatabase, type TestDatabase } from '@lablive/testkit';
import { type FaultyProxy, startFaultyProxy } from '@lablive/testkit/cluster';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { type Bus, connectNatsBus } from '../bus/index.ts';
import { prefixedBus } from '../bus/prefixedBus.ts';
import { createRoomService, type RunningRoomService } from './createRoomService.ts';

const natsUrl = inject('natsUrl');
const guest: RoomActor = {
  participantId: 9,
  userId: null,
  role: 'participant',
  name: 'Cy',
  email: 'c@x.org',
};
const quiet = () => {};
/** Waits for `condition`, polling every 50 ms, failing after `timeout` ms. */
const until = (condition: () => boolean, timeout: number) =>
  vi.waitFor(() => expect(condition()).toBe(true), { timeout, interval: 50 });

describe.runIf(natsUrl !== null)('an instance cut from NATS by a partition', () => {
  let test: TestDatabase;
  /** Two rooms: one hosted by the cut instance before the partition, one it takes after. */
  let roomIds: number[] = [];
  let proxy: FaultyProxy;
  const buses: Bus[] = [];
  let other: RunningRoomService;
  let cut: RunningRoomService;
  let cutBus: Bus;
  let cutOffs = 0;

  beforeAll(async () => {
    test = await createTestDatabase();
    const labId = await createLab(test.db, 'Lab', []);
    roomIds = (await createEvent(test.db, { labId, slug: 'partition', rooms: 2 })).roomIds;
    const nats = new URL(natsUrl ?? '');
    proxy = await startFaultyProxy({ host: nats.hostname, port: Number(nats.port || 4222) });
    const prefix = `test.${randomBytes(6).toString('hex')}`;
    const connect = async (url: string, name: string) => {
      const bus = prefixedBus(await connectNatsBus(url, { name, log: quiet }), prefix);
      buses.push(bus);
      return bus;
    };
    other = await createRoomService({
      db: test.db,
      databaseUrl: test.url,
      bus: await connect(natsUrl ?? '', 'other'),
      log: quiet,
    });
    cutBus = await connect(`nats://${proxy.address}`, 'cut');
    cut = await createRoomService({ db: test.db, databaseUrl: test.url, bus: cutBus, log: quiet });
    cut.onCutOff(() => cutOffs++);
  });
  afterAll(async () => {
    proxy?.restore();
    await cut?.close();
    await other?.close();
    for (const bus of buses) await bus.close();
    await proxy?.close();
    await test?.drop();
  });

  const run = (service: RunningRoomService, roomId: number, command: RoomCommand) =>
    service.execute({ roomId, commandId: randomUUID(), actor: guest, command });
  const chat = (text: string): RoomCommand => ({
    type: 'SendChatMessage',
    data: { messageId: randomUUID(), text },
  });

  it('notices, gives its room to the other instance, and hosts again once the partition ends', async () => {
    const [roomId = 0, fresh = 0] = roomIds;
    expect((await run(cut, roomId, { type: 'JoinRoom', data: { connectionId: 'c1' } })).ok).toBe(true);
    expect(cut.hostedRooms()).toEqual([roomId]);

    const cutAt = Date.now();
    proxy.blackhole();
    // Pings every 2 s, given up with two unanswered (natsBus.ts): at 10 s x 3 a 30 s cut went unnoticed.
    await until(() => !cutBus.healthy(), 8_000);
    await until(() => cutOffs > 0 && cut.hostedRooms().length === 0, 5_000);
    const noticedMs = Date.now() - cutAt;

    // The NATS server still routes the room's requests to the cut instance: the other one must not wait
    // for the partition's end (a command from it used to time out, again and again, for the whole cut).
    const moved = await run(other, roomId, chat('during the partition'));
    expect(moved.ok).toBe(true);
    expect(other.hostedRooms()).toContain(roomId);
    expect(Date.now() - cutAt).toBeLessThan(noticedMs + 8_000);

    proxy.restore();
    await until(() => cutBus.healthy(), 30_000);
    const outcome = await run(cut, fresh, { type: 'JoinRoom', data: { connectionId: 'c2' } });
    expect(outcome.ok ? 'ok' : `${outcome.code}: ${outcome.message}`).toBe('ok');
    expect(cut.hostedRooms()).toEqual([fresh]);
  }, 60_000);
});
