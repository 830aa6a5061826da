// A mesh room (no media server) past what the mesh carries: the room token call logs a warning for the
// operator naming the room and the count, once people beyond MESH_PARTICIPANT_LIMIT join; not before.
import { MESH_PARTICIPANT_LIMIT } from '@lablive/domain';
import {
  buildTestApp,
  createEvent,
  createLab,
  createTestDatabase,
  enterRoomAs,
  joinTestRoom,
  type TestDatabase,
  type TestSocket,
} from '@lablive/testkit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../mail/mailer.ts';

let test: TestDatabase;
let app: FastifyInstance;
let url: string;
const lines: string[] = [];
const sockets: TestSocket[] = [];

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@x.org'),
    onLogLine: (line) => lines.push(line),
  });
  url = `${(await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app?.close();
  await test?.drop();
});

describe('the mesh limit', () => {
  it('warns the operator when a mesh room grows past the people the mesh carries', async () => {
    const labId = await createLab(test.db, 'Lab mesh');
    const {
      eventId,
      roomIds: [roomId = 0],
    } = await createEvent(test.db, { labId, slug: 'mesh-limit' });
    const warnings = () => lines.filter((line) => line.includes('mesh room past its limit'));
    for (let person = 1; person <= MESH_PARTICIPANT_LIMIT + 1; person++) {
      const entered = await enterRoomAs(test.db, app, {
        labId,
        eventId,
        roomId,
        role: 'participant',
        email: `p${person}@mesh.test`,
      });
      const token = await app.inject({
        method: 'GET',
        url: `/api/rooms/${roomId}/token`,
        headers: { authorization: `Bearer ${entered.token}` },
      });
      expect(token.json().session.provider).toBe('mesh');
      if (person <= MESH_PARTICIPANT_LIMIT) expect(warnings()).toEqual([]);
      sockets.push(await joinTestRoom(url, entered.token, roomId));
    }
    expect(warnings()).toHaveLength(1);
    expect(JSON.parse(warnings()[0] ?? '{}')).toMatchObject({
      roomId,
      people: MESH_PARTICIPANT_LIMIT + 1,
      limit: MESH_PARTICIPANT_LIMIT,
    });
  });
});
