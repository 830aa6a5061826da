// Lab documents and their sharing in a live room, over HTTP on a real database, a real room service and
// files on disk: the lab's list, downloads, and share/unshare by the animator present in the room.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  buildTestApp,
  type Call,
  caller,
  createEvent,
  createLab,
  createTestDatabase,
  createUser,
  enterRoomAs,
  joinBySocket,
  listenForSockets,
  type RoomPerson,
  signIn,
  type TestDatabase,
  type TestSocket,
} from '@lablive/testkit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../mail/mailer.ts';

let test: TestDatabase;
let app: FastifyInstance;
let call: Call;
let wsUrl: string;
let labId: number;
let event: { eventId: number; roomIds: number[] };
let roomId: number;
let animator: RoomPerson;
let alice: RoomPerson;
let bob: RoomPerson;
const tokens = { manager: '', plain: '' };
const docs = { guide: 0, resume: 0, missing: 0, otherLab: 0 };
const sockets: TestSocket[] = [];

async function addDocument(lab: number, name: string, extension: string, storageKey: string) {
  const row = await test.db
    .insertInto('documents')
    .values({
      lab_id: lab,
      name,
      extension,
      content_type: 'text/plain',
      size_bytes: 5,
      storage_key: storageKey,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  test = await createTestDatabase();
  const filesDir = await mkdtemp(path.join(tmpdir(), 'lablive-files-'));
  await mkdir(path.join(filesDir, 'lab'), { recursive: true });
  await writeFile(path.join(filesDir, 'lab/guide.pdf'), 'guide');
  await writeFile(path.join(filesDir, 'lab/resume.txt'), 'résumé');
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
    filesDir,
  });
  call = caller(app);
  wsUrl = await listenForSockets(app);
  labId = await createLab(test.db, 'Lab A', ['share_document']);
  const otherLab = await createLab(test.db, 'Lab B', ['share_document']);
  await createUser(test.db, {
    labId,
    email: 'docs@a.test',
    password: 'pw-docs',
    permissions: ['manage_documents'],
  });
  await createUser(test.db, { labId, email: 'plain@a.test', password: 'pw-plain' });
  tokens.manager = await signIn(app, 'docs@a.test', 'pw-docs');
  tokens.plain = await signIn(app, 'plain@a.test', 'pw-plain');
  event = await createEvent(test.db, { labId, slug: 'docs-1', rooms: 2 });
  roomId = event.roomIds[0] ?? 0;
  const inRoom = { labId, eventId: event.eventId, roomId };
  animator = await enterRoomAs(test.db, app, { ...inRoom, role: 'animator', email: 'ana@x.org' });
  alice = await enterRoomAs(test.db, app, { ...inRoom, role: 'participant', email: 'alice@x.org' });
  bob = await enterRoomAs(test.db, app, {
    ...inRoom,
    roomId: event.roomIds[1] ?? 0,
    role: 'participant',
    email: 'bob@x.org',
  });
  docs.guide = await addDocument(labId, 'Guide', 'pdf', 'lab/guide.pdf');
  docs.resume = await addDocument(labId, 'Résumé "court"', 'txt', 'lab/resume.txt');
  docs.missing = await addDocument(labId, 'Lost', 'txt', 'lab/lost.txt');
  docs.otherLab = await addDocument(otherLab, 'Secret', 'txt', 'lab/guide.pdf');
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app.close();
  await test.drop();
});

