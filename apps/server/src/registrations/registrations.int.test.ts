// Registration for public events over HTTP, on the real database, job queue and SMTP capture (issue 33,
// part 5): the form set by who may change the event (another lab's admin and a plain user refused); the
// answers and consents checked by the server; the address a claim until the mailed link is followed;
// places by capacity under concurrent confirmations (never overbooked), the waiting list moving up when a
// place is cancelled through the mail's link; approval and refusal, mailed; the personal link of the
// confirmation mail signing the guest in; the list, its CSV in German and the funnel; bad input refused.
import {
  createEvent,
  createLab,
  createUser,
  linkInMail,
  type MailedApp,
  SAMPLE_REGISTRATION_FORM,
  sampleRegistration,
  sendRegistration,
  signIn,
  startMailedApp,
  tokenOfLink,
  waitForMailTo,
} from '@lablive/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PASSWORD = 'registration-test-password';
let mailed: MailedApp;
let admin: string;
let otherLabAdmin: string;
let plainUser: string;
let eventId: number;
let consentVersionId: number;
const SLUG = 'registration-public';

async function confirmByMail(email: string) {
  const mail = await waitForMailTo(mailed.smtp, email, 'Confirm your registration');
  const token = tokenOfLink(linkInMail(mail, '/registration/confirm'));
  return mailed.app.inject({ method: 'POST', url: '/api/registrations/confirm', payload: { token } });
}

async function registrations() {
  const response = await mailed.call('GET', `/api/events/${eventId}/registrations`, admin);
  expect(response.statusCode).toBe(200);
  return response.json() as { id: number; email: string; status: string }[];
}

const statusOf = async (email: string) => (await registrations()).find((r) => r.email === email)?.status;

beforeAll(async () => {
  mailed = await startMailedApp({ jobs: { retryDelaySeconds: 1 } });
  const { db } = mailed.test;
  const labId = await createLab(db, 'Registration lab', ['stats']);
  const adminId = await createUser(db, {
    labId,
    email: 'admin@registration.test',
    password: PASSWORD,
    role: 'admin',
  });
  await createUser(db, { labId, email: 'user@registration.test', password: PASSWORD });
  const otherLab = await createLab(db, 'Other registration lab', ['stats']);
  await createUser(db, {
    labId: otherLab,
    email: 'admin@other-registration.test',
    password: PASSWORD,
    role: 'admin',
  });
  admin = await signIn(mailed.app, 'admin@registration.test', PASSWORD);
  plainUser = await signIn(mailed.app, 'user@registration.test', PASSWORD);
  otherLabAdmin = await signIn(mailed.app, 'admin@other-registration.test', PASSWORD);
  eventId = (await createEvent(db, { labId, ownerId: adminId, slug: SLUG, isPublic: true })).eventId;
  // The lab's data processing consent, optional for the lab: the form makes it required.
  const written = await mailed.call('PUT', '/api/consents/data_processing', admin, {
    required: false,
    active: true,
    texts: { fr: 'Je consens.', en: 'I consent.', de: 'Ich willige ein.' },
  });
  expect(written.statusCode).toBe(200);
  consentVersionId = written.json().current.version_id;
});

afterAll(async () => {
  await mailed?.close();
});

describe('the form', () => {
  it('is set by who may change the event, never by another lab or a plain user', async () => {
    const form = { ...SAMPLE_REGISTRATION_FORM, consent_kinds: ['data_processing'] };
    expect(
      (await mailed.call('PUT', `/api/events/${eventId}/registration`, otherLabAdmin, form)).statusCode,
    ).toBe(404);
    expect(
      (await mailed.call('PUT', `/api/events/${eventId}/registration`, plainUser, form)).statusCode,
    ).toBe(403);
    const saved = await mailed.call('PUT', `/api/events/${eventId}/registration`, admin, form);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ enabled: true, capacity: 1, taken: 0, waitlisted: 0 });
    const shown = await mailed.app.inject({
      method: 'GET',
      url: `/api/eventInfo/by-slug/${SLUG}/registration`,
    });
    expect(shown.json()).toMatchObject({ enabled: true, full: false, consent_kinds: ['data_processing'] });
    expect(shown.json().fields).toHaveLength(3);
  });

  it('refuses a form that makes no sense, naming the field', async () => {
    const oneChoice = {
      ...SAMPLE_REGISTRATION_FORM,
      fields: [
        { ...SAMPLE_REGISTRATION_FORM.fields[0], choices: [SAMPLE_REGISTRATION_FORM.fields[0]?.choices[0]] },
      ],
    };
    const refused = await mailed.call('PUT', `/api/events/${eventId}/registration`, admin, oneChoice);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('at least two choices');
    const zero = await mailed.call('PUT', `/api/events/${eventId}/registration`, admin, {
      ...SAMPLE_REGISTRATION_FORM,
      capacity: 0,
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.body).toContain('capacity');
  });

  it('keeps the open public sign-in closed: guests enter by their registration', async () => {
    const login = await mailed.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: {
        firstName: 'Walk',
        lastName: 'In',
        email: 'walkin@registration.test',
        eventSlug: SLUG,
        isPublic: true,
      },
    });
    expect(login.statusCode).toBe(403);
    expect(login.body).toContain('takes registrations');
  });
});

