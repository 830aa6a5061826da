// Consent over HTTP and the room socket, on a real database (issue 33, part 1): a lab's texts written and
// versioned behind the permission, each lab seeing its own; the public page refusing entry without the
// required ones and recording what was ticked; the invitation path accepting on the event page; entering
// (placement and the room's socket) refused without them; withdrawal recorded and keeping the guest out;
// the room's log receiving ConsentGiven once per version and ConsentWithdrawn.

import { randomUUID } from 'node:crypto';
import { roomStreamId } from '@lablive/domain';
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
} from '@lablive/testkit';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore } from '../event-store/eventStore.ts';
import { readStream } from '../event-store/index.ts';
import { createWakeUp } from '../event-store/wakeUp.ts';
import { createOutboxMailer } from '../mail/mailer.ts';
import { createProjectionLeases } from '../projections/projectionLeases.ts';
import { createProjectionRunner } from '../projections/runner.ts';
import { sessionsProjection } from '../projections/sessions/sessionsProjection.ts';

let test: TestDatabase;
let app: FastifyInstance;
let call: Call;
let wsUrl: string;
let labA: number;
let labB: number;
let admin: string;
let adminB: string;
let plainStaff: string;
let publicEvent: { eventId: number; roomIds: number[] };
let privateEvent: { eventId: number; roomIds: number[] };

const texts = (word: string) => ({
  fr: `Je consens au ${word}.`,
  en: `I consent to ${word}.`,
  de: `Ich willige in ${word} ein.`,
});

async function write(token: string, kind: string, body: object) {
  return call('PUT', `/api/consents/${kind}`, token, body);
}

async function publicLogin(email: string, consentVersionIds?: number[]) {
  return app.inject({
    method: 'POST',
    url: '/api/login',
    payload: {
      firstName: 'Gina',
      lastName: 'Guest',
      email,
      eventSlug: 'consent-public',
      isPublic: true,
      ...(consentVersionIds ? { consentVersionIds } : {}),
    },
  });
}

async function roomLog(roomId: number) {
  return (await readStream(test.db, roomStreamId(roomId))).map((event) => ({
    type: event.type,
    data: event.data,
  }));
}

/** The socket's answer to a join: welcome, or the error that kept the guest out. */
async function tryJoin(token: string, roomId: number) {
  try {
    const socket = await joinBySocket(wsUrl, token, roomId, `tab-${Math.random()}`);
    socket.close();
    return 'entered';
  } catch (error) {
    return String(error);
  }
}

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
  });
  call = caller(app);
  wsUrl = await listenForSockets(app);
  labA = await createLab(test.db, 'Consent Lab A', ['stats']);
  labB = await createLab(test.db, 'Consent Lab B');
  await createUser(test.db, {
    labId: labA,
    email: 'admin@consent-a.test',
    password: 'pw-a-12345',
    role: 'admin',
  });
  await createUser(test.db, { labId: labA, email: 'staff@consent-a.test', password: 'pw-a-12345' });
  await createUser(test.db, {
    labId: labB,
    email: 'admin@consent-b.test',
    password: 'pw-b-12345',
    role: 'admin',
  });
  admin = await signIn(app, 'admin@consent-a.test', 'pw-a-12345');
  plainStaff = await signIn(app, 'staff@consent-a.test', 'pw-a-12345');
  adminB = await signIn(app, 'admin@consent-b.test', 'pw-b-12345');
  publicEvent = await createEvent(test.db, { labId: labA, slug: 'consent-public', isPublic: true });
  privateEvent = await createEvent(test.db, { labId: labA, slug: 'consent-private', isPublic: false });
  await createEvent(test.db, { labId: labB, slug: 'consent-public-b', isPublic: true });
});

afterAll(async () => {
  await app.close();
  await test.drop();
});

