// The rooms of one instance commit together (event-store/instanceCommits.ts): the batches of several
// rooms ready in the same turn are one transaction, and a room whose append fails (another writer moved
// its stream, or PostgreSQL refuses what it carries) fails alone while the others' events are stored once.
import { randomUUID } from 'node:crypto';
import { type RoomActor, type RoomCommand, roomStreamId } from '@lablive/domain';
import { createEvent, createLab, createTestDatabase, type TestDatabase } from '@lablive/testkit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessBus } from '../bus/index.ts';
import { append } from '../event-store/index.ts';
import { refusePoisonedText } from '../event-store/testing/poisonedText.ts';
import { createRoomService, type RunningRoomService } from './createRoomService.ts';
import type { CommandEnvelope, CommandOutcome } from './roomService.ts';

const ROOMS = 6;
let test: TestDatabase;
let service: RunningRoomService;
let labId: number;
let roomIds: number[];
const logged: string[] = [];

const actorOf = (index: number): RoomActor => ({
  participantId: index + 1,
  userId: null,
  role: 'participant',
  name: `Person ${index + 1}`,
  email: `p${index + 1}@x.org`,
});

beforeAll(async () => {
  test = await createTestDatabase();
  labId = await createLab(test.db, 'Lab');
  roomIds = (await createEvent(test.db, { labId, slug: 'together-1', rooms: ROOMS })).roomIds;
  // Stands for any value PostgreSQL refuses.
  await refusePoisonedText(test.db);
  service = await createRoomService({
    db: test.db,
    databaseUrl: test.url,
    bus: createInProcessBus(),
    participantLimit: null,
    log: (level, message) => logged.push(`${level} ${message}`),
  });
  // Everyone enters every room: the hosts start, and anyone may chat anywhere.
  for (const roomId of roomIds) {
    for (let person = 0; person < 20; person++) {
      const joined = await run(roomId, person, { type: 'JoinRoom', data: { connectionId: randomUUID() } });
      expect(joined.ok).toBe(true);
    }
  }
});
afterAll(async () => {
  await service.close();
  await test.drop();
});

const envelope = (roomId: number, person: number, command: RoomCommand): CommandEnvelope => ({
  roomId,
  commandId: randomUUID(),
  actor: actorOf(person),
  command,
});
const run = (roomId: number, person: number, command: RoomCommand) =>
  service.execute(envelope(roomId, person, command));
const chat = (messageId: string, text: string): RoomCommand => ({
  type: 'SendChatMessage',
  data: { messageId, text },
});

type StoredChat = { stream: string; messageId: string; text: string; transactionId: string };
async function storedChats(): Promise<StoredChat[]> {
  const rows = await test.db
    .selectFrom('session_events')
    .select(['stream_id', sql<unknown>`open_session_event_data(type, data)`.as('data'), 'transaction_id']) // stored sealed: read opened
    .where('type', '=', 'ChatMessageSent')
    .execute();
  return rows.map((row) => {
    const data = row.data as { messageId: string; text: string };
    return {
      stream: row.stream_id,
      messageId: data.messageId,
      text: data.text,
      transactionId: String(row.transaction_id),
    };
  });
}

