// Replay against a real database: a room's stream of 1,300 events (people coming and going, a long
// chat with messages removed, a poll, a share, a scene), the `replay` projection built, and the room at
// chosen instants compared with the room decider's `evolve` folded over the same events up to them; the
// timeline's markers; lab isolation and the module gate.
import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  evolveAll,
  initialRoomState,
  type RoomState,
  replayView,
  roomStreamId,
  type SessionEvent,
} from '@lablive/domain';
import {
  buildTestApp,
  caller,
  createEvent,
  createLab,
  createTestDatabase,
  createUser,
  signIn,
  type TestDatabase,
} from '@lablive/testkit';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRoomConfig } from '../access/roomAccess.ts';
import { append } from '../event-store/append.ts';
import { createOutboxMailer } from '../mail/mailer.ts';
import { rebuildProjection } from '../projections/rebuild.ts';
import { createReplayProjection } from '../projections/replay/replayProjection.ts';

const PASSWORD = 'a long enough password';
let test: TestDatabase;
let app: FastifyInstance;
let labId: number;
let roomId: number;
let token: string;
const script: { at: string; event: SessionEvent }[] = [];
let initial: RoomState;

const START = Date.parse('2026-11-20T10:00:00Z');
const instant = (seconds: number) => new Date(START + seconds * 1000).toISOString();

/** The session: 3 people, 1,200 chat messages (every 100th removed), a poll, a share, a scene, departures. */
function buildScript(): void {
  let second = 0;
  const add = (event: SessionEvent) => script.push({ at: instant(second), event });
  const join = (participantId: number, name: string, role: 'animator' | 'participant') =>
    add({
      type: 'ParticipantJoined',
      data: {
        participantId,
        userId: null,
        email: `${name}@x.org`,
        name,
        role,
        connectionId: `c${participantId}`,
        at: instant(second),
      },
    });
  join(1, 'Ana', 'animator');
  join(2, 'Bob', 'participant');
  second += 10;
  add({ type: 'SessionStarted', data: { by: 1, at: instant(second), session: 1 } });
  add({ type: 'PresentationSceneChanged', data: { scene: 'intro', by: 1 } });
  for (let n = 0; n < 1200; n++) {
    second += 2;
    const from = n % 3 === 0 ? { participantId: 1, name: 'Ana' } : { participantId: 2, name: 'Bob' };
    add({
      type: 'ChatMessageSent',
      data: { messageId: `m${n}`, from, text: `message ${n}`, at: instant(second) },
    });
    if (n % 100 === 50) add({ type: 'ChatMessageRemoved', data: { messageId: `m${n - 10}`, by: 1 } });
    if (n === 300) join(3, 'Cleo', 'participant');
    if (n === 400) {
      add({
        type: 'PollCreated',
        data: {
          pollId: 'p1',
          title: 'Dose',
          question: 'Which?',
          options: ['5', '10'],
          allowMultiple: false,
          by: 1,
          at: instant(second),
        },
      });
      add({ type: 'PollStarted', data: { pollId: 'p1', by: 1, at: instant(second) } });
    }
    if (n === 410) add({ type: 'PollAnswered', data: { pollId: 'p1', participantId: 2, answers: [1] } });
    if (n === 420) add({ type: 'PollClosed', data: { pollId: 'p1', by: 1, at: instant(second) } });
    if (n === 700)
      add({
        type: 'DocumentShared',
        data: { document: { id: 9, name: 'Leaflet', extension: 'pdf' }, by: 1, at: instant(second) },
      });
    if (n === 900)
      add({
        type: 'ParticipantLeft',
        data: { participantId: 3, reason: 'left', connectionId: 'c3', at: instant(second) },
      });
  }
  second += 5;
  add({ type: 'SessionEnded', data: { by: 1, at: instant(second) } });
}

beforeAll(async () => {
  test = await createTestDatabase();
  labId = await createLab(test.db, 'Replay lab', ['stats']);
  await createUser(test.db, { labId, email: 'admin@replay.test', password: PASSWORD, role: 'admin' });
  roomId = (await createEvent(test.db, { labId, slug: 'replay-1' })).roomIds[0] ?? 0;
  buildScript();
  const events = script.map(({ event }) => ({
    eventId: randomUUID(),
    type: event.type,
    data: event.data,
    metadata: { labId },
  }));
  for (let start = 0; start < events.length; start += 250) {
    await append(test.db, roomStreamId(roomId), start, events.slice(start, start + 250));
  }
  // The log stores each event when it was appended; as a live room's, they happened at their instants.
  await sql`
    UPDATE session_events e SET occurred_at = s.at
    FROM jsonb_to_recordset(${JSON.stringify(events.map((event, index) => ({ id: event.eventId, at: script[index]?.at })))}::jsonb)
      AS s(id uuid, at timestamptz)
    WHERE e.event_id = s.id`.execute(test.db);
  await rebuildProjection(test.db, createReplayProjection(), { pageSize: 300 });
  initial = initialRoomState((await loadRoomConfig(test.db, labId, roomId))?.config ?? ({} as never));
  app = await buildTestApp(test, {
    mailer: createOutboxMailer(await mkdtemp(path.join(tmpdir(), 'replay-')), 'lab@x.org'),
  });
  token = await signIn(app, 'admin@replay.test', PASSWORD);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await test?.drop();
});

