// The `sessions` projection end to end on a real database: a scripted session run through the room
// service (three people, a reconnection, a departure and a return, talk, chat, a poll, a share, a
// download, staff closing the event) followed live by the runner, then read back through the stats and
// consumption calls, and as CSV in French and English; the same figures after a rebuild; a rebuild
// killed half-way that resumes without counting anything twice; lab isolation and the module and
// permission gates on every call; and a second event with two sessions in a room, a closed event that
// never ran, a back-office preview and a deleted document, after which Statistics' totals, the closed
// sessions, each session's detail and My consumption still agree figure by figure (issue 28, part 4).

import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ClosedEventSummary, EventStats, RoomActor, RoomCommand } from '@lablive/domain';
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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessBus } from '../../bus/index.ts';
import { recordDocumentDownload } from '../../documents/documents.repository.ts';
import { createEventStore } from '../../event-store/eventStore.ts';
import { createWakeUp } from '../../event-store/wakeUp.ts';
import { storedFilePath } from '../../files/files.ts';
import { createOutboxMailer } from '../../mail/mailer.ts';
import { createRoomService, type RunningRoomService } from '../../rooms/createRoomService.ts';
import { applyPage } from '../applyPage.ts';
import { checkpointName, createGeneration, findGenerations, LOG_START } from '../generations.repository.ts';
import { createProjectionLeases } from '../projectionLeases.ts';
import { rebuildProjection } from '../rebuild.ts';
import { createProjectionRunner, type ProjectionRunner } from '../runner.ts';
import { projectionStatus } from '../status.ts';
import { sessionsProjection } from './sessionsProjection.ts';

const PASSWORD = 'a long enough password';
let test: TestDatabase;
let app: FastifyInstance;
let rooms: RunningRoomService;
let runner: ProjectionRunner;
let leases: ReturnType<typeof createProjectionLeases>;
let labId: number;
let eventId: number;
let roomId: number;
let documentId: number;
let adminToken: string;
let adminId: number;
let filesDir: string;
const people: Record<'ana' | 'alice' | 'bob', RoomActor> = {} as never;
let clock = new Date('2026-11-20T10:00:00Z');
const at = (time: string) => {
  clock = new Date(`2026-11-20T${time}Z`);
};

async function run(actor: RoomActor, command: RoomCommand, room = roomId) {
  const outcome = await rooms.execute({ roomId: room, commandId: randomUUID(), actor, command });
  if (!outcome.ok) throw new Error(`${command.type} refused: ${JSON.stringify(outcome)}`);
}

