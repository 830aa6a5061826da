// Placement by load on a real database, three room services standing for three instances on one bus: a
// burst of new rooms, whose first commands all reach one instance or each a random one, ends up spread
// evenly over the three by the rooms' invited sizes (a new room counts for its guests before they
// arrive), and no room is hosted twice.
import { randomUUID } from 'node:crypto';
import type { RoomActor } from '@lablive/domain';
import { createEvent, createLab, createTestDatabase, type TestDatabase } from '@lablive/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessBus } from '../bus/index.ts';
import { createRoomService, type RunningRoomService } from './createRoomService.ts';
import { readInvitedSize } from './invitedSizes.repository.ts';

const ROOMS = 500;
const ROOMS_PER_EVENT = 10;
const quiet = () => {};

let test: TestDatabase;
let labId: number;
let events = 0;

beforeAll(async () => {
  test = await createTestDatabase();
  labId = await createLab(test.db, 'Lab', ['polls']);
});
afterAll(() => test.drop());

/** A small deterministic generator, so a failure can be run again as it was. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** New rooms in events of ten, each with 2 to 40 guests placed in it: their invited sizes by room. */
async function newRooms(count: number, random: () => number): Promise<Map<number, number>> {
  const sizes = new Map<number, number>();
  for (let made = 0; made < count; made += ROOMS_PER_EVENT) {
    const { eventId, roomIds } = await createEvent(test.db, {
      labId,
      slug: `burst-${++events}`,
      rooms: ROOMS_PER_EVENT,
    });
    const guests = roomIds.flatMap((roomId) => {
      const size = 2 + Math.floor(random() * 39);
      sizes.set(roomId, size);
      return Array.from({ length: size }, (_, index) => ({
        event_id: eventId,
        lab_id: labId,
        room_id: roomId,
        email: `guest-${roomId}-${index}@example.org`,
      }));
    });
    await test.db.insertInto('participants').values(guests).execute();
  }
  return sizes;
}

const actor = (roomId: number): RoomActor => ({
  participantId: roomId,
  userId: null,
  role: 'participant',
  name: 'First',
  email: `first-${roomId}@example.org`,
});

describe('placement by load under a burst of new rooms', () => {
  let services: RunningRoomService[] = [];

  async function threeInstances() {
    const bus = createInProcessBus();
    services = await Promise.all(
      [0, 1, 2].map(() => createRoomService({ db: test.db, databaseUrl: test.url, bus, log: quiet })),
    );
    // Each has published its load once and read who is alive.
    await new Promise((resolve) => setTimeout(resolve, 100));
    return services;
  }

  afterAll(async () => {
    await Promise.all(services.map((service) => service.close()));
  });

  /** Sends each room's first command within a few seconds, to the instance `entry` picks, all at once. */
  async function burst(sizes: Map<number, number>, entry: () => RunningRoomService) {
    const outcomes = await Promise.all(
      [...sizes.keys()].map(async (roomId, index) => {
        await new Promise((resolve) => setTimeout(resolve, index * 8));
        return entry().execute({
          roomId,
          commandId: randomUUID(),
          actor: actor(roomId),
          command: { type: 'JoinRoom', data: { connectionId: `c-${roomId}` } },
        });
      }),
    );
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([]);
  }

  /** Each room hosted by exactly one instance; each instance's invited sizes within 10 % of a third. */
  function expectEvenSpread(sizes: Map<number, number>) {
    const hosted = services.map((service) => service.hostedRooms());
    expect(hosted.flat().sort((a, b) => a - b)).toEqual([...sizes.keys()].sort((a, b) => a - b));
    const total = [...sizes.values()].reduce((sum, size) => sum + size, 0);
    const shares = hosted.map(
      (rooms) => rooms.reduce((sum, roomId) => sum + (sizes.get(roomId) ?? 0), 0) / (total / 3),
    );
    for (const share of shares) expect(share).toBeGreaterThan(0.9);
    for (const share of shares) expect(share).toBeLessThan(1.1);
  }

  it('spreads 500 rooms whose first commands all reach one instance', async () => {
    const sizes = await newRooms(ROOMS, seeded(29));
    const [first] = await threeInstances();
    if (!first) throw new Error('three instances expected');
    await burst(sizes, () => first);
    expectEvenSpread(sizes);
    await Promise.all(services.map((service) => service.close()));
    services = [];
  });

  it('spreads 500 rooms whose first commands reach random instances', async () => {
    const sizes = await newRooms(ROOMS, seeded(4));
    const random = seeded(11);
    await threeInstances();
    await burst(sizes, () => services[Math.floor(random() * 3)] as RunningRoomService);
    expectEvenSpread(sizes);
  });

  it('counts an automatic event guests not placed yet as a share of each room', async () => {
    const { eventId, roomIds } = await createEvent(test.db, { labId, slug: 'automatic', rooms: 3 });
    const [placedIn] = roomIds;
    if (placedIn === undefined) throw new Error('three rooms expected');
    await test.db
      .insertInto('participants')
      .values(
        Array.from({ length: 10 }, (_, index) => ({
          event_id: eventId,
          lab_id: labId,
          room_id: index < 3 ? placedIn : null,
          email: `auto-${index}@example.org`,
        })),
      )
      .execute();
    // 3 placed in the first room, 7 not placed yet: a third of them (rounded up) in each room.
    expect(await Promise.all(roomIds.map((roomId) => readInvitedSize(test.db, roomId)))).toEqual([6, 3, 3]);
    expect(await readInvitedSize(test.db, 2 ** 31 - 1)).toBeNull();
  });
});
