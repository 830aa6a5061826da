// A live room over REST on a real database and a real room service: room data, the room token for the
// mesh and for OpenTok (whose servers are out of reach here: a real failure path), and leaving.
import {
  buildTestApp,
  type Call,
  caller,
  createEvent,
  createLab,
  createTestDatabase,
  enterRoomAs,
  joinBySocket,
  listenForSockets,
  type RoomPerson,
  type TestDatabase,
  type TestSocket,
} from '@lablive/testkit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../mail/mailer.ts';

const mailer = createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test');
const iceServers = [{ urls: 'stun:stun.example.org:3478' }];
let test: TestDatabase;
let app: FastifyInstance;
let call: Call;
let wsUrl: string;
let labId: number;
let event: { eventId: number; roomIds: number[] };
let roomId: number;
let animator: RoomPerson;
let alice: RoomPerson;
let pollId: number;

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, { mailer, iceServers });
  call = caller(app);
  wsUrl = await listenForSockets(app);
  labId = await createLab(test.db, 'Lab A', ['polls', 'active_camera']);
  event = await createEvent(test.db, { labId, slug: 'room-1', rooms: 2 });
  roomId = event.roomIds[0] ?? 0;
  await test.db.updateTable('rooms').set({ name: 'Salle 1' }).where('id', '=', roomId).execute();
  const media = await test.db
    .insertInto('medias')
    .values({
      lab_id: labId,
      name: 'Quiz',
      slug: 'demo',
      build_path: '/games/demo',
      build_compression: null,
      thumbnail_url: '/t.png',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await test.db.insertInto('event_medias').values({ event_id: event.eventId, media_id: media.id }).execute();
  pollId = (
    await test.db
      .insertInto('polls')
      .values({
        lab_id: labId,
        event_id: event.eventId,
        room_id: roomId,
        title: 'Habits',
        question: 'Which one?',
        options: JSON.stringify(['A', 'B']),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  animator = await enterRoomAs(test.db, app, {
    labId,
    eventId: event.eventId,
    roomId,
    role: 'animator',
    email: 'ana@x.org',
  });
  alice = await enterRoomAs(test.db, app, {
    labId,
    eventId: event.eventId,
    roomId,
    role: 'participant',
    email: 'alice@x.org',
  });
});
afterAll(async () => {
  await app.close();
  await test.drop();
});

describe('GET /api/rooms/{id}', () => {
  it('gives the room, its medias, its polls and the caller participation', async () => {
    const response = await call('GET', `/api/rooms/${roomId}`, alice.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: roomId,
      event_id: event.eventId,
      lab_id: labId,
      name: 'Salle 1',
      opentok_session_id: null,
      active_modules: ['chat', 'polls', 'notes', 'stats', 'active_camera', 'questions'],
      medias: [
        {
          id: expect.any(Number),
          name: 'Quiz',
          slug: 'demo',
          build_path: '/games/demo',
          build_compression: null,
          canvas_width: 960,
          canvas_height: 600,
          full_canvas: false,
          thumbnail: { url: '/t.png' },
        },
      ],
      polls: [
        expect.objectContaining({
          id: pollId,
          title: 'Habits',
          options: ['A', 'B'],
          answers: [0, 0],
          active: false,
        }),
      ],
      participation: { id: alice.participantId, role: 'participant' },
      // No session has started yet in this room.
      session: { status: 'not_started', number: 0, closed: false },
      // The event lets its guests straight in (no lobby, issue 33 part 2).
      lobby: false,
    });
  });

  it('keeps a participant out of the rooms they were not placed in', async () => {
    const response = await call('GET', `/api/rooms/${event.roomIds[1]}`, alice.token);
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe('This is not your room.');
    expect((await call('GET', '/api/rooms/999999', alice.token)).statusCode).toBe(404);
  });
});

describe('GET /api/rooms/{id}/token', () => {
  it('opens a mesh session with the configured ICE servers when OpenTok is not configured', async () => {
    const response = await call('GET', `/api/rooms/${roomId}/token`, animator.token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      activeModules: ['chat', 'polls', 'notes', 'stats', 'active_camera', 'questions'],
      labLogoUrl: '/logos/Lab%20A.png',
      participation: { id: animator.participantId, role: 'animator' },
      session: { provider: 'mesh', sessionName: `Event room-1`, iceServers },
      roomName: 'Salle 1',
      // A public event: its staff get the link to hand out.
      publicSlug: 'room-1',
    });
    expect(Number.isNaN(Date.parse(body.session.datetime))).toBe(false);
    expect(body.medias).toHaveLength(1);
    expect(body.polls).toHaveLength(1);
    // A guest has no link to hand out.
    expect((await call('GET', `/api/rooms/${roomId}/token`, alice.token)).json().publicSlug).toBeNull();
  });

  it('offers no camera in the rooms of a lab that does not allow cameras (issue 28)', async () => {
    const noCameraLab = await createLab(test.db, 'Lab without cameras', ['polls']);
    const audioOnly = await createEvent(test.db, { labId: noCameraLab, slug: 'audio-only' });
    const host = await enterRoomAs(test.db, app, {
      labId: noCameraLab,
      eventId: audioOnly.eventId,
      roomId: audioOnly.roomIds[0] ?? 0,
      role: 'animator',
      email: 'host@audio.test',
    });
    const response = await call('GET', `/api/rooms/${audioOnly.roomIds[0]}/token`, host.token);
    expect(response.statusCode, response.body).toBe(200);
    // The room switched cameras on (the default), the lab did not: the room offers none.
    expect(response.json().activeModules).toEqual(['chat', 'polls', 'notes', 'stats', 'questions']);
  });

  it("answers 503 with the spec's message when OpenTok cannot create the session", async () => {
    // Another app is another instance: it gets a room the first one does not host (they share no bus).
    const otherRoom = event.roomIds[1] ?? 0;
    const bob = await enterRoomAs(test.db, app, {
      labId,
      eventId: event.eventId,
      roomId: otherRoom,
      role: 'participant',
      email: 'bob@x.org',
    });
    const withOpenTok = await buildTestApp(test, {
      mailer,
      opentok: { apiKey: '12345678', apiSecret: 'not-a-real-secret' },
    });
    try {
      const response = await caller(withOpenTok)('GET', `/api/rooms/${otherRoom}/token`, bob.token);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        code: 'service_unavailable',
        detail: 'An error occurred while creating the authentication key',
      });
      const room = await test.db
        .selectFrom('rooms')
        .select('opentok_session_id')
        .where('id', '=', otherRoom)
        .executeTakeFirstOrThrow();
      expect(room.opentok_session_id).toBeNull();
    } finally {
      await withOpenTok.close();
    }
  });
});

