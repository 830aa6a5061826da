// The lobby over real sockets (issue 33, part 2): a guest of an event with a lobby cannot get in by
// joining (nor read the room, nor open its video), knocks, and is let in or turned away by a host; a
// locked room takes nobody new but lets back whoever lost their connection; a removed guest is sent out
// at once and kept out of that session, and comes to the next one. Real PostgreSQL, the real gateway.

import { PROTOCOL_VERSION } from '@lablive/protocol';
import {
  admitOnSocket,
  buildTestApp,
  createEvent,
  createLab,
  createTestDatabase,
  denyOnSocket,
  enterRoomAs,
  joinTestRoom,
  knockAndWait,
  listenForSockets,
  lobbyAnswer,
  lockOnSocket,
  openTestSocket,
  type RoomPerson,
  removeOnSocket,
  runRoomCommand,
  type TestDatabase,
  type TestSocket,
} from '@lablive/testkit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../mail/mailer.ts';

let test: TestDatabase;
let app: FastifyInstance;
let url: string;
let labId: number;

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, { mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@x.org') });
  url = await listenForSockets(app);
  labId = await createLab(test.db, 'Lobby Lab');
});
afterAll(async () => {
  await app.close();
  await test.drop();
});

/** An event (with or without a lobby) and its room, with a signed-in animator joined to it. */
async function roomWithHost(slug: string, lobby: boolean) {
  const { eventId, roomIds } = await createEvent(test.db, { labId, slug, isPublic: false });
  await test.db.updateTable('events').set({ lobby }).where('id', '=', eventId).execute();
  const roomId = roomIds[0] ?? 0;
  const person = (role: RoomPerson['role'], name: string) =>
    enterRoomAs(test.db, app, { labId, eventId, roomId, role, email: `${name}@${slug}.org` });
  const host = await person('animator', 'ada');
  const hostSocket = await joinTestRoom(url, host.token, roomId);
  return { roomId, person, host, hostSocket };
}

/** Opens a socket as this person and asks to join; returns it with the first answer to the join. */
async function tryJoin(token: string, roomId: number): Promise<{ socket: TestSocket; code: string }> {
  const socket = await openTestSocket(url);
  socket.send({ type: 'hello', protocolVersion: PROTOCOL_VERSION, token });
  await socket.waitFor((m) => m.type === 'authenticated');
  socket.send({ type: 'join', roomId, connectionId: 'tab', lastVersion: null });
  const answer = await socket.waitFor((m) => m.type === 'welcome' || m.type === 'error');
  return { socket, code: answer.type === 'error' ? answer.code : 'welcome' };
}

const eventTypes = (socket: TestSocket) =>
  socket.messages.flatMap((m) =>
    m.type === 'events' ? m.events.map((delivered) => delivered.event.type) : [],
  );

const storedOfType = (type: string) =>
  test.db.selectFrom('session_events').select('data').where('type', '=', type).execute();