describe('a registration', () => {
  it('refuses answers and consents the form does not allow, naming them', async () => {
    const ticked = { consent_version_ids: [consentVersionId] };
    const cases: [object, string][] = [
      [
        sampleRegistration('a@registration.test', { ...ticked, answers: { hcp: true } }),
        'answers.specialty: is required',
      ],
      [
        sampleRegistration('a@registration.test', {
          ...ticked,
          answers: { specialty: 'surgery', hcp: true },
        }),
        'answers.specialty: is not one of the choices',
      ],
      [
        sampleRegistration('a@registration.test', {
          ...ticked,
          answers: { specialty: 'oncology', hcp: true, age: '40' },
        }),
        'answers.age: is not a field of this form',
      ],
      [sampleRegistration('a@registration.test'), 'consent'],
      [sampleRegistration('a@registration.test', { ...ticked, email: 'not-an-address' }), 'email'],
      [{ ...sampleRegistration('a@registration.test', ticked), first_name: 'A\u0000B' }, 'first_name'],
    ];
    for (const [body, problem] of cases) {
      const response = await sendRegistration(mailed.app, SLUG, body);
      expect(response.statusCode, problem).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, problem).toBeLessThan(500);
      expect(response.body).toContain(problem);
    }
    const huge = await sendRegistration(mailed.app, SLUG, {
      ...sampleRegistration('a@registration.test', ticked),
      answers: { specialty: 'oncology', hcp: true, rpps: 'x'.repeat(5000) },
    });
    expect(huge.statusCode).toBe(400);
    expect(await statusOf('a@registration.test')).toBeUndefined();
  });

  it('is a claim until the mailed link is followed, then takes the only place of two at once', async () => {
    const ticked = { consent_version_ids: [consentVersionId] };
    const emails = ['first@registration.test', 'second@registration.test'];
    for (const email of emails) {
      const sent = await sendRegistration(mailed.app, SLUG, sampleRegistration(email, ticked));
      expect(sent.statusCode).toBe(202);
    }
    // Registered twice with one address: refused while the first is in force.
    expect(
      (await sendRegistration(mailed.app, SLUG, sampleRegistration(emails[0] ?? '', ticked))).statusCode,
    ).toBe(409);
    // Not confirmed: staff do not count it.
    expect(await statusOf(emails[0] ?? '')).toBeUndefined();
    // Both links followed at the same time: one place, never two.
    const answers = await Promise.all(emails.map((email) => confirmByMail(email)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json().status).sort()).toEqual(['registered', 'waitlisted']);
    const list = await registrations();
    expect(list.filter((r) => r.status === 'registered')).toHaveLength(1);
    expect(list.filter((r) => r.status === 'waitlisted')).toHaveLength(1);
    // A link works once.
    const mail = await waitForMailTo(mailed.smtp, emails[0] ?? '', 'Confirm your registration');
    const again = await mailed.app.inject({
      method: 'POST',
      url: '/api/registrations/confirm',
      payload: { token: tokenOfLink(linkInMail(mail, '/registration/confirm')) },
    });
    expect(again.statusCode).toBe(401);
  });

  it('mails the place with a personal link that signs in, and the waiting list that moves up on cancel', async () => {
    const list = await registrations();
    const placed = list.find((r) => r.status === 'registered')?.email ?? '';
    const waiting = list.find((r) => r.status === 'waitlisted')?.email ?? '';
    await waitForMailTo(mailed.smtp, waiting, 'Waiting list');
    const placeMail = await waitForMailTo(mailed.smtp, placed, 'Registration confirmed');
    expect(placeMail.raw).toContain('BEGIN:VCALENDAR');
    const invitation = new URL(linkInMail(placeMail, '/?invitation=')).searchParams.get('invitation');
    const login = await mailed.app.inject({ method: 'POST', url: '/api/login', payload: { invitation } });
    expect(login.statusCode).toBe(200);
    // The guest cancels through their mail's link: the place goes to the waiting list, mailed.
    const cancel = tokenOfLink(linkInMail(placeMail, '/registration/cancel'));
    const forged = await mailed.app.inject({
      method: 'POST',
      url: '/api/registrations/cancel',
      payload: { token: `${Number(cancel.split('.')[0]) + 1}.${cancel.split('.')[1]}` },
    });
    expect(forged.statusCode).toBe(401);
    const cancelled = await mailed.app.inject({
      method: 'POST',
      url: '/api/registrations/cancel',
      payload: { token: cancel },
    });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    await waitForMailTo(mailed.smtp, placed, 'Registration cancelled');
    const moved = await waitForMailTo(mailed.smtp, waiting, 'Registration confirmed');
    expect(linkInMail(moved, '/?invitation=')).toContain('invitation=');
    expect(await statusOf(waiting)).toBe('registered');
    expect(await statusOf(placed)).toBe('cancelled');
  });

  it('waits for staff when approval is on: approved takes a place, refused is told the reason', async () => {
    const form = {
      ...SAMPLE_REGISTRATION_FORM,
      consent_kinds: ['data_processing'],
      capacity: 5,
      approval: true,
    };
    expect((await mailed.call('PUT', `/api/events/${eventId}/registration`, admin, form)).statusCode).toBe(
      200,
    );
    const ticked = { consent_version_ids: [consentVersionId] };
    for (const email of ['approve@registration.test', 'refuse@registration.test']) {
      expect((await sendRegistration(mailed.app, SLUG, sampleRegistration(email, ticked))).statusCode).toBe(
        202,
      );
      expect((await confirmByMail(email)).json()).toMatchObject({ status: 'pending' });
      await waitForMailTo(mailed.smtp, email, 'awaiting approval');
    }
    const list = await registrations();
    const idOf = (email: string) => list.find((r) => r.email === email)?.id;
    const decide = (id: number | undefined, body: object, token = admin) =>
      mailed.call('POST', `/api/events/${eventId}/registrations/${id}/decision`, token, body);
    expect((await decide(idOf('approve@registration.test'), { approve: true }, plainUser)).statusCode).toBe(
      403,
    );
    expect((await decide(idOf('approve@registration.test'), { approve: true })).json()).toMatchObject({
      status: 'registered',
    });
    await waitForMailTo(mailed.smtp, 'approve@registration.test', 'Registration confirmed');
    const refused = await decide(idOf('refuse@registration.test'), {
      approve: false,
      reason: 'Health professionals only',
    });
    expect(refused.json()).toMatchObject({ status: 'refused' });
    const mail = await waitForMailTo(mailed.smtp, 'refuse@registration.test', 'Registration declined');
    expect(mail.text).toContain('Reason: Health professionals only');
    // Decided once.
    expect((await decide(idOf('refuse@registration.test'), { approve: true })).statusCode).toBe(409);
  });

  it('is listed with its answers and consents, exported in German, and counted in the funnel', async () => {
    const list = (await registrations()) as unknown as {
      email: string;
      answers: Record<string, unknown>;
      consents: { kind: string }[];
    }[];
    const approved = list.find((r) => r.email === 'approve@registration.test');
    expect(approved?.answers).toEqual({ specialty: 'cardiology', hcp: true });
    expect(approved?.consents.map((c) => c.kind)).toEqual(['data_processing']);
    const csv = await mailed.call('GET', `/api/events/${eventId}/registrations.csv?locale=de`, admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Status;Vorname;Nachname;E-Mail');
    expect(csv.body).toContain('Fachgebiet');
    expect(csv.body).toContain('abgelehnt');
    expect(csv.body).toContain('Kardiologie');
    expect(csv.body).toContain('Datenverarbeitung (v1)');
    const funnel = await mailed.call('GET', `/api/events/${eventId}/registration-funnel`, admin);
    // Confirmed: first, second, approve, refuse; given a place: first, second (moved up), approve.
    expect(funnel.json()).toMatchObject({ registered: 4, invited: 3, attended: 0, refused: 1, cancelled: 1 });
    expect(
      (await mailed.call('GET', `/api/events/${eventId}/registration-funnel`, otherLabAdmin)).statusCode,
    ).toBe(404);
  });

  it('is in the audit trail, its personal values sealed', async () => {
    const rows = await mailed.test.db
      .selectFrom('audit_entries')
      .select(['record_type', 'action'])
      .where('record_type', 'in', ['registration', 'registration-form'])
      .execute();
    expect(rows.some((row) => row.record_type === 'registration-form')).toBe(true);
    expect(rows.filter((row) => row.record_type === 'registration').length).toBeGreaterThan(4);
  });
});