/** The connections of a participant, from the watcher's welcome and the events after it. */
async function connectionsSeenBy(
  watcher: TestSocket,
  participantId: number,
  count: number,
): Promise<string[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const seen = new Set<string>();
    for (const message of watcher.messages) {
      if (message.type === 'welcome') {
        for (const id of message.state.viewers.find((v) => v.id === participantId)?.connections ?? [])
          seen.add(id);
      }
      if (message.type !== 'events') continue;
      for (const { event } of message.events) {
        if (
          (event.type === 'ParticipantJoined' || event.type === 'ParticipantReconnected') &&
          event.data.participantId === participantId
        ) {
          seen.add(event.data.connectionId);
        }
      }
    }
    if (seen.size >= count || Date.now() > deadline) return [...seen];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('POST /api/rooms/{id}/leave', () => {
  it('closes one connection when named, and every connection of the caller without one', async () => {
    const first = await joinBySocket(wsUrl, alice.token, roomId, 'tab-1');
    const second = await joinBySocket(wsUrl, alice.token, roomId, 'tab-2');
    const watcher = await joinBySocket(wsUrl, animator.token, roomId, 'ana-tab');
    try {
      // The gateway names connections itself; the room, as the watcher sees it, shows them.
      const connections = await connectionsSeenBy(watcher, alice.participantId, 2);
      const one = await call('POST', `/api/rooms/${roomId}/leave`, alice.token, {
        connectionId: connections[0],
      });
      expect(one.statusCode).toBe(204);
      await watcher.waitFor(
        (m) => m.type === 'events' && m.events.some((e) => e.event.type === 'ParticipantConnectionClosed'),
      );
      const all = await call('POST', `/api/rooms/${roomId}/leave`, alice.token);
      expect(all.statusCode).toBe(204);
      await watcher.waitFor(
        (m) =>
          m.type === 'events' &&
          m.events.some(
            (e) => e.event.type === 'ParticipantLeft' && e.event.data.participantId === alice.participantId,
          ),
      );
      // Leaving again, or a connection that is gone, is not an error.
      expect((await call('POST', `/api/rooms/${roomId}/leave`, alice.token)).statusCode).toBe(204);
      expect(
        (await call('POST', `/api/rooms/${roomId}/leave`, alice.token, { connectionId: 'tab-9' })).statusCode,
      ).toBe(204);
    } finally {
      for (const socket of [first, second, watcher]) socket.close();
    }
  });

  it('refuses a room the caller is not admitted to', async () => {
    const other = await call('POST', `/api/rooms/${event.roomIds[1]}/leave`, alice.token);
    expect(other.statusCode, other.body).toBe(403);
    const bad = await call('POST', `/api/rooms/${roomId}/leave`, alice.token, { connectionId: '' });
    expect(bad.statusCode).toBe(400);
  });
});