describe('rooms committing together', () => {
  it('commits the commands of several rooms sent in the same turn in one transaction', async () => {
    const ids: string[] = roomIds.map(() => randomUUID());
    const outcomes = await Promise.all(
      roomIds.map((roomId, index) => run(roomId, 0, chat(ids[index] ?? '', 'hi'))),
    );

    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    const stored = (await storedChats()).filter((row) => ids.includes(row.messageId));
    expect(stored.map((row) => row.messageId).sort()).toEqual([...ids].sort());
    expect(new Set(stored.map((row) => row.transactionId)).size).toBe(1);
  });

  it('fails only the room whose stream moved and the room carrying refused data; the others are stored once', async () => {
    const [moved, poisoned] = roomIds as [number, number];
    // Another writer appends to one room's stream behind its host's back (as a host that lost its lease
    // without noticing would): that host's next append expects the old version.
    const streamRow = await test.db
      .selectFrom('session_streams')
      .select('version')
      .where('stream_id', '=', roomStreamId(moved))
      .executeTakeFirstOrThrow();
    const intruder = randomUUID();
    await append(test.db, roomStreamId(moved), streamRow.version, [
      {
        eventId: randomUUID(),
        type: 'ChatMessageSent',
        data: {
          messageId: intruder,
          from: { participantId: 2, name: 'Person 2' },
          text: 'elsewhere',
          at: new Date().toISOString(),
        },
        metadata: { labId, actor: { participantId: 2, role: 'participant' }, correlationId: randomUUID() },
      },
    ]);
    const ids: string[] = roomIds.map(() => randomUUID());
    const texts = roomIds.map((roomId) => (roomId === poisoned ? 'poison' : 'fine'));

    const outcomes = await Promise.all(
      roomIds.map((roomId, index) => run(roomId, 1, chat(ids[index] ?? '', texts[index] ?? ''))),
    );

    const byRoom = new Map(roomIds.map((roomId, index) => [roomId, outcomes[index] as CommandOutcome]));
    expect(byRoom.get(poisoned)).toMatchObject({ ok: false, code: 'not_stored' });
    for (const roomId of roomIds.filter((id) => id !== poisoned && id !== moved)) {
      expect(byRoom.get(roomId)?.ok).toBe(true);
    }
    // The moved room's host was fenced off: its command is answered retryable, or already retried on
    // the room's next host (which read the other writer's event); stored at most once either way.
    const movedOutcome = byRoom.get(moved);
    const stored = await storedChats();
    const count = (messageId: string) => stored.filter((row) => row.messageId === messageId).length;
    for (const [index, roomId] of roomIds.entries()) {
      const expected = roomId === poisoned ? 0 : roomId === moved && !movedOutcome?.ok ? 0 : 1;
      expect(count(ids[index] ?? '')).toBe(expected);
    }
    if (!movedOutcome?.ok) expect(movedOutcome).toMatchObject({ code: 'room_unavailable' });
    expect(count(intruder)).toBe(1);
    expect(logged).toContain('warn room host fenced off by the expected version');
  });

  it('stores every acknowledged command exactly once, with 20 senders racing over the rooms', async () => {
    const SENDERS = 20;
    const ROUNDS = 1000;
    const acked = new Map<string, CommandOutcome>();
    let resent = 0;

    const sendUntilAnswered = async (sent: CommandEnvelope): Promise<CommandOutcome> => {
      for (let attempt = 0; attempt < 20; attempt++) {
        const outcome = await service.execute(sent);
        if (outcome.ok || outcome.code !== 'room_unavailable') return outcome;
      }
      throw new Error(`command ${sent.commandId} never answered`);
    };
    const sender = async (person: number) => {
      for (let round = 0; round < ROUNDS; round++) {
        const roomId = roomIds[(person + round) % roomIds.length] ?? 0;
        const messageId = `race-${person}-${round}`;
        const sent = envelope(roomId, person, chat(messageId, `message ${round}`));
        // Every tenth command is sent twice at once, as a client retrying on a new socket would.
        const [outcome, copy] = await Promise.all([
          sendUntilAnswered(sent),
          round % 10 === 0 ? sendUntilAnswered(sent) : Promise.resolve(null),
        ]);
        expect(outcome.ok).toBe(true);
        if (copy) {
          resent++;
          expect(copy).toEqual(outcome);
        }
        acked.set(messageId, outcome);
      }
    };
    await Promise.all(Array.from({ length: SENDERS }, (_, person) => sender(person)));

    const raced = (await storedChats()).filter((row) => row.messageId.startsWith('race-'));
    expect(raced.length).toBe(acked.size);
    expect(new Set(raced.map((row) => row.messageId)).size).toBe(raced.length);
    for (const row of raced) expect(acked.has(row.messageId)).toBe(true);
    expect(resent).toBeGreaterThan(0);
    // The rooms committed together while racing.
    const rooms = new Map<string, Set<string>>();
    for (const row of raced)
      rooms.set(row.transactionId, (rooms.get(row.transactionId) ?? new Set()).add(row.stream));
    expect([...rooms.values()].some((streams) => streams.size > 1)).toBe(true);
  }, 180_000);
});