describe('an event whose guests wait in the lobby', () => {
  it('keeps a guest out who joins without knocking: no state, no video token', async () => {
    const { roomId, person, hostSocket } = await roomWithHost('bypass', true);
    const guest = await person('participant', 'gina');
    const { socket, code } = await tryJoin(guest.token, roomId);
    expect(code).toBe('lobby_wait');
    expect(socket.messages.some((m) => m.type === 'welcome' || m.type === 'events')).toBe(false);
    const token = await app.inject({
      method: 'GET',
      url: `/api/rooms/${roomId}/token`,
      headers: { authorization: `Bearer ${guest.token}` },
    });
    expect(token.statusCode).toBe(409);
    expect(token.json()).toMatchObject({ code: 'lobby_wait' });
    const data = await app.inject({
      method: 'GET',
      url: `/api/rooms/${roomId}`,
      headers: { authorization: `Bearer ${guest.token}` },
    });
    expect(data.json()).toMatchObject({ lobby: true });
    socket.close();
    hostSocket.close();
  });

  it('lets a knocking guest in once a host admits them, and shows the knock to the hosts only', async () => {
    const { roomId, person, host, hostSocket } = await roomWithHost('admit', true);
    const inside = await person('participant', 'ines');
    const guest = await person('observer', 'otto');
    // Ines is let in first, so a guest is in the room when Otto knocks.
    const ines = await knockAndWait(url, inside.token, roomId);
    expect(ines.first.status).toBe('waiting');
    await hostSocket.waitFor(
      (m) => m.type === 'events' && m.events.some((d) => d.event.type === 'ParticipantKnocked'),
    );
    expect((await admitOnSocket(hostSocket, roomId, inside.participantId)).type).toBe('ack');
    expect(await lobbyAnswer(ines.socket, roomId, 1)).toMatchObject({ status: 'admitted' });
    const inesRoom = await joinTestRoom(url, inside.token, roomId);

    const otto = await knockAndWait(url, guest.token, roomId);
    expect(otto.first.status).toBe('waiting');
    await hostSocket.waitFor(
      (m) =>
        m.type === 'events' &&
        m.events.some(
          (d) => d.event.type === 'ParticipantKnocked' && d.event.data.participantId === guest.participantId,
        ),
    );
    // The hosts' panel names who knocks; a guest in the room can neither see it nor let anyone in.
    const lobby = (token: string) =>
      app.inject({
        method: 'GET',
        url: `/api/rooms/${roomId}/lobby`,
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await lobby(host.token)).json()).toEqual([
      { participantId: guest.participantId, name: 'otto', role: 'observer', at: expect.any(String) },
    ]);
    expect((await lobby(inside.token)).statusCode).toBe(403);
    expect(eventTypes(inesRoom)).not.toContain('ParticipantKnocked');
    const byGuest = await admitOnSocket(inesRoom, roomId, guest.participantId);
    expect(byGuest).toMatchObject({ type: 'rejected', code: 'not_animator' });
    expect((await admitOnSocket(hostSocket, roomId, guest.participantId)).type).toBe('ack');
    expect(await lobbyAnswer(otto.socket, roomId, 1)).toMatchObject({ status: 'admitted' });
    const ottoRoom = await joinTestRoom(url, guest.token, roomId);
    const welcome = ottoRoom.messages.find((m) => m.type === 'welcome');
    expect(welcome?.type === 'welcome' && welcome.state.viewers.map((v) => v.id)).toContain(
      inside.participantId,
    );
    for (const socket of [ines.socket, inesRoom, otto.socket, ottoRoom, hostSocket]) socket.close();
  });

  it('tells a denied guest, and gives up the knock of a guest whose socket closed', async () => {
    const { roomId, person, hostSocket } = await roomWithHost('deny', true);
    const denied = await person('participant', 'dan');
    const leaving = await person('participant', 'lea');
    const dan = await knockAndWait(url, denied.token, roomId);
    expect((await denyOnSocket(hostSocket, roomId, denied.participantId)).type).toBe('ack');
    expect(await lobbyAnswer(dan.socket, roomId, 1)).toMatchObject({
      status: 'refused',
      code: 'not_admitted',
    });
    expect((await tryJoin(denied.token, roomId)).code).toBe('lobby_wait');

    const lea = await knockAndWait(url, leaving.token, roomId);
    expect(lea.first.status).toBe('waiting');
    lea.socket.close();
    await hostSocket.waitFor(
      (m) => m.type === 'events' && m.events.some((d) => d.event.type === 'KnockWithdrawn'),
    );
    const rejected = await admitOnSocket(hostSocket, roomId, leaving.participantId);
    expect(rejected).toMatchObject({ type: 'rejected', code: 'knock_not_found' });
    dan.socket.close();
    hostSocket.close();
  });

  it('never makes a host wait', async () => {
    const { roomId, person, hostSocket } = await roomWithHost('host', true);
    const cohost = await person('observer-animator', 'oscar');
    const knock = await knockAndWait(url, cohost.token, roomId);
    expect(knock.first.status).toBe('admitted');
    expect((await tryJoin(cohost.token, roomId)).code).toBe('welcome');
    hostSocket.close();
    knock.socket.close();
  });
});