async function addParticipant(
  name: string,
  role: 'animator' | 'participant',
  where?: { eventId: number; roomId: number },
): Promise<RoomActor> {
  const email = `${name.toLowerCase()}@example.org`;
  const row = await test.db
    .insertInto('participants')
    .values({
      event_id: where?.eventId ?? eventId,
      lab_id: labId,
      email,
      name,
      role,
      room_id: where?.roomId ?? roomId,
      job: null,
      location: null,
      timezone: null,
      user_id: null,
      google_refresh_token: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { participantId: row.id, userId: null, role, name, email };
}

/** A document of the lab with its file in the store, as an upload leaves it. */
async function storeDocument(name: string, storageKey: string): Promise<number> {
  await writeFile(storedFilePath(filesDir, storageKey), `%PDF-1.4 ${name}`);
  const row = await test.db
    .insertInto('documents')
    .values({ lab_id: labId, name, extension: 'pdf', storage_key: storageKey })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  test = await createTestDatabase();
  labId = await createLab(test.db, 'Stats lab', ['stats', 'polls', 'share_document']);
  await test.db.updateTable('labs').set({ plan_minutes: 1000 }).where('id', '=', labId).execute();
  adminId = await createUser(test.db, {
    labId,
    email: 'admin@stats.test',
    password: PASSWORD,
    role: 'admin',
  });
  ({
    eventId,
    roomIds: [roomId = 0],
  } = await createEvent(test.db, { labId, slug: 'stats-1', ownerId: adminId }));
  // The CSV files name rooms by their names.
  await test.db.updateTable('rooms').set({ name: 'Auditorium' }).where('id', '=', roomId).execute();
  people.ana = await addParticipant('Ana', 'animator');
  people.alice = await addParticipant('Alice', 'participant');
  people.bob = await addParticipant('Bob', 'participant');
  // Invited and never came: counted as a guest, not as a participant.
  await addParticipant('Carl', 'participant');
  filesDir = await mkdtemp(path.join(tmpdir(), 'stats-files-'));
  documentId = await storeDocument('Leaflet', 'leaflet');

  const wakeUp = createWakeUp();
  rooms = await createRoomService({
    db: test.db,
    databaseUrl: test.url,
    bus: createInProcessBus(),
    log: () => {},
    now: () => clock,
    wakeUp,
  });
  leases = createProjectionLeases(test.url, () => {});
  runner = createProjectionRunner({
    db: test.db,
    eventStore: createEventStore(test.db, { wakeUp }),
    projections: [sessionsProjection],
    leases,
    log: () => {},
    pollIntervalMs: 50,
    pageSize: 7,
  });
  runner.start();
  app = await buildTestApp(test, {
    mailer: createOutboxMailer(await mkdtemp(path.join(tmpdir(), 'stats-')), 'lab@x.org'),
    filesDir,
  });
  adminToken = await signIn(app, 'admin@stats.test', PASSWORD);

  const { ana, alice, bob } = people;
  at('10:00:00');
  await run(ana, { type: 'JoinRoom', data: { connectionId: 'ana-1' } });
  at('10:01:00');
  await run(alice, { type: 'JoinRoom', data: { connectionId: 'alice-1' } });
  at('10:02:00');
  await run(bob, { type: 'JoinRoom', data: { connectionId: 'bob-1' } });
  at('10:05:00');
  await run(ana, { type: 'StartSession', data: {} });
  at('10:06:00');
  await run(ana, { type: 'SetSpeaking', data: { speaking: true } });
  at('10:07:00');
  await run(alice, { type: 'SendChatMessage', data: { messageId: 'm1', text: 'Hello' } });
  await run(alice, { type: 'SendChatMessage', data: { messageId: 'm2', text: 'A question' } });
  await run(alice, { type: 'RequestToSpeak', data: { requesting: true } });
  at('10:08:00');
  await run(bob, { type: 'SendChatMessage', data: { messageId: 'm3', text: 'Hi' } });
  // Alice's connection drops and comes back within the minute: one stay.
  at('10:10:00');
  await run(alice, { type: 'LeaveRoom', data: { connectionId: 'alice-1', reason: 'connection_lost' } });
  at('10:10:30');
  await run(alice, { type: 'JoinRoom', data: { connectionId: 'alice-2' } });
  at('10:12:00');
  await run(ana, {
    type: 'CreatePoll',
    data: {
      pollId: 'p1',
      title: 'Dose',
      question: 'Which dose?',
      options: ['5 mg', '10 mg'],
      allowMultiple: false,
    },
  });
  await run(ana, { type: 'StartPoll', data: { pollId: 'p1' } });
  at('10:13:00');
  await run(alice, { type: 'AnswerPoll', data: { pollId: 'p1', answers: [0] } });
  await run(bob, { type: 'AnswerPoll', data: { pollId: 'p1', answers: [1] } });
  await run(ana, { type: 'AnswerPoll', data: { pollId: 'p1', answers: [1] } });
  at('10:14:00');
  await run(ana, { type: 'ClosePoll', data: { pollId: 'p1' } });
  await run(ana, {
    type: 'ShareDocuments',
    data: { documents: [{ id: documentId, name: 'Leaflet', extension: 'pdf' }] },
  });
  await recordDocumentDownload(test.db, {
    labId,
    documentId,
    userId: null,
    participantId: bob.participantId,
    eventId,
    roomId,
    at: clock,
  });
  // Ana stops talking at 10:16: ten minutes of talk.
  at('10:16:00');
  await run(ana, { type: 'SetSpeaking', data: { speaking: false } });
  // Bob leaves for good at 10:20 and comes back at 10:30: two stays.
  at('10:20:00');
  await run(bob, { type: 'LeaveRoom', data: { connectionId: 'bob-1', reason: 'left' } });
  at('10:30:00');
  await run(bob, { type: 'JoinRoom', data: { connectionId: 'bob-2' } });
  // Staff close the event at 10:45: everyone's stay ends there.
  at('10:45:00');
  await rooms.execute({
    roomId,
    commandId: randomUUID(),
    actor: { ...ana, participantId: 0 },
    command: { type: 'CloseSession', data: { closedByUserId: adminId } },
  });
  await test.db
    .updateTable('events')
    .set({ end_date: clock, active: false })
    .where('id', '=', eventId)
    .execute();
  await runner.caughtUp();
}, 60_000);

afterAll(async () => {
  await runner?.stop();
  await leases?.close();
  await app?.close();
  await rooms?.close();
  await test?.drop();
});

const get = async (url: string, token = adminToken) => {
  const response = await caller(app)('GET', url, token);
  return { status: response.statusCode, body: response.body, json: () => response.json() };
};

/** Every figure the stats, attendance and consumption calls give for the scripted session. */
async function figures() {
  const detail = (await get(`/api/events/${eventId}/stats`)).json();
  return {
    totals: (await get('/api/stats/totals')).json(),
    closed: (await get('/api/events/find/closed?start=0&count=15')).json(),
    detail,
    polls: (await get('/api/stats/polls')).json(),
    documents: (await get('/api/stats/documents')).json(),
    consumption: (await get('/api/lab-consumption')).json(),
    attendanceCsv: (await get(`/api/events/${eventId}/stats/attendance.csv`)).body,
    pollsCsv: (await get(`/api/events/${eventId}/stats/polls.csv`)).body,
  };
}

describe('the sessions projection', () => {
  it('gives every figure of the scripted session', async () => {
    const { totals, closed, detail, polls, documents, consumption } = await figures();
    // Ana 10:05-10:45 (40 min), Alice 10:05-10:45 merged over her reconnection (40 min), Bob
    // 10:05-10:20 and 10:30-10:45 (30 min): 110 participant-minutes.
    expect(totals).toEqual({
      sessions: 1,
      participants: 3,
      minutes: 110,
      average_duration_minutes: 40,
      messages: 3,
      polls: 1,
      votes: 3,
      documents_shared: 1,
    });
    expect(closed.total).toBe(1);
    expect(closed.items[0]).toMatchObject({
      event_id: eventId,
      name: 'Event stats-1',
      date: '2026-11-20T10:05:00.000Z',
      admin: 'Test admin',
      invitation_total_count: 4,
      participant_total_count: 3,
      event_duration_days: 0,
      event_duration_hour: 0,
      event_duration_minute: 40,
      consumed_minutes: 110,
    });
    const [session] = detail.sessions;
    expect(session).toMatchObject({
      room_id: roomId,
      number: 1,
      started_at: '2026-11-20T10:05:00.000Z',
      ended_at: '2026-11-20T10:45:00.000Z',
      closed: true,
      consumed_minutes: 110,
      messages: 3,
      votes: 3,
      speak_requests: 1,
      shares: 1,
    });
    const byName = Object.fromEntries(
      session.participants.map((person: { name: string }) => [person.name, person]),
    );
    expect(byName.Ana).toMatchObject({
      role: 'animator',
      intervals: [{ from: '2026-11-20T10:05:00.000Z', to: '2026-11-20T10:45:00.000Z' }],
      present_seconds: 2400,
      talk_seconds: 600,
      messages: 0,
      votes: 1,
    });
    expect(byName.Alice).toMatchObject({
      intervals: [{ from: '2026-11-20T10:05:00.000Z', to: '2026-11-20T10:45:00.000Z' }],
      present_seconds: 2400,
      talk_seconds: 0,
      messages: 2,
      votes: 1,
      speak_requests: 1,
    });
    expect(byName.Bob).toMatchObject({
      intervals: [
        { from: '2026-11-20T10:05:00.000Z', to: '2026-11-20T10:20:00.000Z' },
        { from: '2026-11-20T10:30:00.000Z', to: '2026-11-20T10:45:00.000Z' },
      ],
      present_seconds: 1800,
      messages: 1,
      votes: 1,
    });
    expect(polls.total).toBe(1);
    expect(polls.items[0]).toMatchObject({
      id: 'p1',
      name: 'Dose',
      type: 'single',
      voters: 3,
      answers: [
        { name: '5 mg', count: 1, value: 33.3 },
        { name: '10 mg', count: 2, value: 66.7 },
      ],
    });
    expect(documents).toEqual([
      { id: documentId, name: 'Leaflet', extension: 'pdf', introduction_count: 1, download_count: 1 },
    ]);
    // A plan of 1000 minutes: floors of 110/1000 and 890/1000.
    const plan = 1000;
    expect(consumption).toEqual({
      plan,
      consumption: 110,
      left: plan - 110,
      average: 110,
      sessions: 1,
      consumed_percent: Math.floor((110 * 100) / plan),
      left_percent: Math.floor(((plan - 110) * 100) / plan),
    });
  });

  it('gives the live stats tab the same session figures (staff of the lab see any room)', async () => {
    const live = await get(`/api/rooms/${roomId}/stats`);
    expect(live.status, live.body).toBe(200);
    const { detail } = await figures();
    expect(live.json().session).toEqual(detail.sessions[0]);
  });

  it('draws the charts from the same sessions, in the lab time zone', async () => {
    const sessions = (await get('/api/stats/day?count=366')).json();
    expect(sessions.values.reduce((sum: number, value: number) => sum + value, 0)).toBe(1);
    expect(sessions.values[sessions.dates.indexOf('2026-11-20')]).toBe(1);
    expect(sessions.time_zone).toBe('Europe/Paris');
    const minutes = (await get('/api/chart-consumption/month?count=24')).json();
    expect(minutes.values[minutes.dates.indexOf('2026-11-01')]).toBe(110);
    const credit = (await get('/api/chart-credit-tracking/week?count=60')).json();
    expect(credit.values.at(-1)).toBe((await get('/api/lab-consumption')).json().left);
    expect((await get('/api/stats/year')).status).toBe(400);
    expect((await get('/api/stats/day?count=0')).status).toBe(400);
  });

  it('writes the attendance and the poll answers as CSV for Excel in the reader language', async () => {
    const csv = async (name: string, query = '') => {
      const response = await get(`/api/events/${eventId}/stats/${name}.csv${query}`);
      expect(response.status, response.body).toBe(200);
      expect(response.body.startsWith('\uFEFF'), 'a UTF-8 byte order mark').toBe(true);
      return response.body.slice(1).split('\r\n');
    };
    // French: `;`, decimal commas, French words, the lab's clock (Paris), the room's name; no consent
    // asked in this lab, so the consents column (issue 33) stays empty.
    const bobStays = (day: (time: string) => string) =>
      `"${day('11:05')} – ${day('11:20')}\n${day('11:30')} – ${day('11:45')}"`;
    const attendanceFr = await csv('attendance', '?locale=fr');
    expect(attendanceFr[0]).toBe(
      'Salle;Session;Participant;Rôle;Séjours (heure du laboratoire);Nombre de séjours;Minutes de présence;Temps de parole (secondes);Messages;Votes;Demandes de parole;Consentements',
    );
    expect(attendanceFr).toContain(
      `Auditorium;1;Bob;Participant;${bobStays((time) => `20/11/2026 ${time}`)};2;30;0;1;1;0;`,
    );
    expect(attendanceFr.some((line) => line.startsWith('Auditorium;1;Ana;Animateur;'))).toBe(true);
    expect(await csv('polls', '?locale=fr')).toEqual([
      'Salle;Sondage;Question;Réponse;Votes;% des votants;Votants',
      'Auditorium;Dose;Which dose?;5 mg;1;33,3;3',
      'Auditorium;Dose;Which dose?;10 mg;2;66,7;3',
      '',
    ]);
    // English: `,`, decimal points, English words; the comma in a date quotes the field.
    const attendanceEn = await csv('attendance', '?locale=en');
    expect(attendanceEn[0]).toBe(
      "Room,Session,Participant,Role,Stays (lab's time),Number of stays,Minutes present,Talk time (seconds),Messages,Votes,Speak requests,Consents",
    );
    expect(attendanceEn).toContain(
      `Auditorium,1,Bob,Participant,${bobStays((time) => `20/11/2026, ${time}`)},2,30,0,1,1,0,`,
    );
    expect(await csv('polls', '?locale=en')).toEqual([
      'Room,Poll,Question,Answer,Votes,% of voters,Voters',
      'Auditorium,Dose,Which dose?,5 mg,1,33.3,3',
      'Auditorium,Dose,Which dose?,10 mg,2,66.7,3',
      '',
    ]);
    // Without a language asked for, the reader's account's (French by default).
    expect((await csv('polls'))[0]).toBe('Salle;Sondage;Question;Réponse;Votes;% des votants;Votants');
    expect((await get(`/api/events/${eventId}/stats/polls.csv?locale=xx`)).status).toBe(400);
  });

  it('gives the same figures after a rebuild, and the live runner follows the new generation', async () => {
    const before = await figures();
    const { generation: old } = (await findGenerations(test.db, 'sessions')).find(
      (each) => each.status === 'live',
    ) ?? { generation: 0 };
    const result = await rebuildProjection(test.db, sessionsProjection, { pageSize: 5 });
    expect(result.generation).toBeGreaterThan(old);
    expect(await figures()).toEqual(before);
    // An event appended after the swap lands in the new generation through the live runner.
    const { roomIds } = await createEvent(test.db, { labId, slug: 'stats-2' });
    at('11:00:00');
    const outcome = await rooms.execute({
      roomId: roomIds[0] ?? 0,
      commandId: randomUUID(),
      actor: people.bob,
      command: { type: 'JoinRoom', data: { connectionId: 'bob-3' } },
    });
    expect(outcome.ok).toBe(true);
    await runner.caughtUp();
    expect(await figures()).toEqual(before);
    const [status] = await projectionStatus(test.db, [sessionsProjection]);
    expect(status?.live).toMatchObject({ generation: result.generation, lagEvents: 0, failure: null });
    expect(status?.building).toBeNull();
  });

  it('resumes a rebuild killed half-way without counting anything twice', async () => {
    const before = await figures();
    // Half a rebuild: a building generation that applied the log's first pages, then the process died.
    const building = await test.db
      .transaction()
      .execute((trx) => createGeneration(trx, sessionsProjection, 'building'));
    const firstPage = await createEventStore(test.db).readAll(null, 12);
    await applyPage(
      test.db,
      sessionsProjection,
      building.generation,
      LOG_START,
      firstPage.events,
      firstPage.position ?? LOG_START,
    );
    const resumed = await rebuildProjection(test.db, sessionsProjection, { pageSize: 4 });
    expect(resumed.generation).toBe(building.generation);
    expect(await figures()).toEqual(before);
    const checkpoint = await test.db
      .selectFrom('projection_checkpoints')
      .select('projection')
      .where('projection', '=', checkpointName('sessions', building.generation))
      .execute();
    expect(checkpoint).toHaveLength(1);
  });

  it('scopes every call to the caller lab, and gates it by module and permission', async () => {
    const otherLab = await createLab(test.db, 'Other lab', ['stats']);
    await createUser(test.db, {
      labId: otherLab,
      email: 'other@stats.test',
      password: PASSWORD,
      role: 'admin',
    });
    const other = await signIn(app, 'other@stats.test', PASSWORD);
    expect((await get(`/api/events/${eventId}/stats`, other)).status).toBe(404);
    expect((await get(`/api/events/${eventId}/stats/attendance.csv`, other)).status).toBe(404);
    expect((await get(`/api/rooms/${roomId}/stats`, other)).status).toBe(404);
    expect((await get('/api/stats/totals', other)).json()).toMatchObject({ sessions: 0, minutes: 0 });
    expect((await get('/api/events/find/closed', other)).json()).toEqual({ items: [], total: 0 });
    expect((await get('/api/stats/documents', other)).json()).toEqual([]);

    // A lab without the stats module: every stats call is refused; consumption needs its permission.
    const noStats = await createLab(test.db, 'No stats', []);
    await createUser(test.db, {
      labId: noStats,
      email: 'nostats@stats.test',
      password: PASSWORD,
      role: 'admin',
    });
    await createUser(test.db, { labId, email: 'plain@stats.test', password: PASSWORD, role: 'user' });
    const withoutModule = await signIn(app, 'nostats@stats.test', PASSWORD);
    const plainUser = await signIn(app, 'plain@stats.test', PASSWORD);
    const statsCalls = [
      '/api/stats/totals',
      '/api/stats/polls',
      '/api/stats/documents',
      '/api/stats/month',
      '/api/events/find/closed',
      `/api/events/${eventId}/stats`,
      `/api/events/${eventId}/stats/attendance.csv`,
      `/api/events/${eventId}/stats/polls.csv`,
      `/api/rooms/${roomId}/stats`,
    ];
    for (const url of statsCalls) {
      expect((await get(url, withoutModule)).status, url).toBe(403);
      expect((await get(url)).status, url).toBe(200);
    }
    for (const url of [
      '/api/lab-consumption',
      '/api/chart-consumption/day',
      '/api/chart-credit-tracking/month',
    ]) {
      expect((await get(url, plainUser)).status, url).toBe(403);
      expect((await get(url)).status, url).toBe(200);
      expect((await caller(app)('GET', url, 'not a token')).statusCode, url).toBe(401);
    }
  });

  it("gives a session's data only to those who see its event and hold view statistics (issue 26)", async () => {
    // The scripted event made private: a plain `user` sees it only if they own it or take part in it.
    await test.db.updateTable('events').set({ is_public: false }).where('id', '=', eventId).execute();
    try {
      const account = async (email: string, permissions: Parameters<typeof createUser>[1]['permissions']) => {
        const id = await createUser(test.db, { labId, email, password: PASSWORD, role: 'user', permissions });
        return { id, token: await signIn(app, email, PASSWORD) };
      };
      const viewer = await account('viewer@stats.test', ['view_statistics']);
      const invited = await account('invited@stats.test', ['view_statistics']);
      const animator = await account('animator@stats.test', ['manage_events']);
      const userManager = await account('usermanager@stats.test', ['manage_users']);
      const plain = await account('plain2@stats.test', []);
      // Invited to the event (bound to their account): they see it, so they read its statistics.
      await test.db
        .insertInto('participants')
        .values({
          event_id: eventId,
          lab_id: labId,
          email: 'invited@stats.test',
          name: 'Invited',
          role: 'observer',
          room_id: roomId,
          user_id: invited.id,
        })
        .execute();
      const sessionCalls = [
        `/api/events/${eventId}/stats`,
        `/api/events/${eventId}/stats/attendance.csv`,
        `/api/events/${eventId}/stats/polls.csv`,
        `/api/rooms/${roomId}/replay`,
        `/api/rooms/${roomId}/replay/state?at=2026-11-20T10:10:00Z`,
        `/api/rooms/${roomId}/stats`,
      ];
      // A statistics reader who may not see the private event: as if it did not exist.
      for (const url of sessionCalls) expect((await get(url, viewer.token)).status, url).toBe(404);
      expect((await get('/api/events/find/closed', viewer.token)).json()).toEqual({ items: [], total: 0 });
      expect((await get('/api/stats/polls', viewer.token)).json()).toEqual({ items: [], total: 0 });
      expect((await get('/api/stats/totals', viewer.token)).json()).toMatchObject({
        sessions: 0,
        messages: 0,
        votes: 0,
        polls: 0,
      });
      expect((await get('/api/stats/month', viewer.token)).json().values.every((v: number) => v === 0)).toBe(
        true,
      );
      // Staff without the permission: refused, whatever else they hold.
      for (const who of [animator, userManager, plain]) {
        for (const url of [...sessionCalls.slice(0, 5), '/api/stats/totals', '/api/events/find/closed']) {
          expect((await get(url, who.token)).status, url).toBe(403);
        }
      }
      // Not an animator of the room and no permission: the live stats tab is refused too, once they see
      // the event (a participant of it); before, the room is not theirs to know of.
      expect((await get(`/api/rooms/${roomId}/stats`, animator.token)).status).toBe(404);
      await test.db
        .insertInto('participants')
        .values({
          event_id: eventId,
          lab_id: labId,
          email: 'animator@stats.test',
          name: 'Animator',
          role: 'participant',
          room_id: roomId,
          user_id: animator.id,
        })
        .execute();
      expect((await get(`/api/rooms/${roomId}/stats`, animator.token)).status).toBe(403);
      // Who may see the event and holds the permission reads it all, the same figures as an admin.
      expect((await get(`/api/events/${eventId}/stats`, invited.token)).json()).toEqual(
        (await get(`/api/events/${eventId}/stats`)).json(),
      );
      expect((await get('/api/events/find/closed', invited.token)).json()).toMatchObject({ total: 1 });
      expect((await get('/api/stats/totals', invited.token)).json()).toEqual(
        (await get('/api/stats/totals')).json(),
      );
      expect((await get(`/api/rooms/${roomId}/stats`, invited.token)).status).toBe(200);
    } finally {
      await test.db.updateTable('events').set({ is_public: true }).where('id', '=', eventId).execute();
    }
  });
});

describe('figures that add up (docs/consumption.md)', () => {
  /** The minutes of a closed sessions row's length, as the list shows it in days, hours and minutes. */
  const lengthOf = (row: ClosedEventSummary) =>
    row.event_duration_days * 1440 + row.event_duration_hour * 60 + row.event_duration_minute;
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

  let secondEvent: number;
  let neverRan: number;
  let oldLeaflet: number;

  beforeAll(async () => {
    // A second event: two sessions one after the other in its room, with the same two people.
    const second = await createEvent(test.db, { labId, slug: 'stats-3', ownerId: adminId });
    secondEvent = second.eventId;
    const room = second.roomIds[0] ?? 0;
    const where = { eventId: secondEvent, roomId: room };
    const dan = await addParticipant('Dan', 'animator', where);
    const eve = await addParticipant('Eve', 'participant', where);
    oldLeaflet = await storeDocument('Old leaflet', 'old-leaflet');
    at('12:00:00');
    await run(dan, { type: 'JoinRoom', data: { connectionId: 'dan-1' } }, room);
    await run(eve, { type: 'JoinRoom', data: { connectionId: 'eve-1' } }, room);
    await run(dan, { type: 'StartSession', data: {} }, room);
    at('12:05:00');
    await run(
      dan,
      {
        type: 'ShareDocuments',
        data: { documents: [{ id: oldLeaflet, name: 'Old leaflet', extension: 'pdf' }] },
      },
      room,
    );
    await run(eve, { type: 'SendChatMessage', data: { messageId: 'm4', text: 'Thanks' } }, room);
    at('12:10:20');
    await run(eve, { type: 'LeaveRoom', data: { connectionId: 'eve-1', reason: 'left' } }, room);
    at('12:20:30');
    await run(dan, { type: 'EndSession', data: {} }, room);
    at('12:30:00');
    await run(dan, { type: 'StartSession', data: {} }, room);
    await run(eve, { type: 'JoinRoom', data: { connectionId: 'eve-2' } }, room);
    at('12:41:10');
    await run(dan, { type: 'EndSession', data: {} }, room);
    at('12:45:00');
    await test.db
      .updateTable('events')
      .set({ end_date: clock, active: false })
      .where('id', '=', secondEvent)
      .execute();
    // An event closed before any session ran (planned, then called off): no session.
    neverRan = (await createEvent(test.db, { labId, slug: 'stats-4', ownerId: adminId })).eventId;
    await test.db
      .updateTable('events')
      .set({ end_date: new Date('2026-11-20T13:00:00Z'), active: false })
      .where('id', '=', neverRan)
      .execute();
    await runner.caughtUp();
  });

  it('counts as sessions only the events that ran one, in the list, the totals and My consumption', async () => {
    const closed = (await get('/api/events/find/closed?start=0&count=50')).json();
    const totals = (await get('/api/stats/totals')).json();
    const consumption = (await get('/api/lab-consumption')).json();
    expect(closed.items.map((row: ClosedEventSummary) => row.event_id)).toEqual([secondEvent, eventId]);
    expect(closed.total).toBe(2);
    expect(totals.sessions).toBe(2);
    expect(consumption.sessions).toBe(2);
    // The event that never ran still has its (empty) detail, but is in no list.
    const empty = (await get(`/api/events/${neverRan}/stats`)).json();
    expect(empty.sessions).toEqual([]);
    expect(empty.summary).toMatchObject({ participant_total_count: 0, consumed_minutes: 0 });
    // The sessions chart counts the same sessions, each once where its first room session started.
    const chart = (await get('/api/stats/day?count=366')).json();
    expect(sum(chart.values)).toBe(totals.sessions);
  });

  it('gives totals that are the closed sessions rows added up, averages rounded as the rows are', async () => {
    const closed = (await get('/api/events/find/closed?start=0&count=50')).json();
    const rows: ClosedEventSummary[] = closed.items;
    const totals = (await get('/api/stats/totals')).json();
    const consumption = (await get('/api/lab-consumption')).json();
    // The second event: Dan 12:00-12:20:30 and Eve 12:00-12:10:20 (30 min 50 s: 31 minutes), then both
    // 12:30-12:41:10 (22 min 20 s: 23 minutes); 41 minutes from its first start to its last end.
    expect(rows[0]).toMatchObject({
      participant_total_count: 2,
      consumed_minutes: 54,
      event_duration_hour: 0,
      event_duration_minute: 41,
    });
    expect(totals).toEqual({
      sessions: 2,
      participants: 3 + 2,
      minutes: 110 + 54,
      // Each row's length is whole minutes rounded down (40 and 41): so is their average.
      average_duration_minutes: Math.floor((40 + 41) / 2),
      messages: 3 + 1,
      polls: 1,
      votes: 3,
      documents_shared: 2,
    });
    expect(totals.participants).toBe(sum(rows.map((row) => row.participant_total_count)));
    expect(totals.minutes).toBe(sum(rows.map((row) => row.consumed_minutes)));
    expect(totals.average_duration_minutes).toBe(Math.floor(sum(rows.map(lengthOf)) / rows.length));
    // My consumption: every minute (nothing runs now, so the rows' sum); each row's minutes are
    // rounded up, and so is their average.
    expect(consumption).toMatchObject({ consumption: 164, sessions: 2, average: Math.ceil(164 / 2) });
    expect(consumption.consumption).toBe(sum(rows.map((row) => row.consumed_minutes)));
    expect(consumption.average).toBe(Math.ceil(sum(rows.map((row) => row.consumed_minutes)) / rows.length));
    const minutesChart = (await get('/api/chart-consumption/month?count=24')).json();
    expect(sum(minutesChart.values)).toBe(consumption.consumption);
  });

  it("gives each session's detail the figures of its row, and its room sessions add up to them", async () => {
    const closed = (await get('/api/events/find/closed?start=0&count=50')).json();
    const details: EventStats[] = [];
    for (const row of closed.items as ClosedEventSummary[]) {
      const detail: EventStats = (await get(`/api/events/${row.event_id}/stats`)).json();
      details.push(detail);
      expect(detail.summary).toEqual(row);
      expect(sum(detail.sessions.map((session) => session.consumed_minutes))).toBe(row.consumed_minutes);
      const people = new Set(
        detail.sessions.flatMap((session) => session.participants.map((person) => person.participant_id)),
      );
      // Present in both sessions of the second event, Dan and Eve are two people, not four.
      expect(people.size).toBe(row.participant_total_count);
    }
    expect(details[0]?.sessions.map((session) => session.consumed_minutes)).toEqual([31, 23]);
    const totals = (await get('/api/stats/totals')).json();
    const roomSessions = details.flatMap((detail) => detail.sessions);
    expect(totals.messages).toBe(sum(roomSessions.map((session) => session.messages)));
    expect(totals.votes).toBe(sum(roomSessions.map((session) => session.votes)));
    expect(totals.documents_shared).toBe(sum(roomSessions.map((session) => session.shares)));
    expect(totals.polls).toBe(sum(details.map((detail) => detail.polls.length)));
  });

  it('counts downloads from rooms, not back-office previews, and drops a deleted document from the table', async () => {
    const documentsBefore = (await get('/api/stats/documents')).json();
    const leafletBefore = documentsBefore.find((row: { id: number }) => row.id === documentId);
    // Staff opening the file from the documents list: a preview.
    expect((await get(`/api/documents/${documentId}/download`)).status).toBe(200);
    // Taken from the room's shared documents: a download.
    expect((await get(`/api/documents/${documentId}/download?room_id=${roomId}`)).status).toBe(200);
    const totalsBefore = (await get('/api/stats/totals')).json();
    const deleted = await caller(app)('DELETE', `/api/documents/${oldLeaflet}`, adminToken);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const documents = (await get('/api/stats/documents')).json();
    expect(documents.find((row: { id: number }) => row.id === documentId)).toEqual({
      ...leafletBefore,
      download_count: leafletBefore.download_count + 1,
    });
    expect(documents.map((row: { id: number }) => row.id)).not.toContain(oldLeaflet);
    // Its share stays counted where it happened: in the session's figures and the totals.
    expect((await get('/api/stats/totals')).json()).toEqual(totalsBefore);
    expect(totalsBefore.documents_shared).toBe(2);
  });
});
