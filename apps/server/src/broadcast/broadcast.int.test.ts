// Broadcast to every room of an event against the real database, room hosts, job queue and sockets:
// an announcement reaches each room once (a retry doubles nothing), only the event's staff of its lab
// may send, the banner is in the state of whoever joins, and the recall (now, or by the breakout's job)
// sends the guests of the other rooms into the target room, which lets them in for that session only.

import { randomUUID } from 'node:crypto';
import { PROTOCOL_VERSION, type ServerMessage } from '@lablive/protocol';
import {
  broadcastCalls,
  buildTestApp,
  type Call,
  caller,
  createEvent,
  createLab,
  createTestDatabase,
  createUser,
  enterRoomAs,
  joinTestRoom,
  makeBreakoutDue,
  openTestSocket,
  type RoomPerson,
  signIn,
  type TestDatabase,
  type TestSocket,
} from '@lablive/testkit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../mail/mailer.ts';

const START = randomUUID();
const END = randomUUID();
let test: TestDatabase;
let app: FastifyInstance;
let call: Call;
let wsUrl: string;
let eventId: number;
let room1: number;
let room2: number;
let managerToken: string;
let otherLabToken: string;
let guest1: RoomPerson;
let guest2: RoomPerson;
let animator2: RoomPerson;
let labId: number;

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@x.org'),
    jobs: { retryDelaySeconds: 1 },
  });
  wsUrl = `${(await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
  call = caller(app);
  labId = await createLab(test.db, 'Lab', ['stats']);
  const otherLab = await createLab(test.db, 'Other lab', []);
  await createUser(test.db, { labId, email: 'manager@lab.test', password: 'pw-manager-1', role: 'admin' });
  await createUser(test.db, {
    labId: otherLab,
    email: 'other@lab.test',
    password: 'pw-other-1',
    role: 'admin',
  });
  managerToken = await signIn(app, 'manager@lab.test', 'pw-manager-1');
  otherLabToken = await signIn(app, 'other@lab.test', 'pw-other-1');
  const event = await createEvent(test.db, { labId, slug: 'broadcast-1', rooms: 2 });
  eventId = event.eventId;
  [room1 = 0, room2 = 0] = event.roomIds;
  const placed = (roomId: number, email: string, role: RoomPerson['role']) =>
    enterRoomAs(test.db, app, { labId, eventId, roomId, role, email });
  guest1 = await placed(room1, 'guest1@example.org', 'participant');
  guest2 = await placed(room2, 'guest2@example.org', 'participant');
  animator2 = await placed(room2, 'animator2@example.org', 'animator');
});
afterAll(async () => {
  await app.close();
  await test.drop();
});

const post = (token: string, request: { path: string; body: Record<string, unknown> }) =>
  call('POST', request.path, token, request.body);

function eventsOfType(socket: TestSocket, type: string) {
  return socket.messages.flatMap((message) =>
    message.type === 'events'
      ? message.events
          .filter((delivered) => delivered.event.type === type)
          .map((delivered) => delivered.event)
      : [],
  );
}

const waitForEvent = (socket: TestSocket, type: string, timeoutMs = 5000) =>
  socket.waitFor(
    (message: ServerMessage) =>
      message.type === 'events' && message.events.some((delivered) => delivered.event.type === type),
    timeoutMs,
  );

/** The join refused (its error code), or 'welcome'. */
async function tryJoin(token: string, roomId: number): Promise<string> {
  const socket = await openTestSocket(wsUrl);
  socket.send({ type: 'hello', protocolVersion: PROTOCOL_VERSION, token });
  await socket.waitFor((m) => m.type === 'authenticated');
  socket.send({ type: 'join', roomId, connectionId: 'try', lastVersion: null });
  const answer = await socket.waitFor((m) => m.type === 'welcome' || m.type === 'error');
  socket.close();
  return answer.type === 'error' ? answer.code : answer.type;
}

describe('an announcement to every room', () => {
  it("reaches each room's sockets once, and a retry of the same request doubles nothing", async () => {
    const in1 = await joinTestRoom(wsUrl, guest1.token, room1);
    const in2 = await joinTestRoom(wsUrl, guest2.token, room2);
    const request = broadcastCalls.announce(eventId, 'Plenary in room 1 at 3 pm');
    const response = await post(managerToken, request);
    expect(response.statusCode).toBe(200);
    expect(response.json().rooms).toEqual([
      { room_id: room1, name: expect.any(String), delivered: true, code: null },
      { room_id: room2, name: expect.any(String), delivered: true, code: null },
    ]);
    await waitForEvent(in1, 'AnnouncementBroadcast');
    await waitForEvent(in2, 'AnnouncementBroadcast');
    const again = await post(managerToken, request);
    expect(again.json().rooms.map((room: { delivered: boolean }) => room.delivered)).toEqual([true, true]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const socket of [in1, in2]) {
      const announced = eventsOfType(socket, 'AnnouncementBroadcast');
      expect(announced).toHaveLength(1);
      expect(announced[0]?.data).toMatchObject({
        text: 'Plenary in room 1 at 3 pm',
        byUserId: expect.any(Number),
      });
      socket.close();
    }
  });

  it('is refused to a guest, allowed to an animator of the event, and another lab does not see the event', async () => {
    const byGuest = await post(guest1.token, broadcastCalls.announce(eventId, 'Hello all'));
    expect(byGuest.statusCode).toBe(403);
    expect(byGuest.json().detail).toMatch(/staff who run this event/);
    const byOtherLab = await post(otherLabToken, broadcastCalls.announce(eventId, 'Hello all'));
    expect(byOtherLab.statusCode).toBe(404);
    const byAnimator = await post(animator2.token, broadcastCalls.announce(eventId, 'From the animator'));
    expect(byAnimator.statusCode).toBe(200);
    const logged = await test.db
      .selectFrom('session_events')
      .select(['stream_id', 'data'])
      .where('type', '=', 'AnnouncementBroadcast')
      .execute();
    const texts = logged.map((row) => (row.data as { text: string }).text);
    expect(texts.filter((text) => text === 'Hello all')).toEqual([]);
    expect(texts.filter((text) => text === 'From the animator')).toHaveLength(2);
  });

  it('refuses a blank announcement and an unknown field, naming them', async () => {
    const blank = await post(managerToken, broadcastCalls.announce(eventId, '   '));
    expect(blank.statusCode).toBe(400);
    const extra = await call('POST', `/api/events/${eventId}/broadcast/announcements`, managerToken, {
      request_id: 'x',
      text: 'Hi',
      to: 'everyone',
    });
    expect(extra.statusCode).toBe(400);
  });
});

describe('statistics and replay', () => {
  it('list the announcements per room and session, and the replay shows them and the banner', async () => {
    const stats = await call('GET', `/api/events/${eventId}/stats`, managerToken);
    expect(stats.statusCode, stats.body).toBe(200);
    const rows: { room_id: number; session_number: number; text: string }[] = stats.json().announcements;
    expect(rows.filter((row) => row.text === 'Plenary in room 1 at 3 pm')).toEqual([
      expect.objectContaining({ room_id: room1, session_number: 0 }),
      expect.objectContaining({ room_id: room2, session_number: 0 }),
    ]);
    await post(managerToken, broadcastCalls.banner(eventId, 'Replayed banner', null));
    const at = new Date(Date.now() + 1000).toISOString();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const replay = await call(
      'GET',
      `/api/rooms/${room2}/replay/state?at=${encodeURIComponent(at)}`,
      managerToken,
    );
    expect(replay.statusCode, replay.body).toBe(200);
    const { broadcast } = replay.json().view;
    expect(broadcast.banner.text).toBe('Replayed banner');
    expect(broadcast.announcements.map((a: { text: string }) => a.text)).toContain(
      'Plenary in room 1 at 3 pm',
    );
    await post(managerToken, broadcastCalls.clearBanner(eventId));
  });
});

describe('the banner', () => {
  it('is in the state of whoever joins any room until staff clear it', async () => {
    expect(
      (await post(managerToken, broadcastCalls.banner(eventId, 'Coffee break until 10:30', 30))).statusCode,
    ).toBe(200);
    const late = await joinTestRoom(wsUrl, guest2.token, room2);
    const welcome = late.messages.find((message) => message.type === 'welcome');
    expect(welcome?.type === 'welcome' && welcome.state.broadcast.banner?.text).toBe(
      'Coffee break until 10:30',
    );
    const cleared = await post(managerToken, broadcastCalls.clearBanner(eventId));
    expect(cleared.json().rooms.map((room: { delivered: boolean }) => room.delivered)).toEqual([true, true]);
    await waitForEvent(late, 'BannerCleared');
    late.close();
    // Clearing again finds nothing to clear: every room is as asked.
    const again = await post(managerToken, broadcastCalls.clearBanner(eventId));
    expect(again.json().rooms.map((room: { delivered: boolean }) => room.delivered)).toEqual([true, true]);
  });
});

describe('the recall to one room', () => {
  it('moves the guests of the other rooms to it and lets them in for that session only', async () => {
    expect(await tryJoin(guest2.token, room1)).toBe('not_allowed_in_room');
    // Staff open room 1's session; guest 2 waits in room 2.
    const staff = await joinTestRoom(wsUrl, managerToken, room1);
    staff.send({
      type: 'command',
      roomId: room1,
      commandId: START,
      command: { type: 'StartSession', data: {} },
    });
    await staff.waitFor((m) => m.type === 'ack' && m.commandId === START);
    const in2 = await joinTestRoom(wsUrl, guest2.token, room2);
    const recalled = await post(managerToken, broadcastCalls.recall(eventId, room1));
    expect(recalled.statusCode).toBe(200);
    await waitForEvent(in2, 'RecalledToRoom');
    expect(eventsOfType(in2, 'RecalledToRoom')[0]?.data).toMatchObject({ targetRoomId: room1 });
    in2.close();
    expect(await tryJoin(guest2.token, room1)).toBe('welcome');
    // Room 1's session ends: the next one, guest 2 is back to their own room.
    staff.send({
      type: 'command',
      roomId: room1,
      commandId: END,
      command: { type: 'EndSession', data: {} },
    });
    await staff.waitFor((m) => m.type === 'ack' && m.commandId === END);
    staff.close();
    expect(await tryJoin(guest2.token, room1)).toBe('not_allowed_in_room');
  });

  it('lets the recalled guests into a target room with a lobby, locked, where its own newcomers wait', async () => {
    // An event whose guests wait in the lobby (issue 33, part 2): staff calling everyone back is their
    // admission, so a recalled guest neither knocks nor finds the room's lock in the way.
    const lobbyEvent = await createEvent(test.db, { labId, slug: 'broadcast-lobby', rooms: 2 });
    await test.db.updateTable('events').set({ lobby: true }).where('id', '=', lobbyEvent.eventId).execute();
    const [target = 0, other = 0] = lobbyEvent.roomIds;
    const placed = (roomId: number, email: string) =>
      enterRoomAs(test.db, app, { labId, eventId: lobbyEvent.eventId, roomId, role: 'participant', email });
    const newcomer = await placed(target, 'newcomer@example.org');
    const brought = await placed(other, 'brought@example.org');
    const staff = await joinTestRoom(wsUrl, managerToken, target);
    const sent = (commandId: string, command: { type: string; data: Record<string, unknown> }) => {
      staff.send({ type: 'command', roomId: target, commandId, command });
      return staff.waitFor((m) => m.type === 'ack' && m.commandId === commandId);
    };
    await sent(randomUUID(), { type: 'StartSession', data: {} });
    expect(await tryJoin(newcomer.token, target)).toBe('lobby_wait');
    await sent(randomUUID(), { type: 'LockRoom', data: {} });
    expect(await tryJoin(newcomer.token, target)).toBe('room_locked');
    expect(await tryJoin(brought.token, target)).toBe('not_allowed_in_room');
    const recalled = await post(managerToken, broadcastCalls.recall(lobbyEvent.eventId, target));
    expect(recalled.statusCode).toBe(200);
    expect(await tryJoin(brought.token, target)).toBe('welcome');
    expect(await tryJoin(newcomer.token, target)).toBe('room_locked');
    staff.close();
  });

  it("ends a breakout by the job queue's timer, with the countdown shown in the rooms that got it", async () => {
    const in2 = await joinTestRoom(wsUrl, guest2.token, room2);
    const started = await post(managerToken, broadcastCalls.breakout(eventId, room1, 5));
    expect(started.statusCode, started.body).toBe(200);
    // Room 1's session ended above: the caller is told that room did not get it, the other did.
    expect(started.json().rooms).toEqual([
      { room_id: room1, name: expect.any(String), delivered: false, code: 'session_ended' },
      { room_id: room2, name: expect.any(String), delivered: true, code: null },
    ]);
    const endsAt = Date.parse(started.json().ends_at);
    expect(endsAt - Date.now()).toBeGreaterThan(4 * 60_000);
    const timer = await waitForEvent(in2, 'BreakoutTimerStarted');
    expect(timer.type === 'events' && timer.events[0]?.event.data).toMatchObject({ targetRoomId: room1 });
    expect(eventsOfType(in2, 'RecalledToRoom')).toHaveLength(0);
    expect(await makeBreakoutDue(test.url, eventId)).toBe(1);
    await waitForEvent(in2, 'RecalledToRoom', 15_000);
    const recall = eventsOfType(in2, 'RecalledToRoom').at(-1);
    expect(recall?.data).toMatchObject({ targetRoomId: room1, breakoutId: started.json().breakout_id });
    in2.close();
  });
});
