// Tamper evidence (issue 32, part 2) on a real database, through the real API and the real verifier:
// the ledger hashes a room's session log and a lab's audit trail once, signs a checkpoint when the
// session ends, and an export verifies untouched; a row changed or removed behind the product's back
// (even by a database superuser with the append-only triggers off) is named by the verifier; leaves
// and checkpoints cannot be rewritten.
import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  buildTestApp,
  type Call,
  caller,
  createEvent,
  createLab,
  createTestDatabase,
  createUser,
  signIn,
  type TestDatabase,
} from '@lablive/testkit';
import { generateNoteKeys, type NoteSigner, parseSignerKey, verifyPackage } from '@lablive/verify';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { append } from '../event-store/append.ts';
import { createOutboxMailer } from '../mail/mailer.ts';
import { runLedgerOnce } from './ledgerWriter.ts';

let test: TestDatabase;
let app: FastifyInstance;
let call: Call;
let signer: NoteSigner;
let verifierKey: string;
let labId: number;
let roomId: number;
let admin: string;
let folder: string;

const ledger = () => runLedgerOnce({ db: test.db, signer, now: () => new Date() }, { daily: true });

/** Chat messages appended to the room's log as the room host stores them, then the session's end. */
async function session(messages: number, after = 0): Promise<void> {
  const events = Array.from({ length: messages }, (_, index) => ({
    eventId: randomUUID(),
    type: 'ChatMessageSent',
    data: {
      messageId: randomUUID(),
      from: 7,
      text: `Question ${index + 1} about the dosage`,
      at: new Date().toISOString(),
    },
    metadata: { labId, actor: { participantId: 7 } },
  }));
  const ended = {
    eventId: randomUUID(),
    type: 'SessionEnded',
    data: { closedByUserId: 1, at: new Date().toISOString() },
    metadata: { labId },
  };
  await append(test.db, `room-${roomId}`, after, [...events, ended]);
}

async function exported(url: string, name: string): Promise<string> {
  const response = await call('GET', url, admin);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  const file = path.join(folder, name);
  await writeFile(file, response.body);
  return file;
}

beforeAll(async () => {
  test = await createTestDatabase();
  signer = parseSignerKey(generateNoteKeys('lablive.test').signerKey);
  verifierKey = signer.verifierKey;
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
    ledgerSigner: signer,
  });
  call = caller(app);
  folder = await mkdtemp(path.join(os.tmpdir(), 'lablive-ledger-'));
  labId = await createLab(test.db, 'Lab A', ['stats']);
  await createUser(test.db, { labId, email: 'admin@a.test', password: 'pw-admin-a', role: 'admin' });
  admin = await signIn(app, 'admin@a.test', 'pw-admin-a');
  ({
    roomIds: [roomId = 0],
  } = await createEvent(test.db, { labId, slug: 'ledger' }));
  await session(40);
  while ((await ledger())?.more);
});

afterAll(async () => {
  await app?.close();
  await test?.drop();
});