describe('GET /api/documents/find/by-lab', () => {
  it("lists the lab's documents to document managers and to the hosts of its events", async () => {
    const cohost = await enterRoomAs(test.db, app, {
      labId,
      eventId: event.eventId,
      roomId,
      role: 'observer-animator',
      email: 'cohost@x.org',
    });
    for (const token of [tokens.manager, animator.token, cohost.token]) {
      const response = await call('GET', '/api/documents/find/by-lab', token);
      expect(response.statusCode).toBe(200);
      const names = response.json().map((d: { name: string }) => d.name);
      expect(names).toEqual(expect.arrayContaining(['Guide', 'Lost']));
      expect(names).not.toContain('Secret');
      expect(response.body).not.toContain('storage_key');
    }
  });

  it("never lists them to a plain participant, nor to the host of an event that is over (the room's panel is the hosts')", async () => {
    for (const guest of [alice, bob]) {
      const refused = await call('GET', '/api/documents/find/by-lab', guest.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain('Guide');
    }
    const past = await createEvent(test.db, { labId, slug: 'docs-over', rooms: 1 });
    const host = await enterRoomAs(test.db, app, {
      labId,
      eventId: past.eventId,
      roomId: past.roomIds[0] ?? 0,
      role: 'animator',
      email: 'former-host@x.org',
    });
    expect((await call('GET', '/api/documents/find/by-lab', host.token)).statusCode).toBe(200);
    await test.db
      .updateTable('events')
      .set({ end_date: new Date(), active: false })
      .where('id', '=', past.eventId)
      .execute();
    expect((await call('GET', '/api/documents/find/by-lab', host.token)).statusCode).toBe(403);
  });

  it('refuses staff without the permission or a participation, and labs without the module', async () => {
    const plain = await call('GET', '/api/documents/find/by-lab', tokens.plain);
    expect(plain.statusCode).toBe(403);
    const bare = await createLab(test.db, 'Lab C');
    await createUser(test.db, { labId: bare, email: 'admin@c.test', password: 'pw-c', role: 'admin' });
    const response = await call(
      'GET',
      '/api/documents/find/by-lab',
      await signIn(app, 'admin@c.test', 'pw-c'),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('module_disabled');
  });
});

describe('sharing in a room', () => {
  it('lets the animator present in the room share documents of the lab, and everyone there see them', async () => {
    const absent = await call('PUT', `/api/rooms/${roomId}/documents/add`, animator.token, {
      documents: [docs.guide],
    });
    expect(absent.statusCode).toBe(409);
    expect(absent.json().code).toBe('not_in_room');

    sockets.push(
      await joinBySocket(wsUrl, animator.token, roomId, 'ana'),
      await joinBySocket(wsUrl, alice.token, roomId, 'alice'),
    );
    const participant = await call('PUT', `/api/rooms/${roomId}/documents/add`, alice.token, {
      documents: [docs.guide],
    });
    expect(participant.statusCode).toBe(403);
    expect(participant.json().detail).toBe('Only an animator can do this.');

    const shared = await call('PUT', `/api/rooms/${roomId}/documents/add`, animator.token, {
      documents: [docs.guide, docs.resume],
    });
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toEqual([
      { id: docs.guide, name: 'Guide', extension: 'pdf', shared: true },
      { id: docs.resume, name: 'Résumé "court"', extension: 'txt', shared: true },
    ]);
    const seen = await call('GET', `/api/rooms/${roomId}/documents`, alice.token);
    expect(seen.json().map((d: { id: number }) => d.id)).toEqual([docs.guide, docs.resume]);

    const again = await call('PUT', `/api/rooms/${roomId}/documents/add`, animator.token, {
      documents: [docs.guide],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('already_shared');
  });

  it('answers 404 for a document of another lab and 400 for a malformed list', async () => {
    const foreign = await call('PUT', `/api/rooms/${roomId}/documents/add`, animator.token, {
      documents: [docs.otherLab],
    });
    expect(foreign.statusCode).toBe(404);
    const empty = await call('PUT', `/api/rooms/${roomId}/documents/add`, animator.token, { documents: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].field).toBe('documents');
  });

  it('lets guests download what is shared in their room, and no more', async () => {
    const download = await call('GET', `/api/documents/${docs.resume}/download`, alice.token);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('résumé');
    expect(download.headers['content-type']).toBe('text/plain');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="R_sum_ _court_.txt"; filename*=UTF-8''${encodeURIComponent('Résumé "court".txt')}`,
    );
    const otherRoom = await call('GET', `/api/documents/${docs.resume}/download`, bob.token);
    expect(otherRoom.statusCode).toBe(403);
    expect(otherRoom.json().detail).toBe('This document is not shared in your room.');
    const notShared = await call('GET', `/api/documents/${docs.missing}/download`, alice.token);
    expect(notShared.statusCode).toBe(403);
  });

  it('lets lab staff download any document of the lab', async () => {
    const response = await call('GET', `/api/documents/${docs.guide}/download`, tokens.plain);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Guide.pdf"/);
    expect((await call('GET', `/api/documents/${docs.otherLab}/download`, tokens.plain)).statusCode).toBe(
      404,
    );
  });

  it('answers 500, and keeps serving, when a stored file is missing', async () => {
    const response = await call('GET', `/api/documents/${docs.missing}/download`, tokens.manager);
    expect(response.statusCode).toBe(500);
    expect(response.json().code).toBe('internal');
    expect((await call('GET', `/api/documents/${docs.guide}/download`, tokens.manager)).statusCode).toBe(200);
  });

  it('unshares by `document` or `documentId`, and says when it was not shared', async () => {
    const first = await call('PUT', `/api/rooms/${roomId}/documents/remove`, animator.token, {
      document: docs.guide,
    });
    expect(first.json().map((d: { id: number }) => d.id)).toEqual([docs.resume]);
    const second = await call('PUT', `/api/rooms/${roomId}/documents/remove`, animator.token, {
      documentId: docs.resume,
    });
    expect(second.json()).toEqual([]);
    const again = await call('PUT', `/api/rooms/${roomId}/documents/remove`, animator.token, {
      document: docs.resume,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'document_not_shared',
      detail: 'This document is not shared in the room.',
    });
    const nothing = await call('PUT', `/api/rooms/${roomId}/documents/remove`, animator.token, {});
    expect(nothing.json().errors[0].field).toBe('document');
    // Unshared: the guest's download is closed again.
    expect((await call('GET', `/api/documents/${docs.resume}/download`, alice.token)).statusCode).toBe(403);
  });
});
