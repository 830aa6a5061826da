// A poll run end to end from a plain Node script with packages/client, against a running LabLive
// (`npm start`): the demo animator and two guests enter the demo event's room, the animator asks, the
// guests answer, everyone sees the poll close.
//   node --experimental-strip-types scripts/demo-poll.ts [http://localhost:3000] [event slug]
import {
  createApiClient,
  createMemoryTokenStore,
  createRealtimeClient,
  type RoomHandle,
} from '@lablive/client';
import { pollResults } from '@lablive/domain';

const baseUrl = process.argv[2] ?? 'http://localhost:3000';
const eventSlug = process.argv[3] ?? 'lablive-demo-session-1';
const wsUrl = `${baseUrl.replace(/^http/, 'ws')}/ws`;

type Person = { name: string; room: RoomHandle; close(): void };
type Login = Parameters<ReturnType<typeof createApiClient>['login']>[0];

async function signIn(login: Login) {
  const tokens = createMemoryTokenStore();
  const api = createApiClient({ baseUrl, tokenStore: tokens });
  const session = await api.login(login);
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${tokens.get()?.token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok)
      throw new Error(`${method} ${path} answered ${response.status} ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };
  return { api, tokens, session, call };
}

async function joinRoom(
  name: string,
  signedIn: Awaited<ReturnType<typeof signIn>>,
  roomId: number,
): Promise<Person> {
  const realtime = createRealtimeClient({
    url: wsUrl,
    getToken: () => signedIn.tokens.get()?.token ?? '',
    onTokenRejected: async () => {
      await signedIn.api.me();
    },
  });
  const room = await realtime.join(roomId);
  console.log(`${name} joined room ${roomId} as ${room.role} (participant ${room.participantId})`);
  return { name, room, close: () => realtime.close() };
}

async function until(check: () => boolean, what: string) {
  for (let waited = 0; !check(); waited += 50) {
    if (waited > 10_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function expectOk(name: string, result: { ok: boolean; code?: string; message?: string }) {
  if (!result.ok) throw new Error(`${name}: ${result.code} ${result.message}`);
}

const stamp = Date.now();
const guestA = await signIn({
  firstName: 'Guest',
  lastName: 'A',
  email: `guest-a-${stamp}@example.org`,
  eventSlug,
  isPublic: true,
});
const guestB = await signIn({
  firstName: 'Guest',
  lastName: 'B',
  email: `guest-b-${stamp}@example.org`,
  eventSlug,
  isPublic: true,
});
const animator = await signIn({ email: 'animator@lablive.test', password: 'demo-lablive' });
// Automatic distribution, as a guest's "Join" does in the browser; the animator then brings the second
// guest into the first one's room (the demo event has two rooms).
const roomOf = async (guest: typeof guestA) =>
  ((await guest.call('GET', `/events/${guest.session.event_id}/joinroom`)) as { id: number }).id;
const roomId = await roomOf(guestA);
if ((await roomOf(guestB)) !== roomId) {
  await animator.call('PUT', `/participants/${guestB.session.user.participation?.id}`, {
    room_id: roomId,
    event_id: guestB.session.event_id,
  });
}
const host = { person: await joinRoom('Animator', animator, roomId) };
const first = { person: await joinRoom('Guest A', guestA, roomId) };
const second = { person: await joinRoom('Guest B', guestB, roomId) };
const people = [host.person, first.person, second.person];
try {
  const pollId = `demo-poll-${stamp}`;
  expectOk(
    'create',
    await host.person.room.send({
      type: 'CreatePoll',
      data: {
        pollId,
        question: 'Which formulation do your patients prefer?',
        options: ['Tablets', 'Oral solution'],
        allowMultiple: false,
      },
    }),
  );
  expectOk('start', await host.person.room.send({ type: 'StartPoll', data: { pollId } }));
  console.log('Animator started the poll');
  for (const [guest, answer] of [
    [first.person, 0],
    [second.person, 1],
  ] as const) {
    await until(
      () => guest.room.state.polls.some((poll) => poll.id === pollId && poll.status === 'active'),
      `${guest.name} to see the poll`,
    );
    expectOk(guest.name, await guest.room.send({ type: 'AnswerPoll', data: { pollId, answers: [answer] } }));
    console.log(`${guest.name} answered ${answer === 0 ? 'Tablets' : 'Oral solution'}`);
  }
  await until(
    () => host.person.room.state.polls.find((poll) => poll.id === pollId)?.answeredBy.length === 2,
    'both answers',
  );
  const poll = host.person.room.state.polls.find((candidate) => candidate.id === pollId);
  if (poll) {
    for (const option of pollResults(poll).options)
      console.log(`  ${option.option}: ${option.count} (${option.percentage} %)`);
  }
  expectOk('close', await host.person.room.send({ type: 'ClosePoll', data: { pollId } }));
  await until(
    () => people.every((p) => p.room.state.polls.find((c) => c.id === pollId)?.status === 'closed'),
    'the poll to close everywhere',
  );
  console.log('Poll closed for everyone.');
} finally {
  for (const person of people) {
    await person.room.leave().catch(() => {});
    person.close();
  }
}
