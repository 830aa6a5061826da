// Sign-in as a user of the API meets it: through HTTP, on a real database, with mail over real SMTP.
import { PRESENCE_EVENT_TYPES, roomStreamId } from '@lablive/domain';
import {
  buildTestApp,
  createEvent,
  createLab,
  createTestDatabase,
  createUser,
  type SmtpCapture,
  startSmtpCapture,
  type TestDatabase,
} from '@lablive/testkit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../mail/mailer.ts';
import { issueInvitationToken } from './invitations.repository.ts';

let test: TestDatabase;
let smtp: SmtpCapture;
let app: FastifyInstance;
let labId: number;

beforeAll(async () => {
  test = await createTestDatabase();
  smtp = await startSmtpCapture();
  app = await buildTestApp(test, {
    mailer: createSmtpMailer(smtp.url, 'LabLive <no-reply@lablive.test>'),
  });
  labId = await createLab(test.db, 'Lab A', ['polls', 'stats']);
  await createUser(test.db, {
    labId,
    email: 'Ada@Lab-a.test',
    password: 'correct horse',
    role: 'admin',
    locale: 'en',
  });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
  await test.drop();
});

const login = (body: unknown) => app.inject({ method: 'POST', url: '/api/login', payload: body as object });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('POST /api/login with e-mail and password', () => {
  it('signs in whatever the e-mail case, and /api/me shows the user with lab, roles and modules', async () => {
    const response = await login({ email: ' ada@LAB-A.test ', password: 'correct horse' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      event_id: null,
      user: { kind: 'user', email: 'Ada@Lab-a.test', roles: ['admin'] },
    });
    expect(body.user.lab).toMatchObject({
      name: 'Lab A',
      modules: expect.arrayContaining(['polls', 'stats']),
    });
    expect(body.user.permissions).toContain('manage_events');

    const me = await app.inject({ method: 'GET', url: '/api/me', headers: bearer(body.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(body.user.id);
  });

  it('answers a wrong password and an unknown e-mail with the same 401 message', async () => {
    const wrong = await login({ email: 'ada@lab-a.test', password: 'wrong' });
    const unknown = await login({ email: 'nobody@lab-a.test', password: 'wrong' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        detail: 'Please verify your login/password',
        code: 'unauthenticated',
      });
    }
  });

  it('refuses a blank password with a 400 naming the field, and a malformed body', async () => {
    const blank = await login({ email: 'ada@lab-a.test', password: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.some((e: { field: string }) => e.field === 'password')).toBe(true);
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('bad_request');
  });

  it('rejects a body larger than the limit with 413', async () => {
    const response = await login({ email: 'ada@lab-a.test', password: 'x'.repeat(1024 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('payload_too_large');
  });
});

describe('tokens', () => {
  it('rotates refresh tokens, and a reused refresh token revokes the whole session', async () => {
    const first = (await login({ email: 'ada@lab-a.test', password: 'correct horse' })).json();
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/refreshToken',
      payload: { token: first.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    const second = refreshed.json();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(
      (await app.inject({ method: 'GET', url: '/api/me', headers: bearer(second.token) })).statusCode,
    ).toBe(200);

    const replay = await app.inject({
      method: 'POST',
      url: '/api/refreshToken',
      payload: { token: first.refreshToken },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().detail).toBe('Invalid token.');
    // The stolen family is closed: the newer token and its access token stop working too.
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/refreshToken',
          payload: { token: second.refreshToken },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/api/me', headers: bearer(second.token) })).statusCode,
    ).toBe(401);
  });

  it('signs out: the access token and refresh token stop working at once', async () => {
    const session = (await login({ email: 'ada@lab-a.test', password: 'correct horse' })).json();
    const out = await app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: bearer(session.token),
      payload: { refreshToken: session.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: bearer(session.token) });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ code: 'invalid_token', detail: 'Invalid token.' });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/refreshToken',
          payload: { token: session.refreshToken },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('refuses a missing, forged or expired access token', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/me' })).json().code).toBe('unauthenticated');
    expect(
      (await app.inject({ method: 'GET', url: '/api/me', headers: bearer('not.a.jwt') })).statusCode,
    ).toBe(401);
    const past = await buildTestApp(test, {
      mailer: createSmtpMailer(smtp.url, 'x@lablive.test'),
      now: () => new Date(Date.now() - 3600_000),
      accessTtlSeconds: 60,
    });
    const old = (
      await past.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'ada@lab-a.test', password: 'correct horse' },
      })
    ).json();
    await past.close();
    const response = await app.inject({ method: 'GET', url: '/api/me', headers: bearer(old.token) });
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toBe('Invalid token.');
  });
});

describe('forgotten password', () => {
  it('mails a single-use reset link in the user language; the new password works, the old does not', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: 'ada@lab-a.test' },
    });
    expect(response.json()).toEqual({ sucess: true });
    const mail = await smtp.waitForMail((m) => m.to.some((to) => to.toLowerCase() === 'ada@lab-a.test'));
    expect(mail.text).toContain('Subject: LabLive: reset your password');
    const token = /http:\/\/lablive\.test\/reset\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(token).toBeDefined();

    const weak = await app.inject({
      method: 'POST',
      url: `/api/change-password/${token}`,
      payload: { password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().detail).toContain('Please enter valid passwords');

    const changed = await app.inject({
      method: 'POST',
      url: `/api/change-password/${token}`,
      payload: { password: 'a brand new secret' },
    });
    expect(changed.json()).toEqual({ sucess: true, message: 'Your password has been changed' });
    const again = await app.inject({
      method: 'POST',
      url: `/api/change-password/${token}`,
      payload: { password: 'another secret!' },
    });
    expect(again.statusCode).toBe(401);

    expect((await login({ email: 'ada@lab-a.test', password: 'correct horse' })).statusCode).toBe(401);
    expect((await login({ email: 'ada@lab-a.test', password: 'a brand new secret' })).statusCode).toBe(200);
    await app.inject({
      method: 'POST',
      url: `/api/forgot-password`,
      payload: { email: 'ada@lab-a.test', locale: 'de' },
    });
    const german = await smtp.waitForMail((m) => m.text.includes('Ihres LabLive-Passworts'));
    expect(german.text).toContain('Hallo');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = smtp.mails.length;
    const response = await app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: 'ghost@lab-a.test' },
    });
    expect(response.json()).toEqual({ sucess: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails.length).toBe(before);
  });

  it('names the spec messages for an empty or invalid e-mail', async () => {
    const empty = await app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: ' ' } });
    expect(empty.json().detail).toBe('email: Please fill the email field');
    const invalid = await app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: 'nope' },
    });
    expect(invalid.json().detail).toBe('email: Please enter a valid email');
  });
});

