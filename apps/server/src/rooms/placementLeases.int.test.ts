// The lease connection on a real database under a burst: taking a great many rooms at once queues their
// lock queries on the one lease connection, and the connection, answering each in turn, is not taken
// for lost (which would release every room this instance hosts, and start again on the next command).
import { createTestDatabase, type TestDatabase } from '@lablive/testkit';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openRoomLeases, type RoomLeases } from './roomLeases.ts';

let test: TestDatabase;
let leases: RoomLeases;

beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(async () => {
  await leases?.close();
  await test.drop();
});

it('keeps the lease connection while thousands of rooms are taken at once', async () => {
  // Checks every 20 ms, a query unanswered for 250 ms is a lost connection: 5,000 lock queries in a
  // row take longer than that in all, each far less.
  leases = await openRoomLeases(test.url, { heartbeatMs: 20, heartbeatTimeoutMs: 250 });
  let losses = 0;
  leases.onLost(() => losses++);
  const rooms = Array.from({ length: 5_000 }, (_, index) => index + 1);
  const taken = await Promise.all(rooms.map((roomId) => leases.tryAcquire(roomId)));
  expect(losses).toBe(0);
  expect(taken.every(Boolean)).toBe(true);
  expect(leases.held()).toHaveLength(rooms.length);
  expect(leases.healthy()).toBe(true);
});
