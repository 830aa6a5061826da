// The room host behind RoomService, on a real database: commands decided in order and stored, a retry
// appended once, state rebuilt after a restart, events published to followers.
import { randomUUID } from 'node:crypto';
import { chatMessages, type RoomActor, type RoomCommand } from '@lablive/domain';
import { createEvent, createLab, createTestDatabase, type TestDatabase } from '@lablive/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessBus } from '../bus/index.ts';
import { readStream } from '../event-store/index.ts';
import { createRoomService, type RunningRoomService } from './createRoomService.ts';
import type { RoomEventBatch } from './roomService.ts';

let test: TestDatabase;
let roomId: number;
const animator: RoomActor = {
  participantId: 1,
  userId: null,
  role: 'animator',
  name: 'Ana',
  email: 'ana@x.org',
};
const guest: RoomActor = {
  participantId: 2,
  userId: null,
  role: 'participant',
  name: 'Gus',
  email: 'gus@x.org',
};

beforeAll(async () => {
  test = await createTestDatabase();
  const labId = await createLab(test.db, 'Lab', ['polls', 'share_document']);
  roomId = (await createEvent(test.db, { labId, slug: 'room-service-1' })).roomIds[0] ?? 0;
});
afterAll(() => test.drop());

function start(): Promise<RunningRoomService> {
  return createRoomService({ db: test.db, databaseUrl: test.url, bus: createInProcessBus(), log: () => {} });
}

const run = (service: RunningRoomService, actor: RoomActor, command: RoomCommand, commandId = randomUUID()) =>
  service.execute({ roomId, commandId, actor, command });

describe('room service', () => {
  it('decides commands in order, appends them, publishes them, and answers a retry once', async () => {
    const service = await start();
    const batches: RoomEventBatch[] = [];
    const following = service.follow(roomId, (batch) => batches.push(batch));
    try {
      expect((await run(service, animator, { type: 'JoinRoom', data: { connectionId: 'c1' } })).ok).toBe(
        true,
      );
      expect((await run(service, guest, { type: 'JoinRoom', data: { connectionId: 'c2' } })).ok).toBe(true);

      // Sent together, decided in order in one batch (by two people: each stays under their own
      // per-participant limit).
      const sends = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          run(service, i % 2 === 0 ? guest : animator, {
            type: 'SendChatMessage',
            data: { messageId: `m${i}`, text: `hello ${i}` },
          }),
        ),
      );
      expect(sends.every((outcome) => outcome.ok)).toBe(true);
      const versions = sends.map((outcome) => (outcome.ok ? outcome.version : 0));
      expect(versions).toEqual([...versions].sort((a, b) => a - b));

      const blank = await run(service, guest, {
        type: 'SendChatMessage',
        data: { messageId: 'b', text: '   ' },
      });
      expect(blank).toMatchObject({ ok: false, code: 'blank_message' });
      const notAllowed = await run(service, guest, { type: 'RemoveChatMessage', data: { messageId: 'm1' } });
      expect(notAllowed).toMatchObject({ ok: false, code: 'not_animator' });

      const commandId = randomUUID();
      const chat: RoomCommand = { type: 'SendChatMessage', data: { messageId: 'once', text: 'only once' } };
      const first = await run(service, guest, chat, commandId);
      const retry = await run(service, guest, chat, commandId);
      // Answered with the first one's version; its events went out with the first answer.
      expect(first).toMatchObject({
        ok: true,
        events: [expect.objectContaining({ event: expect.objectContaining({ type: 'ChatMessageSent' }) })],
      });
      expect(retry).toEqual({ ...first, events: [] });

      const stored = await readStream(test.db, `room-${roomId}`);
      expect(stored.filter((event) => event.type === 'ChatMessageSent')).toHaveLength(51);
      expect(stored.map((event) => event.streamVersion)).toEqual(stored.map((_, i) => i + 1));

      await new Promise((resolve) => setTimeout(resolve, 50));
      const published = batches.flatMap((batch) => batch.events.map((delivered) => delivered.version));
      expect(published).toEqual(stored.map((event) => event.streamVersion));
    } finally {
      following.stop();
      await service.close();
    }
  });

  it('rebuilds the room after a restart: nothing acknowledged is lost, a late retry still appends once', async () => {
    const before = await start();
    const commandId = randomUUID();
    const chat: RoomCommand = {
      type: 'SendChatMessage',
      data: { messageId: 'before-restart', text: 'still here' },
    };
    const first = await run(before, guest, chat, commandId);
    const snapshotBefore = await before.snapshot(roomId);
    await before.close();

    const after = await start();
    try {
      const snapshot = await after.snapshot(roomId);
      expect(snapshot.version).toBe(snapshotBefore.version);
      expect(chatMessages(snapshot.state.chat).map((message) => message.id)).toContain('before-restart');
      expect(snapshot.state.viewers.map((viewer) => viewer.id)).toEqual([1, 2]);
      expect(await run(after, guest, chat, commandId)).toEqual({ ...first, events: [] });
      expect((await after.snapshot(roomId)).version).toBe(snapshotBefore.version);
    } finally {
      await after.close();
    }
  });

  it('lets only one instance host a room; the other reaches it over the bus', async () => {
    const bus = createInProcessBus();
    const one = await createRoomService({ db: test.db, databaseUrl: test.url, bus, log: () => {} });
    const two = await createRoomService({ db: test.db, databaseUrl: test.url, bus, log: () => {} });
    try {
      const results = await Promise.all([
        one.execute({
          roomId,
          commandId: randomUUID(),
          actor: guest,
          command: { type: 'SendChatMessage', data: { messageId: 'from-one', text: 'a' } },
        }),
        two.execute({
          roomId,
          commandId: randomUUID(),
          actor: guest,
          command: { type: 'SendChatMessage', data: { messageId: 'from-two', text: 'b' } },
        }),
      ]);
      expect(results.every((outcome) => outcome.ok)).toBe(true);
      expect([...one.hostedRooms(), ...two.hostedRooms()]).toEqual([roomId]);
    } finally {
      await one.close();
      await two.close();
    }
  });
});
