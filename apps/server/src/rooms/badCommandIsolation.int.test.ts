// One bad command never fails another's. Commands reach the room service here directly, past the
// boundaries that refuse bad text first, as a bug or a new path would bring them: text PostgreSQL cannot
// store is refused for that command alone at decision, and a batch the database refuses for what it
// carries (a trigger of this test's stands for any such refusal) is decided again one command at a
// time, so only the command that fails alone is answered, with a code no client retries.
import { randomUUID } from 'node:crypto';
import type { RoomActor, RoomCommand } from '@lablive/domain';
import { createEvent, createLab, createTestDatabase, type TestDatabase } from '@lablive/testkit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessBus } from '../bus/index.ts';
import { refusePoisonedText } from '../event-store/testing/poisonedText.ts';
import { createRoomService, type RunningRoomService } from './createRoomService.ts';

let test: TestDatabase;
let service: RunningRoomService;
let roomId: number;
const people: RoomActor[] = Array.from({ length: 5 }, (_, index) => ({
  participantId: index + 1,
  userId: null,
  role: index === 0 ? 'animator' : 'participant',
  name: `Person ${index + 1}`,
  email: `p${index + 1}@x.org`,
}));
const logged: string[] = [];
const animatorOf = (): RoomActor => {
  const [first] = people;
  if (!first) throw new Error('no people');
  return first;
};

beforeAll(async () => {
  test = await createTestDatabase();
  const labId = await createLab(test.db, 'Lab');
  roomId = (await createEvent(test.db, { labId, slug: 'isolation-1' })).roomIds[0] ?? 0;
  await refusePoisonedText(test.db);
  service = await createRoomService({
    db: test.db,
    databaseUrl: test.url,
    bus: createInProcessBus(),
    log: (level, message) => logged.push(`${level} ${message}`),
  });
  for (const person of people) {
    const joined = await run(person, {
      type: 'JoinRoom',
      data: { connectionId: `c${person.participantId}` },
    });
    expect(joined.ok).toBe(true);
  }
});
afterAll(async () => {
  await service.close();
  await test.drop();
});

const run = (actor: RoomActor, command: RoomCommand) =>
  service.execute({ roomId, commandId: randomUUID(), actor, command });
const chat = (actor: RoomActor, text: string) =>
  run(actor, { type: 'SendChatMessage', data: { messageId: randomUUID(), text } });

async function storedChats(): Promise<string[]> {
  const rows = await test.db
    .selectFrom('session_events')
    .select(sql<unknown>`open_session_event_data(type, data)`.as('data')) // stored sealed: read opened
    .where('type', '=', 'ChatMessageSent')
    .orderBy('stream_version')
    .execute();
  return rows.map((row) => (row.data as { text: string }).text);
}

describe('a bad command among others', () => {
  it('is refused alone when its text cannot be stored; the four sent at the same instant are stored', async () => {
    const outcomes = await Promise.all(
      people.map((person, index) => chat(person, index === 2 ? 'nul \u0000 here' : `hello from ${index}`)),
    );
    expect(outcomes.map((outcome) => (outcome.ok ? 'ok' : outcome.code))).toEqual([
      'ok',
      'ok',
      'unstorable_text',
      'ok',
      'ok',
    ]);
    expect(await storedChats()).toEqual(['hello from 0', 'hello from 1', 'hello from 3', 'hello from 4']);
  });

  it('fails no good command in a steady stream with bad ones mixed in', async () => {
    const before = (await storedChats()).length;
    let good = 0;
    for (let wave = 0; wave < 10; wave++) {
      const outcomes = await Promise.all(
        Array.from({ length: 10 }, (_, index) => {
          const bad = (wave * 10 + index) % 7 === 3;
          if (!bad) good++;
          return chat(
            people[index % people.length] ?? animatorOf(),
            bad ? `lone \uD800 ${wave}` : `ok ${wave}.${index}`,
          ).then((outcome) => ({ bad, outcome }));
        }),
      );
      for (const { bad, outcome } of outcomes) {
        expect(outcome.ok ? 'ok' : outcome.code).toBe(bad ? 'unstorable_text' : 'ok');
      }
    }
    expect((await storedChats()).length - before).toBe(good);
  });

  it('is found by deciding again one by one when the database refuses its batch; the others are stored once', async () => {
    const before = await storedChats();
    const outcomes = await Promise.all(
      people.map((person, index) => chat(person, index === 1 ? 'poison' : `after poison ${index}`)),
    );
    expect(outcomes.map((outcome) => (outcome.ok ? 'ok' : outcome.code))).toEqual([
      'ok',
      'not_stored',
      'ok',
      'ok',
      'ok',
    ]);
    const stored = (await storedChats()).slice(before.length);
    expect(stored).toEqual(['after poison 0', 'after poison 2', 'after poison 3', 'after poison 4']);
    // One line for the bad command, not one per retry.
    expect(logged.filter((line) => line.includes('not stored'))).toHaveLength(1);
    expect(logged.filter((line) => line.startsWith('error'))).toEqual([]);
    // The room carries on.
    expect((await chat(animatorOf(), 'still fine')).ok).toBe(true);
  });
});
