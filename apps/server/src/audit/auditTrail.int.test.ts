// The audit trail (issue 32) on a real database, through the real API: each audited change writes its
// entry in its own transaction (who with their roles, field old → new, the person's zone, the call);
// a refused or failed change writes none; deletions and role changes need a reason and keep it; sign-ins,
// failed sign-ins and exports are entries; a lab reads its own trail only; nobody changes an entry.

import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REASON_HEADER, REFUSALS, TIME_ZONE_HEADER } from '@lablive/domain';
import {
  buildTestApp,
  createLab,
  createMedia,
  createTestDatabase,
  createUser,
  signIn,
  type TestDatabase,
} from '@lablive/testkit';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../mail/mailer.ts';
import { OPENED_AUDIT_COLUMNS } from './audit.repository.ts';

let test: TestDatabase;
let app: FastifyInstance;
let labA: number;
let labB: number;
let mediaId: number;
let adminId: number;
const tokens = { admin: '', adminB: '', staff: '' };

type Headers = Record<string, string>;
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  options: { payload?: InjectOptions['payload']; headers?: Headers } = {},
) =>
  app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...options.headers },
    ...(options.payload === undefined ? {} : { payload: options.payload }),
  });
const reason = (text: string): Headers => ({ [REASON_HEADER]: encodeURIComponent(text) });

const entries = (where: { recordType: string; recordId?: string }) =>
  test.db
    .selectFrom('audit_entries')
    .select(OPENED_AUDIT_COLUMNS)
    .where('record_type', '=', where.recordType)
    .$if(where.recordId !== undefined, (query) => query.where('record_id', '=', where.recordId ?? ''))
    .orderBy('id')
    .execute();

const countAll = async () =>
  Number(
    (
      await test.db
        .selectFrom('audit_entries')
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

/** The profile fields PUT users/{id} takes with roles and permissions (as the fixtures name people). */
const profile = (email: string) => ({ email, first_name: 'Test', last_name: email.split('@')[0] });

const eventForm = (overrides: Record<string, unknown> = {}) => ({
  name: 'Oncology update',
  description: '<p>Quarterly update.</p>',
  rooms_needed: 1,
  auto_dispatcher: false,
  is_public: false,
  medias: [mediaId],
  email_relaunch_J7: false,
  email_relaunch_J1: false,
  email_relaunch_h1: false,
  date: '2026-12-01',
  start_time: '14:00',
  end_time: '16:00',
  default_timezone: 'Europe/Paris',
  ...overrides,
});

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
    filesDir: await mkdtemp(path.join(os.tmpdir(), 'lablive-audit-files-')),
  });
  labA = await createLab(test.db, 'Lab A', ['polls', 'share_document']);
  labB = await createLab(test.db, 'Lab B');
  mediaId = await createMedia(test.db, { labId: labA, name: 'Slides' });
  adminId = await createUser(test.db, {
    labId: labA,
    email: 'admin@a.test',
    password: 'pw-admin-a',
    role: 'admin',
  });
  await createUser(test.db, { labId: labB, email: 'admin@b.test', password: 'pw-admin-b', role: 'admin' });
  await createUser(test.db, {
    labId: labA,
    email: 'staff@a.test',
    password: 'pw-staff-a',
    permissions: ['manage_events'],
  });
  tokens.admin = await signIn(app, 'admin@a.test', 'pw-admin-a');
  tokens.adminB = await signIn(app, 'admin@b.test', 'pw-admin-b');
  tokens.staff = await signIn(app, 'staff@a.test', 'pw-staff-a');
});

afterAll(async () => {
  await app?.close();
  await test?.drop();
});