describe("a room's session log", () => {
  it('is signed when its session ends, and its export verifies with the published key', async () => {
    const checkpoints = await test.db
      .selectFrom('ledger_checkpoints')
      .selectAll()
      .where('log', '=', `room/${roomId}`)
      .execute();
    expect(checkpoints.map((row) => [row.cause, row.size])).toContainEqual(['session-ended', 41]);
    expect((await app.inject({ method: 'GET', url: '/api/ledger/key' })).body.trim()).toBe(verifierKey);

    const file = await exported(`/api/rooms/${roomId}/log/export`, 'untouched.jsonl');
    const result = await verifyPackage(file, { trustedKey: verifierKey });
    expect(result.problem).toBeNull();
    expect(result).toMatchObject({ verified: true, events: 41, kind: 'session' });
  });

  it("is extended by the room's next session: a later export proves it holds the earlier one unchanged", async () => {
    const earlier = await exported(`/api/rooms/${roomId}/log/export`, 'first-session.jsonl');
    await session(9, 41);
    while ((await ledger())?.more);
    const later = await exported(`/api/rooms/${roomId}/log/export`, 'two-sessions.jsonl');
    const result = await verifyPackage(later, { trustedKey: verifierKey, extendsPackage: earlier });
    expect(result.problem).toBeNull();
    expect(result).toMatchObject({ verified: true, events: 51 });
    expect(result.extends).toMatchObject({ events: 41, extended: true });
    const ends = await test.db
      .selectFrom('ledger_checkpoints')
      .select('size')
      .where('log', '=', `room/${roomId}`)
      .where('cause', '=', 'session-ended')
      .orderBy('size')
      .execute();
    expect(ends.map((row) => row.size)).toEqual([41, 51]);
  });

  it('names the event altered in the database after it was logged', async () => {
    await sql`UPDATE session_events SET data = jsonb_set(data, '{text}', '"Question 17 about the dosage: doubled"')
      WHERE stream_id = ${`room-${roomId}`} AND stream_version = 17`.execute(test.db);
    const result = await verifyPackage(await exported(`/api/rooms/${roomId}/log/export`, 'altered.jsonl'), {
      trustedKey: verifierKey,
    });
    expect(result.verified).toBe(false);
    expect(result.problem).toMatchObject({ code: 'alteredEvent', events: [17] });
  });

  it('names the event removed from the database', async () => {
    await sql`DELETE FROM session_events WHERE stream_id = ${`room-${roomId}`} AND stream_version = 30`.execute(
      test.db,
    );
    const result = await verifyPackage(await exported(`/api/rooms/${roomId}/log/export`, 'removed.jsonl'));
    expect(result.verified).toBe(false);
    // Event 17 was altered first; the verifier stops at the first problem, so read from after it.
    expect(['alteredEvent', 'missingEvents']).toContain(result.problem?.code);
  });
});

describe("a lab's audit trail", () => {
  it('is hashed in the order entries committed; its export verifies, and an entry rewritten by a superuser is named', async () => {
    for (const name of ['Cardiology', 'Oncology', 'Neurology']) {
      expect((await call('POST', '/api/groups', admin, { name })).statusCode).toBe(201);
    }
    while ((await ledger())?.more);
    const untouched = await verifyPackage(await exported('/api/audit/log/export', 'audit.jsonl'), {
      trustedKey: verifierKey,
    });
    expect(untouched.problem).toBeNull();
    expect(untouched.events).toBeGreaterThanOrEqual(4);
    // Never signed before, the lab's trail got its day's checkpoint from the pass.
    const daily = await test.db
      .selectFrom('ledger_checkpoints')
      .select('cause')
      .where('log', '=', `audit/lab/${labId}`)
      .execute();
    expect(daily.map((row) => row.cause)).toContain('daily');

    const { rows } = await sql<{ seq: number; id: number }>`
      SELECT l.seq, e.id FROM ledger_leaves l JOIN audit_entries e ON e.id = l.audit_entry_id
      WHERE l.log = ${`audit/lab/${labId}`} AND e.record_type = 'group' ORDER BY l.seq LIMIT 1`.execute(
      test.db,
    );
    const target = rows[0];
    if (!target) throw new Error('no group entry hashed');
    await sql`ALTER TABLE audit_entries DISABLE TRIGGER audit_entries_append_only`.execute(test.db);
    await sql`UPDATE audit_entries SET actor_name = 'Someone else' WHERE id = ${target.id}`.execute(test.db);
    await sql`ALTER TABLE audit_entries ENABLE TRIGGER audit_entries_append_only`.execute(test.db);
    const tampered = await verifyPackage(await exported('/api/audit/log/export', 'audit-tampered.jsonl'), {
      trustedKey: verifierKey,
    });
    expect(tampered.problem).toMatchObject({ code: 'alteredEvent', events: [target.seq] });
  });
});

describe('the ledger', () => {
  it('never rewrites a leaf or a checkpoint', async () => {
    await expect(sql`UPDATE ledger_leaves SET leaf_hash = leaf_hash`.execute(test.db)).rejects.toThrow(
      /written once/,
    );
    await expect(sql`DELETE FROM ledger_checkpoints`.execute(test.db)).rejects.toThrow(/written once/);
  });

  it('hashes each entry once, across passes', async () => {
    await ledger();
    const { rows } = await sql<{ duplicates: number }>`
      SELECT count(*) - count(DISTINCT audit_entry_id) AS duplicates FROM ledger_leaves
      WHERE audit_entry_id IS NOT NULL`.execute(test.db);
    expect(Number(rows[0]?.duplicates)).toBe(0);
  });
});