const get = (url: string, as = token) => caller(app)('GET', url, as);

/** What the room looked like at `at`: evolve over every event up to it, shown as the replay shows it. */
function expectedAt(at: string) {
  const upTo = script.filter((entry) => Date.parse(entry.at) <= Date.parse(at));
  return {
    version: upTo.length,
    view: replayView(
      evolveAll(
        initial,
        upTo.map((entry) => entry.event),
      ),
    ),
  };
}

describe('replay', () => {
  it('shows the room at any instant exactly as evolve folds the stream up to it', async () => {
    const instants = [-5, 0, 5, 11, 400, 803, 805, 1001, 1500, 1842, 2000, 2399, 2410, 2500].map(instant);
    for (const at of instants) {
      const response = await get(`/api/rooms/${roomId}/replay/state?at=${encodeURIComponent(at)}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      const expected = expectedAt(at);
      expect(body.version, at).toBe(expected.version);
      expect(body.view, at).toEqual(expected.view);
    }
  });

  it('shows who was there, the chat so far and the open poll with its counts at a chosen instant', async () => {
    // Message 410 (Bob votes at it) is at 10 + 2 * 411 seconds.
    const at = instant(10 + 2 * 411);
    const { view } = (await get(`/api/rooms/${roomId}/replay/state?at=${encodeURIComponent(at)}`)).json();
    expect(view.viewers.map((viewer: { name: string }) => viewer.name)).toEqual(['Ana', 'Bob', 'Cleo']);
    expect(view.chat.messages.at(-1)).toMatchObject({ id: 'm410', text: 'message 410' });
    expect(view.chat.total).toBe(411 - 4);
    expect(view.chat.messages.some((message: { id: string }) => message.id === 'm40')).toBe(false);
    expect(view.polls).toEqual([
      expect.objectContaining({
        title: 'Dose',
        status: 'active',
        respondents: 1,
        options: [
          { option: '5', count: 0, percentage: 0 },
          { option: '10', count: 1, percentage: 100 },
        ],
      }),
    ]);
    expect(view.presentation).toEqual({ scene: 'intro', step: 0 });
    expect(view.session).toMatchObject({ status: 'started', number: 1 });
  });

  it('gives the timeline with its markers', async () => {
    const response = await get(`/api/rooms/${roomId}/replay`);
    expect(response.statusCode, response.body).toBe(200);
    const timeline = response.json();
    expect(timeline).toMatchObject({
      room_id: roomId,
      event_name: 'Event replay-1',
      from: instant(0),
      last_version: script.length,
      markers_truncated: false,
    });
    expect(timeline.to).toBe(script.at(-1)?.at);
    expect(
      timeline.markers.map((marker: { kind: string; label: string }) => `${marker.kind}:${marker.label}`),
    ).toEqual([
      'joined:Ana',
      'joined:Bob',
      'session_started:',
      'scene:intro',
      'joined:Cleo',
      'poll_started:Dose',
      'poll_closed:Dose',
      'document_shared:Leaflet',
      'left:Cleo',
      'session_ended:',
    ]);
  });

  it('refuses a bad instant, another lab and a lab without the stats module', async () => {
    const bad = await get(`/api/rooms/${roomId}/replay/state?at=yesterday`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('at');
    const otherLab = await createLab(test.db, 'Other', ['stats']);
    await createUser(test.db, {
      labId: otherLab,
      email: 'other@replay.test',
      password: PASSWORD,
      role: 'admin',
    });
    const other = await signIn(app, 'other@replay.test', PASSWORD);
    expect((await get(`/api/rooms/${roomId}/replay`, other)).statusCode).toBe(404);
    expect((await get(`/api/rooms/${roomId}/replay/state?at=${instant(5)}`, other)).statusCode).toBe(404);
    const noStats = await createLab(test.db, 'No stats', []);
    await createUser(test.db, {
      labId: noStats,
      email: 'nostats@replay.test',
      password: PASSWORD,
      role: 'admin',
    });
    const without = await signIn(app, 'nostats@replay.test', PASSWORD);
    expect((await get(`/api/rooms/${roomId}/replay`, without)).statusCode).toBe(403);
  });
});
