// A lab's retention (issue 32, part 4) on a real database: past chat_retention_days after an event's end
// its chat and notes read '[erased]' (who said it stays named), past attendance_retention_days its
// participants are named no more; events still within the limits and labs without them are untouched;
// each pass is an entry of the trail; a second pass finds nothing; the job is scheduled daily.
import { randomUUID } from 'node:crypto';
import { ERASED_VALUE } from '@lablive/domain';
import {
  buildTestApp,
  createEvent,
  createLab,
  createTestDatabase,
  enterRoomAs,
  type TestDatabase,
} from '@lablive/testkit';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENED_AUDIT_COLUMNS } from '../audit/audit.repository.ts';
import { append } from '../event-store/append.ts';
import { readStream } from '../event-store/readStream.ts';
import { createOutboxMailer } from '../mail/mailer.ts';
import { RETENTION_QUEUE } from './forgettingJobs.ts';
import { applyRetention } from './retention.ts';

const DAY = 86_400_000;
const now = new Date('2027-03-01T12:00:00Z');
let test: TestDatabase;
let app: FastifyInstance;
const rooms = { old: 0, recent: 0, otherLab: 0 };
const people = { old: 0, recent: 0, otherLab: 0 };

/** An event of `labId` that ended `daysAgo` days before `now`, with one guest who said something. */
async function pastEvent(labId: number, slug: string, daysAgo: number) {
  const event = await createEvent(test.db, { labId, slug });
  const roomId = event.roomIds[0] ?? 0;
  const guest = await enterRoomAs(test.db, app, {
    labId,
    eventId: event.eventId,
    roomId,
    role: 'participant',
    email: `guest-${slug}@x.org`,
  });
  // Closed once the guest was in.
  await test.db
    .updateTable('events')
    .set({ end_date: new Date(now.getTime() - daysAgo * DAY) })
    .where('id', '=', event.eventId)
    .execute();
  const at = new Date().toISOString();
  const metadata = { labId, actor: { participantId: guest.participantId } };
  await append(test.db, `room-${roomId}`, 0, [
    {
      eventId: randomUUID(),
      type: 'ParticipantJoined',
      data: {
        participantId: guest.participantId,
        email: `guest-${slug}@x.org`,
        name: `Guest ${slug}`,
        userId: null,
        role: 'participant',
        connectionId: randomUUID(),
        at,
      },
      metadata,
    },
    {
      eventId: randomUUID(),
      type: 'ChatMessageSent',
      data: {
        messageId: randomUUID(),
        from: { participantId: guest.participantId, name: `Guest ${slug}` },
        text: `Words of ${slug}`,
        at,
      },
      metadata,
    },
  ]);
  return { roomId, participantId: guest.participantId };
}

async function chatOf(roomId: number) {
  const events = await readStream(test.db, `room-${roomId}`);
  const chat = events.find((event) => event.type === 'ChatMessageSent')?.data as {
    from: { name: string };
    text: string;
  };
  return { name: chat.from.name, text: chat.text };
}

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
    jobs: { retryDelaySeconds: 1 },
  });
  const labId = await createLab(test.db, 'Lab with retention');
  const keeping = await createLab(test.db, 'Lab keeping everything');
  await test.db
    .updateTable('labs')
    .set({ chat_retention_days: 30, attendance_retention_days: 365 })
    .where('id', '=', labId)
    .execute();
  ({ roomId: rooms.old, participantId: people.old } = await pastEvent(labId, 'old', 40));
  ({ roomId: rooms.recent, participantId: people.recent } = await pastEvent(labId, 'recent', 2));
  ({ roomId: rooms.otherLab, participantId: people.otherLab } = await pastEvent(keeping, 'kept', 4000));
});

afterAll(async () => {
  await app?.close();
  await test?.drop();
});

describe('the daily retention', () => {
  it('is scheduled every day on the job queue', async () => {
    const { rows } = await sql<{
      cron: string;
    }>`SELECT cron FROM pgboss.schedule WHERE name = ${RETENTION_QUEUE}`.execute(test.db);
    expect(rows.map((row) => row.cron)).toEqual(['30 2 * * *']);
  });

  it('erases the chat past the lab’s limit, keeps who said it, and leaves the rest', async () => {
    const pass = await applyRetention(test.db, now);
    expect(pass).toEqual({ labs: 1, chatParticipations: 1, attendanceParticipations: 0 });
    expect(await chatOf(rooms.old)).toEqual({ name: 'Guest old', text: ERASED_VALUE });
    expect(await chatOf(rooms.recent)).toEqual({ name: 'Guest recent', text: 'Words of recent' });
    expect(await chatOf(rooms.otherLab)).toEqual({ name: 'Guest kept', text: 'Words of kept' });

    const entries = await test.db
      .selectFrom('audit_entries')
      .select(OPENED_AUDIT_COLUMNS)
      .where('action', '=', 'erase')
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_kind: 'system', record_type: 'lab' });
    expect(entries[0]?.reason).toBe('Retention: chat and notes kept 30 days after an event');
    // Nothing left to do the same day.
    expect(await applyRetention(test.db, now)).toEqual({
      labs: 0,
      chatParticipations: 0,
      attendanceParticipations: 0,
    });
  });

  it('names attendees no more past the attendance limit', async () => {
    const later = new Date(now.getTime() + 340 * DAY);
    const pass = await applyRetention(test.db, later);
    // 340 days on: the recent event's chat is past its limit too (342 days), the old one's attendance (380).
    expect(pass).toEqual({ labs: 1, chatParticipations: 1, attendanceParticipations: 1 });
    expect(await chatOf(rooms.old)).toEqual({ name: ERASED_VALUE, text: ERASED_VALUE });
    const participant = await test.db
      .selectFrom('participants')
      .select(['name', 'email'])
      .where('id', '=', people.old)
      .executeTakeFirstOrThrow();
    expect(participant.name).toBe(ERASED_VALUE);
    expect(participant.email).toMatch(/@erased\.invalid$/);
    const { rows } = await sql<{ count: number }>`
      SELECT count(*)::int AS count FROM audit_entries WHERE changes::text ILIKE '%guest-old%' OR changes::text ILIKE '%Guest old%'`.execute(
      test.db,
    );
    expect(rows[0]?.count).toBe(0);
    expect(await chatOf(rooms.otherLab)).toEqual({ name: 'Guest kept', text: 'Words of kept' });
  });
});