describe('the lab’s consent texts', () => {
  it('are written and edited by who answers the lab’s data requests, each edit a new version', async () => {
    const first = await write(admin, 'data_processing', {
      required: true,
      active: true,
      texts: texts('data processing'),
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ kind: 'data_processing', active: true, current: { version: 1 } });

    // The same words again make no new version.
    const again = await write(admin, 'data_processing', {
      required: true,
      active: true,
      texts: texts('data processing'),
    });
    expect(again.json().current.version).toBe(1);

    const edited = await write(admin, 'data_processing', {
      required: true,
      active: true,
      texts: { ...texts('data processing'), en: 'I consent to the processing of my data for this event.' },
    });
    expect(edited.json().current).toMatchObject({
      version: 2,
      required: true,
      texts: { en: 'I consent to the processing of my data for this event.' },
    });
    // The first version stays as it was written.
    expect(edited.json().versions.map((version: { version: number }) => version.version)).toEqual([2, 1]);
    expect(edited.json().versions[1].texts.en).toBe('I consent to data processing.');

    const contact = await write(admin, 'contact', { required: false, active: true, texts: texts('contact') });
    expect(contact.statusCode).toBe(200);
    const list = await call('GET', '/api/consents', admin);
    expect(list.json().map((consent: { kind: string }) => consent.kind)).toEqual([
      'contact',
      'data_processing',
    ]);
  });

  it('keeps a written version unchanged in the database too', async () => {
    await expect(sql`UPDATE consent_versions SET text_en = 'changed'`.execute(test.db)).rejects.toThrow(
      /never changed/,
    );
  });

  it('are in the audit trail, who wrote them with the words', async () => {
    const entries = await test.db
      .selectFrom('audit_entries')
      .select(['record_type', 'action', 'changes'])
      .where('record_type', 'in', ['consent', 'consent-version'])
      .where('lab_id', '=', labA)
      .execute();
    expect(entries.filter((entry) => entry.record_type === 'consent-version')).toHaveLength(3);
    expect(JSON.stringify(entries)).toContain('I consent to the processing of my data for this event.');
  });

  it('are refused to staff without the permission and to guests; each lab sees its own', async () => {
    expect((await call('GET', '/api/consents', plainStaff)).statusCode).toBe(403);
    const plainWrite = await write(plainStaff, 'recording', {
      required: false,
      active: true,
      texts: texts('x'),
    });
    expect(plainWrite.statusCode).toBe(403);
    expect((await call('GET', '/api/consents', adminB)).json()).toEqual([]);
    // Lab B writing the same kind makes lab B's own consent; lab A's stays.
    await write(adminB, 'data_processing', { required: true, active: true, texts: texts('lab B') });
    const ofA = await call('GET', '/api/consents', admin);
    expect(ofA.json().find((c: { kind: string }) => c.kind === 'data_processing').current.version).toBe(2);
  });

  it('refuses bad input, naming the field', async () => {
    const missingGerman = await write(admin, 'recording', {
      required: true,
      active: true,
      texts: { fr: 'a', en: 'b' },
    });
    expect(missingGerman.statusCode).toBe(400);
    expect(missingGerman.json().detail).toContain('texts.de');
    const blank = await write(admin, 'recording', {
      required: true,
      active: true,
      texts: { ...texts('x'), fr: '  ' },
    });
    expect(blank.statusCode).toBe(400);
    const nul = await write(admin, 'recording', {
      required: true,
      active: true,
      texts: { ...texts('x'), en: 'a\u0000b' },
    });
    expect(nul.statusCode).toBe(400);
    const huge = await write(admin, 'recording', {
      required: true,
      active: true,
      texts: { ...texts('x'), de: 'x'.repeat(5001) },
    });
    expect(huge.statusCode).toBe(400);
    expect(
      (await write(admin, 'marketing', { required: true, active: true, texts: texts('x') })).statusCode,
    ).toBe(400);
  });
});

