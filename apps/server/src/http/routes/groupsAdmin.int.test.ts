// The back office's groups over HTTP, on a real database: created (the spec's default colour), listed
// with their member count, edited (a list left out keeps what it holds), deleted one or several at once;
// a name or colour refused naming the field, and ids of another lab (or deleted documents, archived
// polls) refused naming the list; what the panel offers; another lab's groups as absent as unknown ones;
// who may call (manage users only).
import { DEFAULT_GROUP_COLOR, type Group, LAB_MODULES } from '@lablive/domain';
import {
  buildTestApp,
  type Call,
  caller,
  createEvent,
  createLab,
  createMedia,
  createTestDatabase,
  createUser,
  signIn,
  type TestDatabase,
} from '@lablive/testkit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../mail/mailer.ts';

let test: TestDatabase;
let app: FastifyInstance;
let call: Call;
let labA: number;
let labB: number;
const tokens = { manager: '', managerB: '', admin: '', plain: '', bareAdmin: '', guest: '' };
const ids = {
  usersA: [] as number[],
  userB: 0,
  mediaA: 0,
  mediaShared: 0,
  mediaB: 0,
  documentA: 0,
  deletedDocumentA: 0,
  documentB: 0,
  pollA: 0,
  archivedPollA: 0,
  pollB: 0,
};

