// Quiet rooms leave memory, on a real database: a room nobody is connected to and that took no command
// for the quiet period is snapshotted and unloaded (its host gone, its lease free for any instance),
// and the next command finds it as it was; a room with someone connected stays loaded.
import { randomUUID } from 'node:crypto';
import { chatMessages, type RoomActor, type RoomCommand, roomStreamId } from '@lablive/domain';
import { createEvent, createLab, createTestDatabase, type TestDatabase } from '@lablive/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessBus } from '../bus/index.ts';
import { readStream } from '../event-store/index.ts';
import { createRoomService, type RunningRoomService } from './createRoomService.ts';

const QUIET_MS = 300;

let test: TestDatabase;
let rooms: number[];
const animator: RoomActor = {
  participantId: 1,
  userId: null,
  role: 'animator',
  name: 'Ana',
  email: 'a@x.org',
};
const guest: RoomActor = {
  participantId: 2,
  userId: null,
  role: 'participant',
  name: 'Gus',
  email: 'g@x.org',
};

beforeAll(async () => {
  test = await createTestDatabase();
  const labId = await createLab(test.db, 'Lab', ['polls']);
  rooms = (await createEvent(test.db, { labId, slug: 'quiet-rooms', rooms: 2 })).roomIds;
});
afterAll(() => test.drop());

/** An instance of its own: its own bus, so it reaches a room only by taking its lease. */
const start = (): Promise<RunningRoomService> =>
  createRoomService({
    db: test.db,
    databaseUrl: test.url,
    bus: createInProcessBus(),
    log: () => {},
    quietAfterMs: QUIET_MS,
  });

const run = async (service: RunningRoomService, roomId: number, actor: RoomActor, command: RoomCommand) => {
  const outcome = await service.execute({ roomId, commandId: randomUUID(), actor, command });
  if (!outcome.ok) throw new Error(`${command.type}: ${outcome.code} ${outcome.message}`);
  return outcome;
};

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('quiet rooms', () => {
  it('unloads a room everyone left, releases its lease, and loads it again as it was', async () => {
    const roomId = rooms[0] ?? 0;
    const one = await start();
    const two = await start();
    try {
      await run(one, roomId, animator, { type: 'JoinRoom', data: { connectionId: 'ana-1' } });
      await run(one, roomId, guest, { type: 'JoinRoom', data: { connectionId: 'gus-1' } });
      await run(one, roomId, guest, { type: 'SendChatMessage', data: { messageId: 'm1', text: 'hello' } });
      await run(one, roomId, animator, {
        type: 'CreatePoll',
        data: {
          pollId: 'p1',
          title: 'Dose',
          question: 'Which?',
          options: ['5 mg', '10 mg'],
          allowMultiple: false,
        },
      });
      await run(one, roomId, animator, { type: 'StartPoll', data: { pollId: 'p1' } });
      await run(one, roomId, guest, { type: 'AnswerPoll', data: { pollId: 'p1', answers: [1] } });
      await run(one, roomId, guest, { type: 'LeaveRoom', data: { connectionId: 'gus-1', reason: 'left' } });
      const left = await run(one, roomId, animator, {
        type: 'LeaveRoom',
        data: { connectionId: 'ana-1', reason: 'left' },
      });
      const before = await one.snapshot(roomId);
      expect(one.hostedRooms()).toEqual([roomId]);

      await until(() => one.hostedRooms().length === 0);
      // Snapshotted as it left: the host leaves the list first, then stops (writing its snapshot), then
      // releases its lease.
      const savedVersion = async () =>
        (
          await test.db
            .selectFrom('room_snapshots')
            .select('version')
            .where('stream_id', '=', roomStreamId(roomId))
            .executeTakeFirst()
        )?.version;
      await until(async () => (await savedVersion()) === left.version);
      expect(await savedVersion()).toBe(left.version);

      // Its lease is free: another instance, which cannot reach the first over a bus, takes the room.
      const elsewhere = await two.snapshot(roomId);
      expect(two.hostedRooms()).toEqual([roomId]);
      expect(elsewhere).toEqual(before);
      await until(() => two.hostedRooms().length === 0);

      // The next join loads it again here, with the same state, and appends after it.
      const joined = await run(one, roomId, guest, { type: 'JoinRoom', data: { connectionId: 'gus-3' } });
      expect(joined.version).toBe(before.version + 1);
      expect(one.hostedRooms()).toEqual([roomId]);
      await run(one, roomId, guest, { type: 'SendChatMessage', data: { messageId: 'm2', text: 'back' } });
      const after = await one.snapshot(roomId);
      expect(after.version).toBe(before.version + 2);
      expect(chatMessages(after.state.chat).map((message) => message.id)).toEqual(['m1', 'm2']);
      expect(after.state.polls).toEqual(before.state.polls);
      const stored = await readStream(test.db, roomStreamId(roomId));
      expect(stored.map((event) => event.streamVersion)).toEqual(stored.map((_, i) => i + 1));
      expect(stored.at(-1)?.type).toBe('ChatMessageSent');
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('keeps a room loaded while someone is connected, however long it is silent', async () => {
    const roomId = rooms[1] ?? 0;
    const one = await start();
    try {
      await run(one, roomId, guest, { type: 'JoinRoom', data: { connectionId: 'gus-2' } });
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS * 5));
      expect(one.hostedRooms()).toEqual([roomId]);

      // Once they leave, it goes.
      await run(one, roomId, guest, { type: 'LeaveRoom', data: { connectionId: 'gus-2', reason: 'left' } });
      await until(() => one.hostedRooms().length === 0);
    } finally {
      await one.close();
    }
  });
});
