// Back-pressure on a room's commands, on a real database: past the bound on commands waiting for a
// room's host, a command is answered `overloaded` at once and nothing of it is stored; the commands
// taken are answered as usual, and another room keeps being served meanwhile.
import { randomUUID } from 'node:crypto';
import { chatMessages, type RoomActor, roomStreamId } from '@lablive/domain';
import { createEvent, createLab, createTestDatabase, type TestDatabase } from '@lablive/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessBus } from '../bus/index.ts';
import { readStream } from '../event-store/index.ts';
import { noInstruments, type OverloadScope } from '../observability/instruments.ts';
import { createRoomService, type RunningRoomService } from './createRoomService.ts';
import type { CommandOutcome } from './roomService.ts';

let test: TestDatabase;
let flooded: number;
let other: number;
let spare: number[];
const guest: RoomActor = {
  participantId: 2,
  userId: null,
  role: 'participant',
  name: 'Gus',
  email: 'g@x.org',
};
const refusals: OverloadScope[] = [];
let service: RunningRoomService;

beforeAll(async () => {
  test = await createTestDatabase();
  const labId = await createLab(test.db, 'Lab');
  [flooded = 0, other = 0, ...spare] = (
    await createEvent(test.db, { labId, slug: 'back-pressure', rooms: 4 })
  ).roomIds;
  service = await createRoomService({
    db: test.db,
    databaseUrl: test.url,
    bus: createInProcessBus(),
    log: () => {},
    participantLimit: null,
    waitingBounds: { perRoom: 40, perInstance: 10_000 },
    instruments: { ...noInstruments, overloaded: (scope) => refusals.push(scope) },
  });
});
afterAll(async () => {
  await service.close();
  await test.drop();
});

const chat = (roomId: number, messageId: string, on = service) =>
  on.execute({
    roomId,
    commandId: randomUUID(),
    actor: guest,
    command: { type: 'SendChatMessage', data: { messageId, text: messageId } },
  });

describe('back-pressure', () => {
  it('answers overloaded past the room bound, stores exactly what it acknowledged, and serves another room', async () => {
    for (const roomId of [flooded, other]) {
      const joined = await service.execute({
        roomId,
        commandId: randomUUID(),
        actor: guest,
        command: { type: 'JoinRoom', data: { connectionId: `c-${roomId}` } },
      });
      expect(joined.ok).toBe(true);
    }
    const leaver: RoomActor = { ...guest, participantId: 3, name: 'Lea', email: 'l@x.org' };
    const leave = (type: 'JoinRoom' | 'LeaveRoom') =>
      service.execute({
        roomId: flooded,
        commandId: randomUUID(),
        actor: leaver,
        command:
          type === 'JoinRoom'
            ? { type, data: { connectionId: 'lea-1' } }
            : { type, data: { connectionId: 'lea-1', reason: 'left' } },
      });
    expect((await leave('JoinRoom')).ok).toBe(true);
    const ids = Array.from({ length: 400 }, (_, i) => `flood-${i}`);
    const flood = Promise.all(ids.map((id) => chat(flooded, id)));
    // A departure during the flood is never refused: the room would show her present forever.
    const left = leave('LeaveRoom');
    const meanwhile = await chat(other, 'meanwhile');
    const outcomes = await flood;

    expect((await left).ok).toBe(true);
    expect(meanwhile.ok).toBe(true);
    const acknowledged = ids.filter((_, i) => outcomes[i]?.ok);
    const overloaded = outcomes.filter(
      (outcome): outcome is Extract<CommandOutcome, { ok: false }> =>
        !outcome.ok && outcome.code === 'overloaded',
    );
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);
    expect(overloaded.length).toBeGreaterThan(0);
    expect(acknowledged.length + overloaded.length).toBe(ids.length);
    expect(overloaded[0]?.message).toMatch(/retry with backoff/);
    expect(refusals.length).toBe(overloaded.length);
    expect(new Set(refusals)).toEqual(new Set(['room']));

    const stored = await readStream(test.db, roomStreamId(flooded));
    const storedChat = stored.filter((event) => event.type === 'ChatMessageSent');
    expect(storedChat.map((event) => (event.data as { messageId: string }).messageId)).toEqual(acknowledged);
    const state = (await service.snapshot(flooded)).state;
    expect(chatMessages(state.chat).map((message) => message.id)).toEqual(acknowledged);
    expect(state.viewers.map((viewer) => viewer.id)).toEqual([guest.participantId]);

    // Once the flood is answered, the room takes commands again.
    expect((await chat(flooded, 'after')).ok).toBe(true);
  });

  it("answers overloaded past the instance's bound, whichever of its rooms the commands are for", async () => {
    const instanceRefusals: OverloadScope[] = [];
    const small = await createRoomService({
      db: test.db,
      databaseUrl: test.url,
      bus: createInProcessBus(),
      log: () => {},
      participantLimit: null,
      waitingBounds: { perRoom: 1_000, perInstance: 30 },
      instruments: { ...noInstruments, overloaded: (scope) => instanceRefusals.push(scope) },
    });
    try {
      for (const roomId of spare) {
        await small.execute({
          roomId,
          commandId: randomUUID(),
          actor: guest,
          command: { type: 'JoinRoom', data: { connectionId: `c-${roomId}` } },
        });
      }
      const outcomes = await Promise.all(
        spare.flatMap((roomId) => Array.from({ length: 50 }, (_, i) => chat(roomId, `m-${i}`, small))),
      );
      const answered = outcomes.filter((outcome) => outcome.ok).length;
      expect(answered).toBeGreaterThanOrEqual(30);
      expect(answered).toBeLessThan(100);
      expect(outcomes.filter((outcome) => !outcome.ok).map((outcome) => !outcome.ok && outcome.code)).toEqual(
        Array(100 - answered).fill('overloaded'),
      );
      expect(new Set(instanceRefusals)).toEqual(new Set(['instance']));
    } finally {
      await small.close();
    }
  });
});