describe('a change', () => {
  it("is recorded with who, their roles and zone, the call, and each changed field's old and new value", async () => {
    const created = await call('POST', '/api/events', tokens.admin, { payload: eventForm() });
    expect(created.statusCode, created.body).toBe(201);
    const eventId = String(created.json().id);
    const moved = await call('PUT', `/api/events/${eventId}`, tokens.admin, {
      payload: eventForm({ date: '2026-12-03', name: 'Oncology update (moved)' }),
      headers: { [TIME_ZONE_HEADER]: 'America/Montreal' },
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const [creation, ...changes] = await entries({ recordType: 'event', recordId: eventId });
    expect(creation).toMatchObject({
      action: 'create',
      lab_id: labA,
      actor_kind: 'user',
      via: 'POST /api/events',
    });
    const change = changes.find((entry) => entry.via === 'PUT /api/events/:id');
    expect(change).toMatchObject({
      action: 'change',
      lab_id: labA,
      actor_user_id: adminId,
      actor_name: expect.stringContaining('admin'),
      actor_email: 'admin@a.test',
      actor_time_zone: 'America/Montreal',
    });
    expect(change?.actor_roles).toContain('admin');
    const fields = Object.fromEntries(
      ((change?.changes ?? []) as { field: string; old: unknown; new: unknown }[]).map((item) => [
        item.field,
        item,
      ]),
    );
    expect(fields.name).toEqual({ field: 'name', old: 'Oncology update', new: 'Oncology update (moved)' });
    expect(String(fields.planned_start_date?.old)).toContain('2026-12-01T13:00:00');
    expect(String(fields.planned_start_date?.new)).toContain('2026-12-03T13:00:00');
    // Only what changed: the description stayed.
    expect(fields.description).toBeUndefined();
  });

  it('refused or failed, writes nothing', async () => {
    const before = await countAll();
    // Refused by a rule (a permission the caller may not grant), inside the service's transaction.
    const staff = await test.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'staff@a.test')
      .executeTakeFirstOrThrow();
    const refused = await call('PUT', `/api/users/${staff.id}`, tokens.staff, {
      payload: { ...profile('staff@a.test'), permissions: ['manage_events', 'manage_users'] },
      headers: reason('promotion'),
    });
    expect(refused.statusCode).toBe(403);
    // Invalid: the schema refuses it before anything is written.
    const invalid = await call('POST', '/api/events', tokens.admin, { payload: eventForm({ date: 'soon' }) });
    expect(invalid.statusCode).toBe(400);
    expect(await countAll()).toBe(before);
  });

  it("made by an upload (a multipart body read in the handler) is still the caller's", async () => {
    const form = new FormData();
    form.append('name', 'Dosage table');
    form.append('file', new Blob(['dose,weight\n5,70\n'], { type: 'text/plain' }), 'dosage.txt');
    const request = new Request('http://lablive.test/', { method: 'POST', body: form });
    const response = await app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: {
        authorization: `Bearer ${tokens.admin}`,
        'content-type': request.headers.get('content-type') ?? '',
      },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(response.statusCode, response.body).toBe(201);
    const [created] = await entries({ recordType: 'document', recordId: String(response.json().id) });
    expect(created).toMatchObject({ action: 'create', actor_kind: 'user', actor_user_id: adminId });
  });

  it('by the product itself (no request) is recorded as LabLive', async () => {
    const group = await test.db
      .insertInto('groups')
      .values({ lab_id: labA, name: 'Imported', picture_url: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [entry] = await entries({ recordType: 'group', recordId: String(group.id) });
    expect(entry).toMatchObject({
      action: 'create',
      actor_kind: 'system',
      actor_user_id: null,
      lab_id: labA,
    });
  });
});

describe('a deletion', () => {
  it('needs a reason, and keeps it with the entry', async () => {
    const group = await call('POST', '/api/groups', tokens.admin, { payload: { name: 'Cardiology' } });
    expect(group.statusCode, group.body).toBe(201);
    const groupId = String(group.json().id);

    const without = await call('DELETE', `/api/groups/${groupId}`, tokens.admin);
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({ code: 'validation', key: 'reasonRequired' });
    expect(without.json().detail).toBe(REFUSALS.reasonRequired);
    const kept = await test.db.selectFrom('groups').select('id').where('id', '=', Number(groupId)).execute();
    expect(kept).toHaveLength(1);
    expect((await entries({ recordType: 'group', recordId: groupId })).map((entry) => entry.action)).toEqual([
      'create',
    ]);

    const withReason = await call('DELETE', `/api/groups/${groupId}`, tokens.admin, {
      headers: reason('Doublon créé par erreur — fusionné avec « Cardio »'),
    });
    expect(withReason.statusCode, withReason.body).toBe(204);
    const deletion = (await entries({ recordType: 'group', recordId: groupId })).at(-1);
    expect(deletion).toMatchObject({
      action: 'delete',
      reason: 'Doublon créé par erreur — fusionné avec « Cardio »',
      via: 'DELETE /api/groups/:id',
    });
  });

  it('refuses a reason that is not percent-encoded UTF-8, naming the header', async () => {
    const response = await call('DELETE', '/api/groups/1', tokens.admin, {
      headers: { [REASON_HEADER]: '%E0%A4%A' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain(REASON_HEADER);
  });
});

describe('a role or a permission changed', () => {
  it('needs a reason; the entry names the role given and the permission taken', async () => {
    const user = await createUser(test.db, {
      labId: labA,
      email: 'colleague@a.test',
      password: 'pw-colleague',
      permissions: ['manage_events', 'manage_polls'],
    });
    const without = await call('PUT', `/api/users/${user}`, tokens.admin, {
      payload: { ...profile('colleague@a.test'), roles: ['admin'] },
    });
    expect(without.statusCode).toBe(400);
    expect(without.json().key).toBe('reasonRequired');

    const changed = await call('PUT', `/api/users/${user}`, tokens.admin, {
      payload: { ...profile('colleague@a.test'), roles: ['admin'], permissions: ['manage_events'] },
      headers: reason('Takes over as lab administrator'),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const linkChanges = (await entries({ recordType: 'user', recordId: String(user) }))
      .filter((entry) => entry.via === 'PUT /api/users/:id')
      .flatMap((entry) => (entry.changes as object[]).map((change) => ({ ...change, reason: entry.reason })));
    expect(linkChanges).toEqual(
      expect.arrayContaining([
        { field: 'roles', old: null, new: 'admin', reason: 'Takes over as lab administrator' },
        { field: 'permissions', old: 'manage_polls', new: null, reason: 'Takes over as lab administrator' },
      ]),
    );
    // manage_events was kept: neither taken nor given back.
    expect(linkChanges.filter((change) => JSON.stringify(change).includes('manage_events'))).toEqual([]);
  });
});

describe('sign-ins and exports', () => {
  it('records a sign-in, and a failed one with the address tried', async () => {
    await signIn(app, 'admin@a.test', 'pw-admin-a');
    const failed = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'admin@a.test', password: 'wrong' },
      headers: { [TIME_ZONE_HEADER]: 'Europe/Berlin' },
    });
    expect(failed.statusCode).toBe(401);
    const account = await entries({ recordType: 'account', recordId: String(adminId) });
    expect(account.some((entry) => entry.action === 'sign-in' && entry.actor_user_id === adminId)).toBe(true);
    expect(account.at(-1)).toMatchObject({
      action: 'sign-in-failed',
      actor_kind: 'anonymous',
      actor_email: 'admin@a.test',
      actor_time_zone: 'Europe/Berlin',
      lab_id: labA,
    });
  });

  it('records a personal link that does not sign in', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { invitation: 'a-link-never-issued' },
    });
    expect(response.statusCode).toBe(401);
    const failed = await test.db
      .selectFrom('audit_entries')
      .select(OPENED_AUDIT_COLUMNS)
      .where('action', '=', 'sign-in-failed')
      .where('record_type', '=', 'participant')
      .execute();
    expect(failed.at(-1)).toMatchObject({ actor_kind: 'anonymous', record_id: null });
    expect(failed.at(-1)?.changes).toEqual([{ field: 'method', old: null, new: 'invitation link' }]);
  });

  it('attributes what a sign-in changes (the language chosen) to the person signing in', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'admin@a.test', password: 'pw-admin-a', locale: 'de' },
    });
    expect(response.statusCode).toBe(200);
    const change = (await entries({ recordType: 'user', recordId: String(adminId) })).at(-1);
    expect(change).toMatchObject({ action: 'change', actor_kind: 'user', actor_user_id: adminId });
    expect(change?.changes).toEqual([{ field: 'locale', old: 'fr', new: 'de' }]);
  });

  it('exports the trail as CSV in the reader language and zone, and records the export', async () => {
    const response = await call(
      'GET',
      `/api/audit/export?format=csv&locale=fr&timeZone=${encodeURIComponent('Europe/Paris')}&recordType=group`,
      tokens.admin,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const [header, ...lines] = response.body.replace('\uFEFF', '').split('\r\n');
    expect(header).toBe(
      'Date (Europe/Paris);Date (UTC);Qui;E-mail;Rôles;Fuseau de la personne;Action;Élément;Identifiant;Champ;Ancienne valeur;Nouvelle valeur;Motif;Appel',
    );
    expect(lines.some((line) => line.includes('Doublon créé par erreur'))).toBe(true);
    const exports = await entries({ recordType: 'audit-trail' });
    expect(exports.at(-1)).toMatchObject({ action: 'export', actor_user_id: adminId, lab_id: labA });
  });
});

describe('reading the trail', () => {
  it("is a lab's own, searchable by who, and needs view audit", async () => {
    const own = await call('GET', '/api/audit?who=admin%40a.test&count=100', tokens.admin);
    expect(own.statusCode, own.body).toBe(200);
    const page = own.json();
    expect(page.total).toBeGreaterThan(0);
    expect(
      page.items.every((entry: { actor: { email: string } }) => entry.actor.email === 'admin@a.test'),
    ).toBe(true);

    const other = await call('GET', '/api/audit?count=100', tokens.adminB);
    expect(other.statusCode).toBe(200);
    const otherIds = new Set(other.json().items.map((entry: { id: number }) => entry.id));
    expect(page.items.some((entry: { id: number }) => otherIds.has(entry.id))).toBe(false);

    expect((await call('GET', '/api/audit', tokens.staff)).statusCode).toBe(403);
  });

  it('cannot be changed or deleted, admins included', async () => {
    await expect(sql`UPDATE audit_entries SET reason = 'rewritten'`.execute(test.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM audit_entries`.execute(test.db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_entries`.execute(test.db)).rejects.toThrow(/append-only/);
  });
});