async function insertDocument(labId: number, name: string, deleted = false): Promise<number> {
  const row = await test.db
    .insertInto('documents')
    .values({
      lab_id: labId,
      name,
      storage_key: `documents/${labId}/${name}.pdf`,
      ...(deleted ? { deleted_at: new Date() } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertPoll(labId: number, title: string, archived = false): Promise<number> {
  const row = await test.db
    .insertInto('polls')
    .values({
      lab_id: labId,
      title,
      question: `${title}?`,
      options: JSON.stringify(['Yes', 'No']),
      ...(archived ? { deleted_at: new Date() } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function created(body: object, token = tokens.manager): Promise<Group> {
  const response = await call('POST', '/api/groups', token, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
  });
  call = caller(app);
  labA = await createLab(test.db, 'Lab A', LAB_MODULES);
  labB = await createLab(test.db, 'Lab B', LAB_MODULES);
  const bareLab = await createLab(test.db, 'Lab without modules', []);
  await createUser(test.db, {
    labId: labA,
    email: 'people@a.test',
    password: 'pw-people',
    permissions: ['manage_users'],
  });
  await createUser(test.db, {
    labId: labB,
    email: 'people@b.test',
    password: 'pw-people-b',
    permissions: ['manage_users'],
  });
  await createUser(test.db, { labId: labA, email: 'admin@a.test', password: 'pw-admin', role: 'admin' });
  await createUser(test.db, {
    labId: labA,
    email: 'plain@a.test',
    password: 'pw-plain',
    permissions: ['manage_events', 'manage_documents', 'manage_polls'],
  });
  await createUser(test.db, { labId: bareLab, email: 'admin@bare.test', password: 'pw-bare', role: 'admin' });
  for (const name of ['ann', 'bob', 'cid']) {
    ids.usersA.push(await createUser(test.db, { labId: labA, email: `${name}@a.test`, password: 'pw' }));
  }
  ids.userB = await createUser(test.db, { labId: labB, email: 'dan@b.test', password: 'pw' });
  ids.mediaA = await createMedia(test.db, { labId: labA, name: 'Quiz A' });
  ids.mediaShared = await createMedia(test.db, { labId: null, name: 'Platform sample' });
  ids.mediaB = await createMedia(test.db, { labId: labB, name: 'Quiz B' });
  ids.documentA = await insertDocument(labA, 'Slides A');
  ids.deletedDocumentA = await insertDocument(labA, 'Old slides', true);
  ids.documentB = await insertDocument(labB, 'Slides B');
  ids.pollA = await insertPoll(labA, 'Poll A');
  ids.archivedPollA = await insertPoll(labA, 'Archived poll', true);
  ids.pollB = await insertPoll(labB, 'Poll B');
  tokens.manager = await signIn(app, 'people@a.test', 'pw-people');
  tokens.managerB = await signIn(app, 'people@b.test', 'pw-people-b');
  tokens.admin = await signIn(app, 'admin@a.test', 'pw-admin');
  tokens.plain = await signIn(app, 'plain@a.test', 'pw-plain');
  tokens.bareAdmin = await signIn(app, 'admin@bare.test', 'pw-bare');
  await createEvent(test.db, { labId: labA, slug: 'groups-public', isPublic: true });
  const guest = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: {
      firstName: 'G',
      lastName: 'Uest',
      email: 'g@x.org',
      eventSlug: 'groups-public',
      isPublic: true,
    },
  });
  tokens.guest = guest.json().token;
});

afterAll(async () => {
  await app.close();
  await test.drop();
});

describe('creating, listing and editing groups', () => {
  it('creates a group with the default colour and nothing in it, and lists it', async () => {
    const group = await created({ name: '  Cardiology  ' });
    expect(group).toMatchObject({
      lab_id: labA,
      name: 'Cardiology',
      color: DEFAULT_GROUP_COLOR,
      picture_url: null,
      users: [],
      medias: [],
      documents: [],
      polls: [],
      member_count: 0,
    });
    const list = await call('GET', '/api/groups', tokens.manager);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(group);
  });

  it('creates a group holding users, medias (the lab’s and the platform’s), documents and polls', async () => {
    const [ann = 0, bob = 0] = ids.usersA;
    const group = await created({
      name: 'Oncology',
      color: '#AA00FF',
      users: [bob, ann, bob],
      medias: [ids.mediaShared, ids.mediaA],
      documents: [ids.documentA],
      polls: [ids.pollA],
    });
    expect(group).toMatchObject({
      color: '#aa00ff',
      users: [ann, bob],
      medias: [ids.mediaA, ids.mediaShared].sort((a, b) => a - b),
      documents: [ids.documentA],
      polls: [ids.pollA],
      member_count: 2,
    });
    const listed = (await call('GET', `/api/groups?lab_id=${labA}`, tokens.manager)).json() as Group[];
    expect(listed.find((each) => each.id === group.id)).toEqual(group);
  });

  it('edits the name and colour, replaces the lists sent and keeps the others', async () => {
    const [ann = 0, bob = 0, cid = 0] = ids.usersA;
    const group = await created({
      name: 'Neurology',
      users: [ann],
      medias: [ids.mediaA],
      polls: [ids.pollA],
    });
    const edited = await call('PUT', `/api/groups/${group.id}`, tokens.manager, {
      name: 'Neurology team',
      color: '#00ff00',
      users: [bob, cid],
      medias: [],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      id: group.id,
      name: 'Neurology team',
      color: '#00ff00',
      users: [bob, cid],
      medias: [],
      polls: [ids.pollA],
      member_count: 2,
    });
    // The name alone: the rest as it was.
    const renamed = await call('PUT', `/api/groups/${group.id}`, tokens.manager, { name: 'Neuro' });
    expect(renamed.json()).toMatchObject({ name: 'Neuro', color: '#00ff00', users: [bob, cid] });
  });

  it('counts every member, however many (the badge caps the number it shows, not the count)', async () => {
    const many: number[] = [];
    for (let i = 0; i < 120; i++) {
      const row = await test.db
        .insertInto('users')
        .values({ lab_id: labA, email: `member${i}@a.test`, password_hash: null, job: null, address: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      many.push(row.id);
    }
    const group = await created({ name: 'Everyone', users: many });
    expect(group.member_count).toBe(120);
    await test.db.deleteFrom('groups').where('id', '=', group.id).execute();
    await test.db.deleteFrom('users').where('id', 'in', many).execute();
  });

  it('answers what a group may hold: the lab’s users, medias, documents and prepared polls', async () => {
    const response = await call('GET', '/api/groups/choices', tokens.manager);
    expect(response.statusCode).toBe(200);
    const choices = response.json();
    const idsOf = (list: { id: number }[]) => list.map((each) => each.id);
    expect(idsOf(choices.users)).toEqual(expect.arrayContaining(ids.usersA));
    expect(idsOf(choices.users)).not.toContain(ids.userB);
    expect(choices.users).toContainEqual({ id: ids.usersA[0], name: 'Test ann', email: 'ann@a.test' });
    expect(idsOf(choices.medias).sort()).toEqual([ids.mediaA, ids.mediaShared].sort());
    expect(choices.documents).toEqual([{ id: ids.documentA, name: 'Slides A' }]);
    expect(choices.polls).toEqual([{ id: ids.pollA, name: 'Poll A' }]);
  });
});

describe('validation', () => {
  it('refuses a missing or blank name and a colour that is not #rrggbb, naming the field', async () => {
    for (const body of [{}, { name: '   ' }]) {
      const response = await call('POST', '/api/groups', tokens.manager, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe('name: This field must be filled');
    }
    const group = await created({ name: 'Valid' });
    const blank = await call('PUT', `/api/groups/${group.id}`, tokens.manager, { name: '' });
    expect(blank.json().detail).toBe('name: This field must be filled');
    for (const color of ['blue', '#12345', '#1234567', '#gggggg']) {
      const response = await call('POST', '/api/groups', tokens.manager, { name: 'Colour', color });
      expect(response.statusCode, color).toBe(400);
      expect(response.json().errors[0].field).toBe('color');
    }
    const notIds = await call('POST', '/api/groups', tokens.manager, { name: 'Ids', users: ['1'] });
    expect(notIds.statusCode).toBe(400);
    expect(notIds.json().detail).toMatch(/^users\.0: /);
  });

  it('refuses ids of another lab, deleted documents and archived polls, naming the list, and keeps nothing', async () => {
    const before = await test.db.selectFrom('groups').select('id').execute();
    const refusals: [object, string][] = [
      [{ users: [ids.usersA[0], ids.userB] }, `users: no user ${ids.userB} in your lab.`],
      [{ medias: [ids.mediaB] }, `medias: no media ${ids.mediaB} in your lab.`],
      [{ documents: [ids.documentB] }, `documents: no document ${ids.documentB} in your lab.`],
      [{ documents: [ids.deletedDocumentA] }, `documents: no document ${ids.deletedDocumentA} in your lab.`],
      [{ polls: [ids.pollB] }, `polls: no prepared poll ${ids.pollB} in your lab.`],
      [{ polls: [ids.archivedPollA] }, `polls: no prepared poll ${ids.archivedPollA} in your lab.`],
      [{ users: [987654321] }, 'users: no user 987654321 in your lab.'],
    ];
    for (const [lists, detail] of refusals) {
      const response = await call('POST', '/api/groups', tokens.manager, { name: 'Mixed', ...lists });
      expect(response.statusCode, detail).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation', detail });
    }
    expect(await test.db.selectFrom('groups').select('id').execute()).toEqual(before);
    const group = await created({ name: 'Kept', users: [ids.usersA[0]] });
    const edit = await call('PUT', `/api/groups/${group.id}`, tokens.manager, {
      name: 'Changed',
      users: [ids.userB],
    });
    expect(edit.statusCode).toBe(400);
    const list = (await call('GET', '/api/groups', tokens.manager)).json() as Group[];
    expect(list.find((each) => each.id === group.id)).toMatchObject({ name: 'Kept', users: [ids.usersA[0]] });
  });
});

describe('deleting', () => {
  it('deletes one group (204, then 404) and several at once, counting only the lab’s own', async () => {
    const one = await created({ name: 'One', users: [ids.usersA[0]] });
    expect((await call('DELETE', `/api/groups/${one.id}`, tokens.manager)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/groups/${one.id}`, tokens.manager)).statusCode).toBe(404);
    expect((await call('PUT', `/api/groups/${one.id}`, tokens.manager, { name: 'Back' })).statusCode).toBe(
      404,
    );
    const links = await test.db
      .selectFrom('group_users')
      .selectAll()
      .where('group_id', '=', one.id)
      .execute();
    expect(links).toEqual([]);

    const two = await created({ name: 'Two' });
    const three = await created({ name: 'Three' });
    const ofB = await created({ name: 'Of B' }, tokens.managerB);
    const removed = await call('POST', '/api/groups/delete-multiple', tokens.manager, {
      ids: [two.id, three.id, ofB.id, 987654],
    });
    expect(removed.json()).toEqual({ removed: 2 });
    const left = ((await call('GET', '/api/groups', tokens.manager)).json() as Group[]).map((g) => g.id);
    expect(left).not.toContain(two.id);
    expect(left).not.toContain(three.id);
    const listB = ((await call('GET', '/api/groups', tokens.managerB)).json() as Group[]).map((g) => g.id);
    expect(listB).toContain(ofB.id);
  });

  it('takes a deleted document or archived poll out of the groups that held it', async () => {
    const documentId = await insertDocument(labA, 'Soon deleted');
    const group = await created({ name: 'With a document', documents: [documentId, ids.documentA] });
    await test.db
      .updateTable('documents')
      .set({ deleted_at: new Date() })
      .where('id', '=', documentId)
      .execute();
    const list = (await call('GET', '/api/groups', tokens.manager)).json() as Group[];
    expect(list.find((each) => each.id === group.id)?.documents).toEqual([ids.documentA]);
  });
});

describe('lab isolation and access', () => {
  it("answers another lab's group as unknown on every call, and another lab's id in ?lab_id= as 404", async () => {
    const secret = await created({ name: 'Secret of A', users: [ids.usersA[0]] });
    const b = tokens.managerB;
    const listB = (await call('GET', '/api/groups', b)).json() as Group[];
    expect(listB.map((group) => group.id)).not.toContain(secret.id);
    expect(listB.every((group) => group.lab_id === labB)).toBe(true);
    expect((await call('PUT', `/api/groups/${secret.id}`, b, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/groups/${secret.id}`, b)).statusCode).toBe(404);
    const other = await call('GET', `/api/groups?lab_id=${labA}`, b);
    expect(other.statusCode).toBe(404);
    expect(other.json().detail).toBe(`No lab ${labA}.`);
    expect((await call('GET', `/api/groups?lab_id=${labB}`, b)).statusCode).toBe(200);
    // B's choices hold none of A's rows.
    const choices = (await call('GET', '/api/groups/choices', b)).json();
    expect(choices.users.map((user: { id: number }) => user.id)).toContain(ids.userB);
    expect(choices.users.map((user: { id: number }) => user.id)).not.toContain(ids.usersA[0]);
    expect(choices.documents).toEqual([{ id: ids.documentB, name: 'Slides B' }]);
    expect(
      await test.db.selectFrom('groups').select('name').where('id', '=', secret.id).executeTakeFirst(),
    ).toEqual({
      name: 'Secret of A',
    });
  });

  it('lets who manages users in (admins hold every permission), and no one else', async () => {
    const group = await created({ name: 'Matrix' });
    const calls: Array<[method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object]> = [
      ['GET', '/api/groups'],
      ['GET', '/api/groups/choices'],
      ['POST', '/api/groups', { name: 'New' }],
      ['PUT', `/api/groups/${group.id}`, { name: 'Renamed' }],
      ['POST', '/api/groups/delete-multiple', { ids: [987654] }],
      ['DELETE', '/api/groups/987654'],
    ];
    const who = {
      admin: { token: tokens.admin, status: 'pass' },
      // Groups need no module: an admin of a lab without any manages them.
      bareAdmin: { token: tokens.bareAdmin, status: 'pass' },
      plain: { token: tokens.plain, status: 403, code: 'forbidden' },
      guest: { token: tokens.guest, status: 403, code: 'forbidden' },
      anonymous: { token: 'not-a-token', status: 401 },
    } as const;
    for (const [name, each] of Object.entries(who)) {
      for (const [method, url, payload] of calls) {
        const response = await call(method, url, each.token, payload);
        const what = `${name}: ${method} ${url} → ${response.statusCode} ${response.body}`;
        if (each.status === 'pass') expect([401, 403], what).not.toContain(response.statusCode);
        else {
          expect(response.statusCode, what).toBe(each.status);
          if ('code' in each) expect(response.json().code, what).toBe(each.code);
        }
      }
    }
  });
});