describe('public guest entry and invitations', () => {
  it('admits a guest to a public event, and refuses the same e-mail while it is online', async () => {
    const { eventId, roomIds } = await createEvent(test.db, { labId, slug: 'open-day-1' });
    const entry = {
      firstName: 'Gina',
      lastName: 'Guest',
      email: 'gina@example.org',
      eventSlug: 'open-day-1',
      isPublic: true,
    };
    const first = await login(entry);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.event_id).toBe(eventId);
    expect(body.user).toMatchObject({
      kind: 'guest',
      participation: { role: 'participant', event_id: eventId },
    });

    const roomId = roomIds[0] ?? 0;
    await test.db
      .insertInto('session_events')
      .values({
        stream_id: roomStreamId(roomId),
        stream_version: 1,
        type: PRESENCE_EVENT_TYPES.joined,
        data: JSON.stringify({ participantId: body.user.id, email: 'gina@example.org', name: 'Gina Guest' }),
        metadata: JSON.stringify({}),
        event_id: crypto.randomUUID(),
      })
      .execute();
    const second = await login({ ...entry, email: 'GINA@example.org' });
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe('Vous êtes déjà dans une session');

    await test.db
      .insertInto('session_events')
      .values({
        stream_id: roomStreamId(roomId),
        stream_version: 2,
        type: PRESENCE_EVENT_TYPES.left,
        data: JSON.stringify({ participantId: body.user.id, reason: 'left' }),
        metadata: JSON.stringify({}),
        event_id: crypto.randomUUID(),
      })
      .execute();
    expect((await login(entry)).statusCode).toBe(200);
  });

  it('refuses a private event, and never hands a host participation to the public form', async () => {
    await createEvent(test.db, { labId, slug: 'closed-board-2', isPublic: false });
    const privateEntry = await login({
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.org',
      eventSlug: 'closed-board-2',
      isPublic: true,
    });
    expect(privateEntry.statusCode).toBe(404);

    const { eventId } = await createEvent(test.db, { labId, slug: 'hosted-3' });
    await test.db
      .insertInto('participants')
      .values({
        event_id: eventId,
        lab_id: labId,
        email: 'host@lab-a.test',
        role: 'animator',
        job: null,
        location: null,
        timezone: null,
        google_refresh_token: null,
        user_id: null,
        room_id: null,
      })
      .execute();
    const impostor = await login({
      firstName: 'I',
      lastName: 'M',
      email: 'host@lab-a.test',
      eventSlug: 'hosted-3',
      isPublic: true,
    });
    expect(impostor.statusCode).toBe(403);
  });

  it('signs in with an invitation link once; the link then stops working', async () => {
    const { eventId, roomIds } = await createEvent(test.db, { labId, slug: 'invited-4', isPublic: false });
    const participant = await test.db
      .insertInto('participants')
      .values({
        event_id: eventId,
        lab_id: labId,
        email: 'ivy@example.org',
        job: null,
        location: null,
        timezone: null,
        google_refresh_token: null,
        user_id: null,
        room_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const invitation = await test.db
      .insertInto('event_invitations')
      .values({
        event_id: eventId,
        participant_id: participant.id,
        room_id: roomIds[0] ?? null,
        role: 'observer',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await issueInvitationToken(test.db, invitation.id, 3600, new Date());
    const first = await login({ invitation: token });
    expect(first.statusCode).toBe(200);
    expect(first.json().user.participation).toMatchObject({
      role: 'observer',
      room_id: roomIds[0],
      event_id: eventId,
    });
    const replay = await login({ invitation: token });
    expect(replay.statusCode).toBe(401);

    // Each mail's link is its own: a reminder's new link leaves the invitation's, unused, alive.
    const invitationLink = await issueInvitationToken(test.db, invitation.id, 3600, new Date());
    const reminderLink = await issueInvitationToken(test.db, invitation.id, 3600, new Date());
    expect((await login({ invitation: invitationLink })).statusCode).toBe(200);
    expect((await login({ invitation: reminderLink })).statusCode).toBe(200);
    expect((await login({ invitation: reminderLink })).statusCode).toBe(401);
    // An expired link is refused.
    const expired = await issueInvitationToken(test.db, invitation.id, 1, new Date(Date.now() - 5000));
    expect((await login({ invitation: expired })).statusCode).toBe(401);
  });

  /** A guest of a new private event with an invitation, and a way to issue their links. */
  async function invitedGuest(slug: string, email: string) {
    const { eventId, roomIds } = await createEvent(test.db, { labId, slug, isPublic: false });
    const participant = await test.db
      .insertInto('participants')
      .values({ event_id: eventId, lab_id: labId, email, user_id: null, room_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const invitation = await test.db
      .insertInto('event_invitations')
      .values({ event_id: eventId, participant_id: participant.id, room_id: roomIds[0] ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      eventId,
      participantId: participant.id,
      link: () => issueInvitationToken(test.db, invitation.id, 3600, new Date()),
    };
  }

  it('lets a used link back in where its own guest is still signed in, and nowhere else', async () => {
    const ivo = await invitedGuest('invited-5', 'ivo@example.org');
    const token = await ivo.link();
    const first = await login({ invitation: token });
    expect(first.statusCode).toBe(200);
    const session = first.json();

    // Opened again in the tab still signed in as Ivo: back in, with a session that replaces the old one.
    const again = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: bearer(session.token),
      payload: { invitation: token },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().user.participation).toMatchObject({ id: ivo.participantId, event_id: ivo.eventId });
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: bearer(again.json().token) });
    expect(me.statusCode).toBe(200);
    const old = await app.inject({ method: 'GET', url: '/api/me', headers: bearer(session.token) });
    expect(old.statusCode).toBe(401);

    // Anyone else, signed in or not, gets the used link's refusal.
    const other = await invitedGuest('invited-6', 'ida@example.org');
    const idaSession = (await login({ invitation: await other.link() })).json();
    for (const headers of [bearer(idaSession.token), {}, bearer('not-a-token')]) {
      const refused = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers,
        payload: { invitation: token },
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().detail).toBe('This invitation link is invalid, used or expired.');
    }
  });

  it("refuses a closed event's links, fresh or used, saying the event is over", async () => {
    const eve = await invitedGuest('invited-7', 'eve@example.org');
    const used = await eve.link();
    const session = (await login({ invitation: used })).json();
    const fresh = await eve.link();
    await test.db
      .updateTable('events')
      .set({ end_date: new Date(), active: false })
      .where('id', '=', eve.eventId)
      .execute();
    for (const [token, headers] of [
      [fresh, {}],
      [used, {}],
      [used, bearer(session.token)],
    ] as const) {
      const refused = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers,
        payload: { invitation: token },
      });
      expect(refused.statusCode).toBe(410);
      expect(refused.json()).toMatchObject({
        code: 'gone',
        detail: 'This event is over: its links no longer open it.',
      });
    }
    // The fresh link was not used up by the refusal.
    const unused = await test.db
      .selectFrom('invitation_links')
      .select('used_at')
      .where('used_at', 'is', null)
      .innerJoin('event_invitations', 'event_invitations.id', 'invitation_links.invitation_id')
      .where('event_invitations.event_id', '=', eve.eventId)
      .execute();
    expect(unused).toHaveLength(1);
  });
});

describe('rate limiting', () => {
  it('slows repeated sign-in attempts from one address with 429', async () => {
    const limited = await buildTestApp(test, {
      mailer: createSmtpMailer(smtp.url, 'x@lablive.test'),
      loginRateLimitPerMinute: 3,
    });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push(
        (
          await limited.inject({
            method: 'POST',
            url: '/api/login',
            payload: { email: 'ada@lab-a.test', password: 'bad' },
          })
        ).statusCode,
      );
    }
    await limited.close();
    expect(codes).toEqual([401, 401, 401, 429, 429]);
  });
});
