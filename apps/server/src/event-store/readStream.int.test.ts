import { createTestDatabase, type TestDatabase } from '@lablive/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { append } from './append.ts';
import { readStream } from './readStream.ts';
import { newEvent, newEvents } from './testing/fixtures.ts';
import { createUpcasterRegistry } from './upcasters.ts';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.drop());

describe('readStream', () => {
  it('reads one stream in version order, from a version, up to a limit', async () => {
    const appended = [
      ...(await append(test.db, 'room-1', 0, newEvents(3))).events,
      ...(await append(test.db, 'room-1', 3, newEvents(4))).events,
    ];
    await append(test.db, 'room-2', 0, newEvents(5));

    const all = await readStream(test.db, 'room-1');
    expect(all).toEqual(appended);
    expect(all.map((event) => event.streamVersion)).toEqual([1, 2, 3, 4, 5, 6, 7]);

    const tail = await readStream(test.db, 'room-1', 5);
    expect(tail.map((event) => event.streamVersion)).toEqual([5, 6, 7]);
    expect(tail.map((event) => event.eventId)).toEqual(appended.slice(4).map((event) => event.eventId));

    const page = await readStream(test.db, 'room-1', 2, 3);
    expect(page.map((event) => event.streamVersion)).toEqual([2, 3, 4]);

    expect(await readStream(test.db, 'room-1', 8)).toEqual([]);
    expect(await readStream(test.db, 'room-404')).toEqual([]);
  });

  it('reads events written in an old shape in the newest one', async () => {
    const old = { ...newEvent('ChatMessageSent', { text: 'hi' }), schemaVersion: 1 };
    await append(test.db, 'room-3', 0, [old]);
    const upcasters = createUpcasterRegistry([
      {
        type: 'ChatMessageSent',
        fromVersion: 1,
        upcast: (data) => ({
          body: typeof data === 'object' && data !== null && 'text' in data ? data.text : '',
        }),
      },
    ]);

    const [read] = await readStream(test.db, 'room-3', 1, undefined, { upcasters });
    expect(read).toMatchObject({ schemaVersion: 2, data: { body: 'hi' } });
    // The log itself keeps what was written.
    const [raw] = await readStream(test.db, 'room-3');
    expect(raw).toMatchObject({ schemaVersion: 1, data: { text: 'hi' } });
  });
});
