// The rooms part of the REST client against the real server: what a guest's browser does from the
// public entry to the room (distribution, token, shared documents, a report).
import {
  buildTestApp,
  createEvent,
  createLab,
  createTestDatabase,
  type TestDatabase,
} from '@lablive/testkit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../../../apps/server/src/mail/mailer.ts';
import { createApiClient } from './apiClient.ts';
import { ApiError } from './apiError.ts';
import { createMemoryTokenStore } from './tokenStore.ts';

let test: TestDatabase;
let app: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, { mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@x.org') });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const labId = await createLab(test.db, 'Lab', ['pharmacovigilance', 'share_document']);
  await createEvent(test.db, { labId, slug: 'client-rooms-7', rooms: 2 });
});
afterAll(async () => {
  await app.close();
  await test.drop();
});

describe('rooms API client', () => {
  it('takes a guest from the public entry to a room and its video session', async () => {
    const api = createApiClient({ baseUrl, tokenStore: createMemoryTokenStore() });
    const session = await api.login({
      firstName: 'Gil',
      lastName: 'Guest',
      email: 'gil@x.org',
      eventSlug: 'client-rooms-7',
      isPublic: true,
    });
    const eventId = session.event_id ?? 0;
    const rooms = await api.rooms.eventRooms(eventId);
    expect(rooms).toHaveLength(2);
    const { id: roomId } = await api.rooms.joinRoom(eventId);
    expect(rooms.map((room) => room.id)).toContain(roomId);
    const token = await api.rooms.roomToken(roomId);
    expect(token.session.provider).toBe('mesh');
    expect(token.participation.role).toBe('participant');
    expect(await api.rooms.roomDocuments(roomId)).toEqual([]);

    const refused = await api.rooms
      .updateParticipant(session.user.participation?.id ?? 0, { role: 'animator' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(403);
  });
});