describe('a locked room', () => {
  it('takes nobody new, lets back whoever lost their connection, and opens again once unlocked', async () => {
    const { roomId, person, hostSocket } = await roomWithHost('lock', false);
    const inside = await person('participant', 'paul');
    const late = await person('participant', 'lou');
    const paul = await joinTestRoom(url, inside.token, roomId);
    await inTheRoom(hostSocket, inside.participantId);
    expect((await lockOnSocket(hostSocket, roomId)).type).toBe('ack');
    const refused = await tryJoin(late.token, roomId);
    expect(refused.code).toBe('room_locked');
    expect(refused.socket.messages.find((m) => m.type === 'error')?.message).toMatch(/locked/);
    // Paul's network drops: he comes back into the locked room.
    paul.terminate();
    await hostSocket.waitFor(
      (m) => m.type === 'events' && m.events.some((d) => d.event.type === 'ParticipantLeft'),
    );
    expect((await tryJoin(inside.token, roomId)).code).toBe('welcome');
    expect((await lockOnSocket(hostSocket, roomId, false)).type).toBe('ack');
    expect((await tryJoin(late.token, roomId)).code).toBe('welcome');
    hostSocket.close();
  });

  it('turns away whoever still knocks when it is locked', async () => {
    const { roomId, person, hostSocket } = await roomWithHost('lock-lobby', true);
    const guest = await person('participant', 'kim');
    const kim = await knockAndWait(url, guest.token, roomId);
    await lockOnSocket(hostSocket, roomId);
    expect(await lobbyAnswer(kim.socket, roomId, 1)).toMatchObject({
      status: 'refused',
      code: 'not_admitted',
    });
    const again = await knockAndWait(url, guest.token, roomId);
    expect(again.first).toMatchObject({ status: 'refused', code: 'room_locked' });
    hostSocket.close();
  });
});

/**
 * Until the host sees this person's JoinRoom in the room's log: a socket is welcomed before its JoinRoom
 * is decided, so a host acting on them (a lock, a removal) right after the welcome would race it.
 */
function inTheRoom(hostSocket: TestSocket, participantId: number) {
  return hostSocket.waitFor(
    (m) =>
      m.type === 'events' &&
      m.events.some(
        ({ event }) => event.type === 'ParticipantJoined' && event.data.participantId === participantId,
      ),
  );
}

describe('removing a participant', () => {
  it('sends them out at once, keeps them out of this session, and lets them into the next', async () => {
    const { roomId, person, hostSocket } = await roomWithHost('remove', false);
    const guest = await person('participant', 'rita');
    expect((await runRoomCommand(hostSocket, roomId, { type: 'StartSession', data: {} })).type).toBe('ack');
    const rita = await joinTestRoom(url, guest.token, roomId);
    await inTheRoom(hostSocket, guest.participantId);
    expect((await removeOnSocket(hostSocket, roomId, guest.participantId)).type).toBe('ack');
    // Her socket is told, by the room's event and by a coded refusal, and is sent nothing more.
    await rita.waitFor((m) => m.type === 'error' && m.code === 'removed_from_session');
    expect(eventTypes(rita)).toContain('ParticipantRemoved');
    const seen = rita.messages.length;
    await runRoomCommand(hostSocket, roomId, {
      type: 'SendChatMessage',
      data: { messageId: 'after', text: 'Bye' },
    });
    expect(eventTypes(hostSocket)).toContain('ChatMessageSent');
    expect(rita.messages.slice(seen).some((m) => m.type === 'events')).toBe(false);
    const welcome = hostSocket.messages.find((m) => m.type === 'welcome');
    expect(welcome).toBeDefined();
    // She cannot come back into this session, joining or (in an event with a lobby) knocking.
    expect((await tryJoin(guest.token, roomId)).code).toBe('removed_from_session');
    expect((await knockAndWait(url, guest.token, roomId)).first).toMatchObject({
      status: 'refused',
      code: 'removed_from_session',
    });
    const stored = await storedOfType('ParticipantRemoved');
    expect(stored.map((row) => row.data)).toContainEqual(
      expect.objectContaining({ participantId: guest.participantId }),
    );
    // The next session of the event takes her again.
    await runRoomCommand(hostSocket, roomId, { type: 'EndSession', data: {} });
    await runRoomCommand(hostSocket, roomId, { type: 'StartSession', data: {} });
    expect((await tryJoin(guest.token, roomId)).code).toBe('welcome');
    hostSocket.close();
  });
});