describe('the public page', () => {
  it('asks the event’s lab’s current consents', async () => {
    const asked = await app.inject({ method: 'GET', url: '/api/eventInfo/by-slug/consent-public/consents' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject([
      { kind: 'contact', version: 1, required: false },
      { kind: 'data_processing', version: 2, required: true },
    ]);
    const privateOne = await app.inject({
      method: 'GET',
      url: '/api/eventInfo/by-slug/consent-private/consents',
    });
    expect(privateOne.statusCode).toBe(404);
  });

  it('refuses entry without the required consent, naming it, and records the ticked versions', async () => {
    const asked = (
      await app.inject({ method: 'GET', url: '/api/eventInfo/by-slug/consent-public/consents' })
    ).json();
    const required = asked.find((c: { kind: string }) => c.kind === 'data_processing');
    const optional = asked.find((c: { kind: string }) => c.kind === 'contact');

    const without = await publicLogin('gina@guest.test');
    expect(without.statusCode).toBe(403);
    expect(without.json()).toMatchObject({
      code: 'consent_required',
      key: 'consentsRequired',
      params: { kinds: 'data_processing' },
    });
    expect(await test.db.selectFrom('participants').where('email', '=', 'gina@guest.test').execute()).toEqual(
      [],
    );

    const optionalOnly = await publicLogin('gina@guest.test', [optional.version_id]);
    expect(optionalOnly.statusCode).toBe(403);

    // An earlier version, or another lab's, is not what the page asks.
    const ofB = await test.db
      .selectFrom('consent_versions')
      .select('id')
      .where('lab_id', '=', labB)
      .executeTakeFirstOrThrow();
    const old = required.version_id - 1;
    for (const wrong of [old, ofB.id]) {
      const refused = await publicLogin('gina@guest.test', [wrong]);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toContain('is not a current consent of this event');
    }

    const entered = await publicLogin('gina@guest.test', [required.version_id]);
    expect(entered.statusCode, entered.body).toBe(200);
    const mine = (await call('GET', '/api/my-consents', entered.json().token)).json();
    expect(mine.missing).toEqual([]);
    expect(mine.given).toMatchObject([
      { kind: 'data_processing', version: 2, source: 'public_page', withdrawn_at: null },
    ]);
    expect(mine.given[0].texts.en).toBe('I consent to the processing of my data for this event.');
  });

  it('lets the guest in, and the room’s log receives the consent once', async () => {
    const token = (await publicLogin('gina@guest.test')).json().token;
    const room = await call('GET', `/api/events/${publicEvent.eventId}/joinroom`, token);
    expect(room.statusCode, room.body).toBe(200);
    expect(await tryJoin(token, room.json().id)).toBe('entered');
    expect(await tryJoin(token, room.json().id)).toBe('entered');
    const given = (await roomLog(room.json().id)).filter((event) => event.type === 'ConsentGiven');
    expect(given).toEqual([
      {
        type: 'ConsentGiven',
        data: expect.objectContaining({ kind: 'data_processing', version: 2, source: 'public_page' }),
      },
    ]);
  });
});

describe('the invitation path', () => {
  let guest: RoomPerson;
  const roomId = () => privateEvent.roomIds[0] ?? 0;

  beforeAll(async () => {
    guest = await enterRoomAs(test.db, app, {
      labId: labA,
      eventId: privateEvent.eventId,
      roomId: roomId(),
      role: 'participant',
      email: 'ivan@invited.test',
    });
  });

  it('keeps the invited guest out until they accept on their event page', async () => {
    const mine = (await call('GET', '/api/my-consents', guest.token)).json();
    expect(mine.missing).toEqual(['data_processing']);
    const placed = await call('GET', `/api/events/${privateEvent.eventId}/joinroom`, guest.token);
    expect(placed.statusCode).toBe(403);
    expect(placed.json()).toMatchObject({ code: 'consent_required', params: { kinds: 'data_processing' } });
    expect(await tryJoin(guest.token, roomId())).toContain(
      'Accept the required consents first: data_processing.',
    );
    expect((await call('GET', `/api/rooms/${roomId()}`, guest.token)).statusCode).toBe(403);

    const required = mine.asked.find((c: { kind: string }) => c.kind === 'data_processing');
    const accepted = await call('POST', '/api/my-consents', guest.token, {
      version_ids: [required.version_id],
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().missing).toEqual([]);
    expect(accepted.json().given[0]).toMatchObject({ source: 'invitation', version: 2 });
    expect(await tryJoin(guest.token, roomId())).toBe('entered');
  });

  it('records a withdrawal, logs it in the room, and keeps the guest out again', async () => {
    const record = (await call('GET', '/api/my-consents', guest.token)).json().given[0];
    // Nobody withdraws another guest's consent.
    const gina = (await publicLogin('gina@guest.test')).json().token;
    expect((await call('POST', `/api/my-consents/${record.id}/withdraw`, gina)).statusCode).toBe(404);

    const withdrawn = await call('POST', `/api/my-consents/${record.id}/withdraw`, guest.token);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().missing).toEqual(['data_processing']);
    expect(withdrawn.json().given[0].withdrawn_at).not.toBeNull();
    expect((await call('POST', `/api/my-consents/${record.id}/withdraw`, guest.token)).statusCode).toBe(404);

    const log = await roomLog(roomId());
    expect(log.map((event) => event.type)).toContain('ConsentWithdrawn');
    expect(log.find((event) => event.type === 'ConsentWithdrawn')?.data).toMatchObject({
      participantId: guest.participantId,
      kind: 'data_processing',
      version: 2,
    });
    expect((await call('GET', `/api/events/${privateEvent.eventId}/joinroom`, guest.token)).statusCode).toBe(
      403,
    );
    expect(await tryJoin(guest.token, roomId())).toContain('Accept the required consents first');
  });

  it('asks again after the lab edits a required text: the new version is what they must accept', async () => {
    const asked = (await call('GET', '/api/my-consents', guest.token)).json().asked;
    const v2 = asked.find((c: { kind: string }) => c.kind === 'data_processing');
    await call('POST', '/api/my-consents', guest.token, { version_ids: [v2.version_id] });
    expect((await call('GET', '/api/my-consents', guest.token)).json().missing).toEqual([]);

    await write(admin, 'data_processing', {
      required: true,
      active: true,
      texts: { ...texts('data processing'), en: 'Version three of the data processing consent.' },
    });
    const after = (await call('GET', '/api/my-consents', guest.token)).json();
    expect(after.missing).toEqual(['data_processing']);
    // What they accepted before stays with its own words.
    expect(after.given[0].texts.en).toBe('I consent to the processing of my data for this event.');
    expect(await tryJoin(guest.token, roomId())).toContain('Accept the required consents first');
  });

  it('is a guest’s alone: staff have no consents to accept', async () => {
    expect((await call('GET', '/api/my-consents', admin)).statusCode).toBe(403);
    expect((await call('POST', '/api/my-consents', admin, { version_ids: [1] })).statusCode).toBe(403);
  });
});

describe('the statistics', () => {
  it('show, per participant of a session, the consents they gave', async () => {
    const leases = createProjectionLeases(test.url, () => {});
    const runner = createProjectionRunner({
      db: test.db,
      eventStore: createEventStore(test.db, { wakeUp: createWakeUp() }),
      projections: [sessionsProjection],
      leases,
      log: () => {},
      pollIntervalMs: 50,
    });
    runner.start();
    try {
      const roomId = publicEvent.roomIds[0] ?? 0;
      const animator = await enterRoomAs(test.db, app, {
        labId: labA,
        eventId: publicEvent.eventId,
        roomId,
        role: 'animator',
        email: 'ana@animator.test',
      });
      // An invited animator is a guest too: the lab's current version (3, since its last edit) first.
      const acceptCurrent = async (token: string) => {
        const { asked } = (await call('GET', '/api/my-consents', token)).json();
        const ids = asked.map((consent: { version_id: number }) => consent.version_id);
        expect((await call('POST', '/api/my-consents', token, { version_ids: ids })).statusCode).toBe(200);
      };
      await acceptCurrent(animator.token);
      const socket = await joinBySocket(wsUrl, animator.token, roomId, 'ana-tab');
      const commandId = randomUUID();
      socket.send({ type: 'command', roomId, commandId, command: { type: 'StartSession', data: {} } });
      await socket.waitFor((message) => message.type === 'ack' && message.commandId === commandId);
      // Gina (data processing v2 accepted) comes back by the public page: version 3 must be ticked.
      expect((await publicLogin('gina@guest.test')).statusCode).toBe(403);
      const asked = (
        await app.inject({ method: 'GET', url: '/api/eventInfo/by-slug/consent-public/consents' })
      ).json();
      const ticked = asked.map((consent: { version_id: number }) => consent.version_id);
      const gina = (await publicLogin('gina@guest.test', ticked)).json().token;
      expect(await tryJoin(gina, roomId)).toBe('entered');

      let gina_row: { consents: unknown[] } | undefined;
      const deadline = Date.now() + 15_000;
      while (gina_row === undefined && Date.now() < deadline) {
        const stats = (await call('GET', `/api/events/${publicEvent.eventId}/stats`, admin)).json();
        gina_row = stats.sessions?.[0]?.participants?.find((p: { name: string }) => p.name === 'Gina Guest');
        if (gina_row === undefined) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(gina_row?.consents).toEqual([
        { kind: 'contact', version: 1, given_at: expect.any(String), withdrawn_at: null },
        { kind: 'data_processing', version: 2, given_at: expect.any(String), withdrawn_at: null },
        { kind: 'data_processing', version: 3, given_at: expect.any(String), withdrawn_at: null },
      ]);
      const csv = await call(
        'GET',
        `/api/events/${publicEvent.eventId}/stats/attendance.csv?locale=fr`,
        admin,
      );
      expect(csv.body).toContain('Consentements');
      expect(csv.body).toContain('Traitement des données v3');
      socket.close();
    } finally {
      await runner.stop();
      await leases.close();
    }
  });
});

describe('a person’s data', () => {
  it('lists the consents they gave and withdrew, with the words of each version', async () => {
    const answer = await call('GET', '/api/personal-data?email=ivan@invited.test&format=json', admin);
    expect(answer.statusCode, answer.body).toBe(200);
    const consents = JSON.parse(answer.body).consents;
    expect(consents).toContainEqual(
      expect.objectContaining({
        kind: 'data_processing',
        version: 2,
        source: 'invitation',
        withdrawnAt: expect.any(String),
        texts: expect.objectContaining({ en: 'I consent to the processing of my data for this event.' }),
      }),
    );
  });
});
