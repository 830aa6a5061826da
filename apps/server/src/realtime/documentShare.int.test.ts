// A document share over the socket is checked as the REST route checks it, by the same function: the
// animator names documents of their lab by id, and the room stores the lab's own name and extension.
// Another lab's document, a missing one, or a renamed file in the message change nothing.
import { randomUUID } from 'node:crypto';
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
let labId: number;
let eventId: number;
let roomId: number;
let ownDocument: number;
let otherLabDocument: number;

async function insertDocument(lab: number, name: string): Promise<number> {
  const row = await test.db
    .insertInto('documents')
    .values({
      lab_id: lab,
      name,
      extension: 'pdf',
      content_type: 'application/pdf',
      size_bytes: 5,
      storage_key: `k-${name}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, { mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@x.org') });
  url = `${(await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
  labId = await createLab(test.db, 'Lab A', ['share_document']);
  const otherLab = await createLab(test.db, 'Lab B', ['share_document']);
  ({
    eventId,
    roomIds: [roomId = 0],
  } = await createEvent(test.db, { labId, slug: 'share-1' }));
  ownDocument = await insertDocument(labId, 'Protocol');
  otherLabDocument = await insertDocument(otherLab, 'Secret of lab B');
});
afterAll(async () => {
  await app.close();
  await test.drop();
});

async function share(socket: TestSocket, documents: { id: number; name: string; extension: string }[]) {
  const commandId = randomUUID();
  socket.send({
    type: 'command',
    roomId,
    commandId,
    command: { type: 'ShareDocuments', data: { documents } },
  });
  return socket.waitFor(
    (message) => (message.type === 'ack' || message.type === 'rejected') && message.commandId === commandId,
  );
}

const storedShares = async () =>
  (
    await test.db.selectFrom('session_events').select('data').where('type', '=', 'DocumentShared').execute()
  ).map((row) => (row.data as { document: unknown }).document);

describe('sharing documents over the socket', () => {
  it("refuses another lab's document and a missing one, and stores the lab's own name for the rest", async () => {
    const animator = await enterRoomAs(test.db, app, {
      labId,
      eventId,
      roomId,
      role: 'animator',
      email: 'a@x.org',
    });
    const socket = await joinTestRoom(url, animator.token, roomId);

    for (const id of [otherLabDocument, 987654]) {
      expect(await share(socket, [{ id, name: 'Anything', extension: 'pdf' }])).toMatchObject({
        type: 'rejected',
        code: 'document_not_found',
        message: `This document does not exist in your lab. (document ${id})`,
      });
    }
    expect(await storedShares()).toEqual([]);

    expect(await share(socket, [{ id: ownDocument, name: 'Renamed.exe', extension: 'exe' }])).toMatchObject({
      type: 'ack',
    });
    expect(await storedShares()).toEqual([{ id: ownDocument, name: 'Protocol', extension: 'pdf' }]);
    socket.close();
  });
});
