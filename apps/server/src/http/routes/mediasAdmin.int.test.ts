// The lab's presentation medias over HTTP, on a real database and files on disk, with the demo data of
// `npm start` as lab A: a media with a page address (https, or http on localhost only; in production
// no loopback or private network, however written); a build uploaded as a zip made here (the example
// build, its Build/ asset brotli-compressed) extracted into a version folder and served at
// /media-builds/ with its types, Content-Encoding br, nosniff and the sandboxing policy, then loaded by
// the room's stage; a new upload swapped in and the old version gone; the zips refused (`../evil.html`,
// a symlink, an absolute path, a backslash, too many entries, a zip bomb, entries that overlap, a local
// header that disagrees, no index.html, not a zip, too big) leaving nothing behind; thumbnails; delete
// refused, archived or done; another lab's medias as absent as unknown ones; the permission matrix; the
// demo quiz still listed.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, crc32, deflateSync } from 'node:zlib';
import type { AdminMedia } from '@lablive/domain';
import {
  buildTestApp,
  type Call,
  caller,
  createLab,
  createMedia,
  createTestDatabase,
  createUser,
  EXAMPLE_MEDIA_BUILD_DIR,
  exampleMediaBuildZip,
  overlappingZipArchive,
  signIn,
  type TestDatabase,
  ZIP_MODES,
  type ZipEntryInput,
  zipArchive,
} from '@lablive/testkit';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../mail/mailer.ts';
import { DEMO_PASSWORD, seedDemoData } from '../../seed/demoData.ts';

const LIMITS = { maxBytes: 256 * 1024, maxEntries: 20, maxUnpackedBytes: 512 * 1024 };

let test: TestDatabase;
let app: FastifyInstance;
let call: Call;
let filesDir: string;
let labA: number;
let labB: number;
let demoEventId: number;
let demoRoomId: number;
let sharedMediaId: number;
const tokens = { admin: '', animator: '', user: '', managerB: '', guest: '' };

// --- Calls -------------------------------------------------------------------------------------------

async function multipart(
  file: { bytes: Uint8Array; name: string; type?: string },
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
  const request = new Request('http://lablive.test/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

async function uploadTo(
  method: 'POST' | 'PUT',
  url: string,
  bytes: Uint8Array,
  token = tokens.admin,
  name = 'build.zip',
): Promise<LightMyRequestResponse> {
  const body = await multipart({ bytes, name });
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
}

const uploadBuild = (id: number, zip: Uint8Array, token = tokens.admin) =>
  uploadTo('POST', `/api/medias/${id}/build`, zip, token);

async function created(body: object, token = tokens.admin): Promise<AdminMedia> {
  const response = await call('POST', '/api/medias', token, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const buildMedia = (slug: string) => created({ name: `Game ${slug}`, slug, kind: 'build' });

const served = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

/** Every file under the store, relative to it. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(filesDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(filesDir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** The version folders of a media's builds on disk. */
async function versionsOnDisk(id: number): Promise<string[]> {
  const dir = path.join(filesDir, 'medias', String(labA), String(id));
  return existsSync(dir) ? (await readdir(dir)).sort() : [];
}

function pngBytes(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.from([0, 255, 0, 0, 255, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat([row, row]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const INDEX = '<!doctype html><title>Game</title>';

beforeAll(async () => {
  test = await createTestDatabase();
  const root = await mkdtemp(path.join(tmpdir(), 'lablive-medias-'));
  filesDir = path.join(root, 'files');
  await mkdir(filesDir, { recursive: true });
  // The demo data first (it is only made in an empty database): lab A is the demo lab.
  const seeded = await seedDemoData(test.db, { filesDir, now: new Date() });
  if (!seeded.created) throw new Error(seeded.reason);
  demoEventId = seeded.eventId;
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
    filesDir,
    mediaBuildLimits: LIMITS,
  });
  call = caller(app);
  const demoLab = await test.db.selectFrom('labs').select('id').executeTakeFirstOrThrow();
  labA = demoLab.id;
  labB = await createLab(test.db, 'Lab B', []);
  demoRoomId = (
    await test.db
      .selectFrom('rooms')
      .select('id')
      .where('event_id', '=', demoEventId)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  sharedMediaId = await createMedia(test.db, { labId: null, name: 'Platform tour' });
  await createUser(test.db, {
    labId: labB,
    email: 'manager@b.test',
    password: 'pw-manager-b',
    permissions: ['manage_events'],
  });
  tokens.admin = await signIn(app, 'admin@lablive.test', DEMO_PASSWORD);
  tokens.animator = await signIn(app, 'animator@lablive.test', DEMO_PASSWORD);
  tokens.user = await signIn(app, 'user@lablive.test', DEMO_PASSWORD);
  tokens.managerB = await signIn(app, 'manager@b.test', 'pw-manager-b');
  const slug = (await test.db.selectFrom('events').select('slug').executeTakeFirstOrThrow()).slug;
  const guest = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { firstName: 'Gina', lastName: 'Guest', email: 'gina@x.org', eventSlug: slug, isPublic: true },
  });
  tokens.guest = guest.json().token;
});

afterAll(async () => {
  await app.close();
  await test.drop();
});

describe('the demo data', () => {
  it('still lists the built-in sample quiz (slug demo) as the demo media, a page needing no address', async () => {
    const list = await call('GET', '/api/medias', tokens.admin);
    expect(list.statusCode).toBe(200);
    const demo = (list.json() as AdminMedia[]).find((media) => media.slug === 'demo');
    expect(demo).toMatchObject({
      name: 'Demo quiz',
      kind: 'page',
      page_url: null,
      build: null,
      lab_id: labA,
    });
    const renamed = await call('PUT', `/api/medias/${demo?.id}`, tokens.admin, { name: 'Sample quiz' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Sample quiz', slug: 'demo', page_url: null });
    // The room still gets it by its slug, so the stage shows the built-in quiz.
    const room = await call('GET', `/api/rooms/${demoRoomId}`, tokens.admin);
    expect(room.statusCode, room.body).toBe(200);
    expect(room.json().medias).toEqual([expect.objectContaining({ slug: 'demo', build_path: null })]);
  });
});

describe('a media with a page address', () => {
  it('is created with its canvas, listed (with the summary the event form reads) and read', async () => {
    const media = await created({
      name: 'Janssen quiz',
      slug: 'janssen-quiz',
      kind: 'page',
      page_url: 'https://quiz.agency.example/janssen/',
      canvas_width: 1280,
      canvas_height: 720,
    });
    expect(media).toMatchObject({
      name: 'Janssen quiz',
      slug: 'janssen-quiz',
      kind: 'page',
      page_url: 'https://quiz.agency.example/janssen/',
      build_path: 'https://quiz.agency.example/janssen/',
      build: null,
      canvas_width: 1280,
      canvas_height: 720,
      full_canvas: false,
      thumbnail_url: null,
      lab_id: labA,
    });
    const list = (await call('GET', '/api/medias', tokens.admin)).json() as AdminMedia[];
    expect(list.map((item) => item.id)).toContain(media.id);
    expect(list.find((item) => item.id === media.id)).toEqual(media);
    expect((await call('GET', `/api/medias/${media.id}`, tokens.admin)).json()).toEqual(media);
    // The spec's default canvas (960 × 600) when none is given.
    const plain = await created({
      name: 'Tour',
      slug: 'tour',
      kind: 'page',
      page_url: 'https://tour.example/',
    });
    expect(plain).toMatchObject({ canvas_width: 960, canvas_height: 600, full_canvas: false });
  });

  it('takes https, and http only on localhost (an agency developing); refuses the rest naming the field', async () => {
    const local = await created({
      name: 'Dev build',
      slug: 'dev-build',
      kind: 'page',
      page_url: 'http://localhost:5173/game/',
      full_canvas: true,
    });
    expect(local).toMatchObject({ page_url: 'http://localhost:5173/game/', full_canvas: true });
    for (const page_url of [
      'http://quiz.agency.example/',
      'javascript:alert(1)',
      'ftp://files.example/game',
      'https://user:secret@quiz.example/',
      'not an address',
    ]) {
      const refused = await call('POST', '/api/medias', tokens.admin, {
        name: 'Quiz',
        slug: 'quiz-x',
        kind: 'page',
        page_url,
      });
      expect(refused.statusCode, page_url).toBe(400);
      expect(refused.json().errors[0].field, page_url).toBe('page_url');
    }
    const noAddress = await call('POST', '/api/medias', tokens.admin, {
      name: 'Quiz',
      slug: 'quiz-y',
      kind: 'page',
    });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().detail).toBe('page_url: This field must be filled');
  });

  it('checks the name and the slug, unique within the lab', async () => {
    for (const slug of ['Quiz', 'quiz_1', '-quiz', 'quiz-', 'quiz--1', 'quïz', '']) {
      const refused = await call('POST', '/api/medias', tokens.admin, {
        name: 'Quiz',
        slug,
        kind: 'page',
        page_url: 'https://q.example/',
      });
      expect(refused.statusCode, slug).toBe(400);
      expect(refused.json().errors[0].field, slug).toBe('slug');
    }
    const blank = await call('POST', '/api/medias', tokens.admin, {
      name: '  ',
      slug: 'blank',
      kind: 'page',
      page_url: 'https://q.example/',
    });
    expect(blank.json().detail).toBe('name: This field must be filled');
    const taken = await call('POST', '/api/medias', tokens.admin, {
      name: 'Another',
      slug: 'janssen-quiz',
      kind: 'page',
      page_url: 'https://q.example/',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toContain('slug');
    // Another lab may use the same slug.
    await created(
      { name: 'Their quiz', slug: 'janssen-quiz', kind: 'page', page_url: 'https://q.example/' },
      tokens.managerB,
    );
  });

  it('is changed field by field (the name alone), the rule across fields checked on the result', async () => {
    const media = await created({
      name: 'Slides',
      slug: 'slides',
      kind: 'page',
      page_url: 'https://s.example/',
    });
    const renamed = await call('PUT', `/api/medias/${media.id}`, tokens.admin, { name: 'Slides v2' });
    expect(renamed.json()).toMatchObject({ name: 'Slides v2', page_url: 'https://s.example/' });
    const moved = await call('PUT', `/api/medias/${media.id}`, tokens.admin, {
      page_url: 'https://s2.example/',
      canvas_width: 1024,
    });
    expect(moved.json()).toMatchObject({
      page_url: 'https://s2.example/',
      build_path: 'https://s2.example/',
      canvas_width: 1024,
    });
    const cleared = await call('PUT', `/api/medias/${media.id}`, tokens.admin, { page_url: '' });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().detail).toBe('page_url: This field must be filled');
    const empty = await call('PUT', `/api/medias/${media.id}`, tokens.admin, {});
    expect(empty.statusCode).toBe(400);
    const tooSmall = await call('PUT', `/api/medias/${media.id}`, tokens.admin, { canvas_height: 20 });
    expect(tooSmall.json().errors[0].field).toBe('canvas_height');
  });
});

describe('a page address outside development', () => {
  let production: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    production = await buildTestApp(test, {
      mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
      filesDir,
      nodeEnv: 'production',
    });
    token = await signIn(production, 'admin@lablive.test', DEMO_PASSWORD);
  });
  afterAll(() => production.close());

  const create = (page_url: string, slug: string) =>
    caller(production)('POST', '/api/medias', token, { name: 'Page', slug, kind: 'page', page_url });

  it('refuses this machine and private networks however they are written, naming the field', async () => {
    const refused = [
      'http://127.0.0.1:5173/game/',
      'http://localhost:5173/game/',
      'http://[::1]:8080/',
      'https://localhost/',
      'https://game.localhost/',
      'https://127.0.0.2/',
      'https://2130706433/',
      'https://0x7f.1/',
      'https://0177.0.0.1/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:192.168.0.1]/',
      'https://0.0.0.0/',
      'https://10.1.2.3/',
      'https://172.16.0.1/',
      'https://172.31.255.254/',
      'https://192.168.1.20/',
      'https://169.254.169.254/latest/meta-data/',
      'https://[fe80::1]/',
      'https://[fd12:3456::1]/',
    ];
    for (const [index, page_url] of refused.entries()) {
      const response = await create(page_url, `refused-${index}`);
      expect(response.statusCode, page_url).toBe(400);
      expect(response.json().detail, page_url).toMatch(
        /^page_url: must be a public address: \S+ is a loopback, private or link-local address/,
      );
    }
    // Other schemes are refused by the schema, as in development.
    for (const page_url of ['ftp://files.example/game', 'javascript:alert(1)', 'file:///etc/passwd']) {
      const response = await create(page_url, 'scheme');
      expect(response.statusCode, page_url).toBe(400);
      expect(response.json().errors[0].field, page_url).toBe('page_url');
    }
    const decimal = await create('https://2130706433/', 'decimal');
    expect(decimal.json().detail).toContain('127.0.0.1 is a loopback, private or link-local address');
  });

  it('takes public addresses, and checks a change on its result', async () => {
    const ok = await create('https://quiz.agency.example/cardio/', 'public-page');
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await create('https://172.32.0.1/', 'public-ip')).statusCode).toBe(201);
    const id = ok.json().id as number;
    const moved = await caller(production)('PUT', `/api/medias/${id}`, token, {
      page_url: 'https://192.168.0.10/cardio/',
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().detail).toMatch(/^page_url: must be a public address: 192\.168\.0\.10 /);
    // An address stored before the check (or in development) is refused at the next change.
    await test.db
      .updateTable('medias')
      .set({ build_path: 'http://127.0.0.1:5173/' })
      .where('id', '=', id)
      .execute();
    const renamed = await caller(production)('PUT', `/api/medias/${id}`, token, { name: 'Renamed' });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().detail).toMatch(/^page_url: must be a public address: 127\.0\.0\.1 /);
    const fixed = await caller(production)('PUT', `/api/medias/${id}`, token, {
      name: 'Renamed',
      page_url: 'https://quiz.agency.example/cardio/',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
  });

  it('in development takes this machine (an agency serving its build locally), never a private network', async () => {
    const local = await created({
      name: 'Local',
      slug: 'local-dev',
      kind: 'page',
      page_url: 'http://127.0.0.1:5173/',
    });
    expect(local.page_url).toBe('http://127.0.0.1:5173/');
    for (const page_url of ['https://10.0.0.8/', 'https://169.254.169.254/', 'https://[fd00::1]/']) {
      const refused = await call('POST', '/api/medias', tokens.admin, {
        name: 'LAN',
        slug: 'lan',
        kind: 'page',
        page_url,
      });
      expect(refused.statusCode, page_url).toBe(400);
      expect(refused.json().detail, page_url).toMatch(/^page_url: must be a public address/);
    }
  });
});

describe('an uploaded build', () => {
  it('is extracted into a version folder and served with its types, its encoding and the sandbox', async () => {
    const media = await buildMedia('example');
    expect(media).toMatchObject({ kind: 'build', build: null, build_path: null });
    const response = await uploadBuild(media.id, await exampleMediaBuildZip());
    expect(response.statusCode, response.body).toBe(200);
    const uploaded = response.json() as AdminMedia;
    const version = uploaded.build?.version ?? '';
    expect(version).toMatch(/^[0-9a-f]{32}$/);
    expect(uploaded).toMatchObject({
      kind: 'build',
      build_path: `/media-builds/${media.id}/${version}/index.html`,
      build: {
        url: `/media-builds/${media.id}/${version}/index.html`,
        file_count: 4,
        compression: 'br',
      },
    });
    expect(await versionsOnDisk(media.id)).toEqual([version]);
    const folder = `medias/${labA}/${media.id}/${version}`;
    expect((await storedFiles()).filter((file) => file.startsWith(folder))).toEqual(
      ['Build/scenes.json.br', 'app.js', 'index.html', 'style.css'].map((file) => `${folder}/${file}`),
    );
    expect((await storedFiles()).filter((file) => file.startsWith('.incoming'))).toEqual([]);

    const base = `/media-builds/${media.id}/${version}`;
    const page = await served(`${base}/index.html`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toMatch(/^sandbox allow-scripts allow-forms allow-popups allow-pointer-lock;/);
    expect(policy).not.toContain('allow-same-origin');
    expect(policy).toContain("frame-ancestors 'self'");
    expect(page.body).toBe(await readFile(path.join(EXAMPLE_MEDIA_BUILD_DIR, 'index.html'), 'utf8'));
    // A folder is its index.html.
    expect((await served(`${base}/`)).body).toBe(page.body);
    const script = await served(`${base}/app.js`);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await served(`${base}/style.css`)).headers['content-type']).toBe('text/css; charset=utf-8');

    // The Brotli asset: sent as stored with Content-Encoding br and the type of the file inside...
    const original = await readFile(path.join(EXAMPLE_MEDIA_BUILD_DIR, 'Build/scenes.json'));
    const asset = await served(`${base}/Build/scenes.json.br`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['content-type']).toBe('application/json');
    expect(asset.headers.vary).toBe('accept-encoding');
    expect(asset.headers['access-control-allow-origin']).toBe('*');
    expect(brotliDecompressSync(asset.rawPayload)).toEqual(original);
    // ...or decoded here for a client that does not take br.
    const decoded = await served(`${base}/Build/scenes.json.br`, { 'accept-encoding': 'gzip' });
    expect(decoded.headers['content-encoding']).toBeUndefined();
    expect(decoded.rawPayload).toEqual(original);

    // Nothing outside the build, no other version, no other media.
    for (const url of [
      `${base}/missing.js`,
      `${base}/Build%2Fscenes.json.br`,
      `${base}/..%5Cindex.html`,
      `/media-builds/${media.id}/${'0'.repeat(32)}/index.html`,
      `/media-builds/${media.id + 1000}/${version}/index.html`,
      `/media-builds/${media.id}/not-a-version/index.html`,
    ]) {
      const missing = await served(url);
      expect(missing.statusCode, url).toBe(404);
    }

    // The room's stage loads it: the event's media carries the served address.
    await test.db
      .insertInto('event_medias')
      .values({ event_id: demoEventId, media_id: media.id, position: -1 })
      .execute();
    try {
      const room = await call('GET', `/api/rooms/${demoRoomId}`, tokens.admin);
      expect(room.json().medias[0]).toMatchObject({
        id: media.id,
        build_path: `/media-builds/${media.id}/${version}/index.html`,
        build_compression: 'br',
      });
    } finally {
      await test.db.deleteFrom('event_medias').where('media_id', '=', media.id).execute();
    }
  });

  it('is replaced by a new upload (in one top folder): the new version is swapped in, the old removed', async () => {
    const media = await buildMedia('replaced');
    const first = (await uploadBuild(media.id, await exampleMediaBuildZip())).json() as AdminMedia;
    const second = await uploadBuild(media.id, await exampleMediaBuildZip({ topFolder: 'WebGL Build' }));
    expect(second.statusCode, second.body).toBe(200);
    const next = second.json() as AdminMedia;
    expect(next.build?.version).not.toBe(first.build?.version);
    expect(await versionsOnDisk(media.id)).toEqual([next.build?.version]);
    expect((await served(first.build?.url ?? '')).statusCode).toBe(404);
    // The top folder is dropped: the build's index.html is at its root.
    expect((await served(next.build?.url ?? '')).statusCode).toBe(200);
    // Turned into a page, it loses its build.
    const page = await call('PUT', `/api/medias/${media.id}`, tokens.admin, {
      kind: 'page',
      page_url: 'https://agency.example/game/',
    });
    expect(page.json()).toMatchObject({
      kind: 'page',
      build: null,
      build_path: 'https://agency.example/game/',
    });
    expect(await versionsOnDisk(media.id)).toEqual([]);
  });

  it('refuses unsafe or broken zips, naming the entry, and leaves nothing behind', async () => {
    const media = await buildMedia('refusals');
    const good = (await uploadBuild(media.id, await exampleMediaBuildZip())).json() as AdminMedia;
    const before = await storedFiles();
    const withIndex = (extra: ZipEntryInput[]) => zipArchive([{ name: 'index.html', data: INDEX }, ...extra]);
    const cases: Array<{ what: string; zip: Buffer; status: number; detail: RegExp }> = [
      {
        what: '../evil.html',
        zip: withIndex([{ name: '../evil.html', data: '<script>steal()</script>' }]),
        status: 400,
        detail: /^file: \.\.\/evil\.html leaves the build/,
      },
      {
        what: 'a .. inside a path',
        zip: withIndex([{ name: 'Build/../../evil.html', data: 'x' }]),
        status: 400,
        detail: /leaves the build/,
      },
      {
        what: 'a symlink',
        zip: withIndex([{ name: 'Build/passwd', data: '/etc/passwd', mode: ZIP_MODES.symlink }]),
        status: 400,
        detail: /^file: Build\/passwd is a symbolic link/,
      },
      {
        what: 'an absolute path',
        zip: withIndex([{ name: '/etc/cron.d/evil', data: 'x' }]),
        status: 400,
        detail: /is an absolute path/,
      },
      {
        what: 'a drive letter',
        zip: withIndex([{ name: 'C:/evil.html', data: 'x' }]),
        status: 400,
        detail: /is an absolute path/,
      },
      {
        what: 'a backslash',
        zip: withIndex([{ name: '..\\evil.html', data: 'x' }]),
        status: 400,
        detail: /uses a backslash/,
      },
      {
        what: 'a device file',
        zip: withIndex([{ name: 'fifo', data: '', mode: 0o010644 }]),
        status: 400,
        detail: /is not a regular file/,
      },
      {
        what: 'too many entries',
        zip: withIndex(
          Array.from({ length: LIMITS.maxEntries }, (_, i) => ({ name: `f${i}.txt`, data: 'x' })),
        ),
        status: 413,
        detail: /holds 21 entries; a build may hold at most 20/,
      },
      {
        what: 'a zip bomb (small zip, large once extracted)',
        zip: withIndex([{ name: 'Build/zeros.data', data: Buffer.alloc(LIMITS.maxUnpackedBytes) }]),
        status: 413,
        detail: /holds more than 512 KB once extracted/,
      },
      {
        what: 'no index.html',
        zip: zipArchive([
          { name: 'game/main.html', data: INDEX },
          { name: 'game.js', data: '' },
        ]),
        status: 400,
        detail: /holds no index\.html at its root or in its one top folder/,
      },
      {
        what: 'an index.html under two top folders',
        zip: zipArchive([
          { name: 'a/index.html', data: INDEX },
          { name: 'b/index.html', data: INDEX },
        ]),
        status: 400,
        detail: /holds no index\.html/,
      },
      { what: 'a PNG', zip: pngBytes(), status: 415, detail: /^file: is not a zip archive/ },
      {
        what: 'a truncated zip',
        zip: (await exampleMediaBuildZip()).subarray(0, 200),
        status: 400,
        detail: /is not a readable zip archive/,
      },
      { what: 'an empty file', zip: Buffer.alloc(0), status: 400, detail: /^file: is empty/ },
      {
        what: 'a zip over the size limit',
        zip: withIndex([{ name: 'big.bin', data: Buffer.alloc(LIMITS.maxBytes, 7), method: 'store' }]),
        status: 413,
        detail: /larger than the limit of 256 KB/,
      },
    ];
    for (const { what, zip, status, detail } of cases) {
      const response = await uploadBuild(media.id, zip);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(status);
      expect(response.json().detail, what).toMatch(detail);
      expect(await storedFiles(), what).toEqual(before);
    }
    // The media keeps the build it had.
    expect((await call('GET', `/api/medias/${media.id}`, tokens.admin)).json()).toEqual(good);
    expect((await served(good.build?.url ?? '')).statusCode).toBe(200);
    // macOS's extra folder and files are left out, not refused.
    const mac = await uploadBuild(
      media.id,
      zipArchive([
        { name: 'Game/', mode: ZIP_MODES.directory },
        { name: 'Game/index.html', data: INDEX },
        { name: 'Game/.DS_Store', data: 'x' },
        { name: '__MACOSX/Game/._index.html', data: 'x' },
      ]),
    );
    expect(mac.statusCode, mac.body).toBe(200);
    expect(mac.json().build.file_count).toBe(1);
  });

  it('refuses a zip whose entries overlap or whose local headers disagree with its directory, writing nothing', async () => {
    const media = await buildMedia('overlaps');
    const before = await storedFiles();
    // 16 KB of zeros deflate to a few dozen bytes; listed 19 times it would unpack to 304 KB.
    const bomb = overlappingZipArchive(
      [
        { name: 'index.html', data: INDEX },
        { name: 'Build/data.bin', data: Buffer.alloc(16 * 1024) },
      ],
      LIMITS.maxEntries - 2,
      (index) => `Build/copy-${index}.bin`,
    );
    expect(bomb.length).toBeLessThan(2048);
    // A block that holds the next entry: the first entry's sizes, in both of its headers, cover the second.
    const quoted = zipArchive([
      { name: 'index.html', data: INDEX, method: 'store' },
      { name: 'Build/a.js', data: 'let a = 1;', method: 'store' },
    ]);
    const spanning = INDEX.length + 30 + 'Build/a.js'.length + 'let a = 1;'.length;
    const directory = quoted.readUInt32LE(quoted.length - 6);
    for (const at of [18, 22, directory + 20, directory + 24]) quoted.writeUInt32LE(spanning, at);
    // A directory naming an entry otherwise than its local header does.
    const renamed = zipArchive([
      { name: 'index.html', data: INDEX },
      { name: 'Build/a.js', data: 'let a = 1;' },
    ]);
    renamed.write('Build/b.js', renamed.lastIndexOf('Build/a.js'));
    const cases: Array<{ what: string; zip: Buffer; detail: RegExp }> = [
      {
        what: 'entries listing the same bytes',
        zip: bomb,
        detail:
          /^file: Build\/data\.bin and Build\/copy-\d+\.bin overlap in the zip \(entries sharing the same bytes\)/,
      },
      {
        what: 'an entry holding the next one',
        zip: quoted,
        detail: /^file: index\.html and Build\/a\.js overlap in the zip/,
      },
      {
        what: 'a local header naming another file',
        zip: renamed,
        detail: /^file: Build\/b\.js: its name in its local header differs from the zip's directory/,
      },
    ];
    for (const { what, zip, detail } of cases) {
      const response = await uploadBuild(media.id, zip);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
      expect(response.json().detail, what).toMatch(detail);
      expect(await storedFiles(), what).toEqual(before);
    }
    expect((await call('GET', `/api/medias/${media.id}`, tokens.admin)).json().build).toBeNull();
  });

  it('answers 415 for a body that is not multipart, and 400 without a file', async () => {
    const media = await buildMedia('no-file');
    const json = await call('POST', `/api/medias/${media.id}/build`, tokens.admin, { file: 'x' });
    expect(json.statusCode).toBe(415);
    const form = new FormData();
    form.append('name', 'x');
    const request = new Request('http://lablive.test/', { method: 'POST', body: form });
    const noFile = await app.inject({
      method: 'POST',
      url: `/api/medias/${media.id}/build`,
      headers: {
        authorization: `Bearer ${tokens.admin}`,
        'content-type': request.headers.get('content-type') ?? '',
      },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().detail).toBe('file: This field must be filled');
  });
});

describe('a new build media sent with its zip (POST medias/with-build)', () => {
  async function createWithBuild(media: object | string, zip: Uint8Array) {
    const body = await multipart(
      { bytes: zip, name: 'build.zip' },
      { media: typeof media === 'string' ? media : JSON.stringify(media) },
    );
    return app.inject({
      method: 'POST',
      url: '/api/medias/with-build',
      headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': body.contentType },
      payload: body.payload,
    });
  }
  const slugs = async () =>
    (await test.db.selectFrom('medias').select('slug').execute()).map((row) => row.slug);

  it('is created with its build in one call', async () => {
    const response = await createWithBuild(
      { name: 'Game together', slug: 'together', kind: 'build' },
      await exampleMediaBuildZip(),
    );
    expect(response.statusCode, response.body).toBe(201);
    const media = response.json() as AdminMedia;
    expect(media).toMatchObject({ slug: 'together', kind: 'build' });
    expect(await versionsOnDisk(media.id)).toEqual([media.build?.version]);
    expect((await served(media.build?.url ?? '')).statusCode).toBe(200);
  });

  it('leaves no half-created media nor files when its zip or its fields are refused, naming the field', async () => {
    const before = await storedFiles();
    const mediasBefore = await slugs();
    const fields = { name: 'Game refused', slug: 'refused-new', kind: 'build' };
    const cases = [
      {
        what: 'unsafe zip',
        media: fields,
        zip: zipArchive([
          { name: 'index.html', data: INDEX },
          { name: '../evil.html', data: 'x' },
        ]),
        status: 400,
        detail: /^file: \.\.\/evil\.html/,
      },
      {
        what: 'no index',
        media: fields,
        zip: zipArchive([{ name: 'readme.txt', data: 'x' }]),
        status: 400,
        detail: /^file: /,
      },
      {
        what: 'not a zip',
        media: fields,
        zip: new TextEncoder().encode('hello'),
        status: 415,
        detail: /^file: /,
      },
      {
        what: 'a page',
        media: { ...fields, kind: 'page', page_url: 'https://agency.example/' },
        zip: await exampleMediaBuildZip(),
        status: 400,
        detail: /^kind: /,
      },
      {
        what: 'no name',
        media: { ...fields, name: ' ' },
        zip: await exampleMediaBuildZip(),
        status: 400,
        detail: /^name: /,
      },
      {
        what: 'not JSON',
        media: '{name',
        zip: await exampleMediaBuildZip(),
        status: 400,
        detail: /^media: /,
      },
    ];
    for (const { what, media, zip, status, detail } of cases) {
      const response = await createWithBuild(media, zip);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(status);
      expect(response.json().detail, what).toMatch(detail);
      expect(await slugs(), what).toEqual(mediasBefore);
      expect(await storedFiles(), what).toEqual(before);
    }
    // The same fields with a good zip are taken: the slug was not left taken by a refused attempt.
    const again = await createWithBuild(fields, await exampleMediaBuildZip());
    expect(again.statusCode, again.body).toBe(201);
  });
});

describe('a thumbnail', () => {
  it('is an image told by its bytes, replaced and removed', async () => {
    const media = await created({
      name: 'Pictured',
      slug: 'pictured',
      kind: 'page',
      page_url: 'https://p.example/',
    });
    const first = await uploadTo(
      'PUT',
      `/api/medias/${media.id}/thumbnail`,
      pngBytes(),
      tokens.admin,
      'thumb.jpg',
    );
    expect(first.statusCode, first.body).toBe(200);
    const url = first.json().thumbnail_url as string;
    expect(url).toMatch(/^\/api\/images\/[A-Za-z0-9_-]{32}\.png$/);
    const image = await served(url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const pdf = await uploadTo('PUT', `/api/medias/${media.id}/thumbnail`, Buffer.from('%PDF-1.4\n%%EOF\n'));
    expect(pdf.statusCode).toBe(415);
    const second = await uploadTo('PUT', `/api/medias/${media.id}/thumbnail`, pngBytes());
    expect(second.json().thumbnail_url).not.toBe(url);
    expect((await served(url)).statusCode).toBe(404);
    const removed = await call('DELETE', `/api/medias/${media.id}/thumbnail`, tokens.admin);
    expect(removed.json().thumbnail_url).toBeNull();
    expect((await served(second.json().thumbnail_url)).statusCode).toBe(404);
  });
});

describe('DELETE /api/medias/{id}', () => {
  it('refuses a media an open event shows, naming the event', async () => {
    const demo = ((await call('GET', '/api/medias', tokens.admin)).json() as AdminMedia[]).find(
      (media) => media.slug === 'demo',
    );
    const refused = await call('DELETE', `/api/medias/${demo?.id}`, tokens.admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      `This media is the presentation media of the event "LabLive demo session" (${demoEventId}): choose another media for it first.`,
    );
  });

  it('archives a media only closed events showed: they keep it, the lists and the event form do not', async () => {
    const media = await buildMedia('archived');
    const build = (await uploadBuild(media.id, await exampleMediaBuildZip())).json() as AdminMedia;
    const past = await test.db
      .insertInto('events')
      .values({
        lab_id: labA,
        name: 'Past event',
        slug: `past-${media.id}`,
        planned_start_date: new Date('2026-01-01T09:00:00Z'),
        planned_end_date: new Date('2026-01-01T10:00:00Z'),
        end_date: new Date('2026-01-01T10:00:00Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await test.db.insertInto('event_medias').values({ event_id: past.id, media_id: media.id }).execute();
    expect((await call('DELETE', `/api/medias/${media.id}`, tokens.admin)).statusCode).toBe(204);
    const row = await test.db
      .selectFrom('medias')
      .selectAll()
      .where('id', '=', media.id)
      .executeTakeFirstOrThrow();
    expect(row.archived_at).not.toBeNull();
    expect((await call('GET', `/api/medias/${media.id}`, tokens.admin)).statusCode).toBe(404);
    const list = (await call('GET', '/api/medias', tokens.admin)).json() as AdminMedia[];
    expect(list.map((item) => item.id)).not.toContain(media.id);
    // Its slug is free again; the closed event's record still shows its build.
    await created({ name: 'Archived again', slug: 'archived', kind: 'build' });
    expect((await served(build.build?.url ?? '')).statusCode).toBe(200);
  });

  it('deletes a media no event used, with its files', async () => {
    const media = await buildMedia('gone');
    await uploadBuild(media.id, await exampleMediaBuildZip());
    await uploadTo('PUT', `/api/medias/${media.id}/thumbnail`, pngBytes());
    const files = await storedFiles();
    expect(files.some((file) => file.startsWith(`medias/${labA}/${media.id}/`))).toBe(true);
    expect((await call('DELETE', `/api/medias/${media.id}`, tokens.admin)).statusCode).toBe(204);
    expect(
      await test.db.selectFrom('medias').select('id').where('id', '=', media.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(existsSync(path.join(filesDir, 'medias', String(labA), String(media.id)))).toBe(false);
    expect((await call('DELETE', `/api/medias/${media.id}`, tokens.admin)).statusCode).toBe(404);
  });
});

describe('lab isolation', () => {
  it("answers another lab's media as unknown, and shows the platform's shared ones read-only", async () => {
    const media = await buildMedia('ours');
    for (const [method, url, body] of [
      ['GET', `/api/medias/${media.id}`, undefined],
      ['PUT', `/api/medias/${media.id}`, { name: 'Taken' }],
      ['DELETE', `/api/medias/${media.id}`, undefined],
      ['DELETE', `/api/medias/${media.id}/thumbnail`, undefined],
    ] as const) {
      const response = await call(method, url, tokens.managerB, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().detail).toBe(`No media ${media.id}.`);
    }
    const upload = await uploadBuild(media.id, await exampleMediaBuildZip(), tokens.managerB);
    expect(upload.statusCode).toBe(404);
    const thumbnail = await uploadTo('PUT', `/api/medias/${media.id}/thumbnail`, pngBytes(), tokens.managerB);
    expect(thumbnail.statusCode).toBe(404);
    const theirs = (await call('GET', '/api/medias', tokens.managerB)).json() as AdminMedia[];
    expect(theirs.map((item) => item.id)).not.toContain(media.id);
    expect(theirs.map((item) => item.id)).toContain(sharedMediaId);
    expect((await call('GET', `/api/medias/${media.id}`, tokens.admin)).json().name).toBe('Game ours');

    const shared = await call('GET', `/api/medias/${sharedMediaId}`, tokens.managerB);
    expect(shared.json()).toMatchObject({ id: sharedMediaId, lab_id: null });
    const change = await call('PUT', `/api/medias/${sharedMediaId}`, tokens.managerB, { name: 'Mine now' });
    expect(change.statusCode).toBe(403);
    expect((await call('DELETE', `/api/medias/${sharedMediaId}`, tokens.admin)).statusCode).toBe(403);
    expect((await uploadBuild(sharedMediaId, await exampleMediaBuildZip())).statusCode).toBe(403);
  });
});

describe('who may manage medias', () => {
  it('is whoever manages events: admins and holders of manage events, not plain users nor guests', async () => {
    const media = await buildMedia('matrix');
    const calls = (token: string | null) => {
      const headers = token === null ? {} : { authorization: `Bearer ${token}` };
      return Promise.all([
        app.inject({ method: 'GET', url: '/api/medias', headers }),
        app.inject({ method: 'GET', url: `/api/medias/${media.id}`, headers }),
        app.inject({
          method: 'PUT',
          url: `/api/medias/${media.id}`,
          headers,
          payload: { full_canvas: true },
        }),
        app.inject({
          method: 'POST',
          url: '/api/medias',
          headers,
          payload: { name: 'M', slug: `m-${Math.random().toString(36).slice(2, 8)}`, kind: 'build' },
        }),
      ]).then((responses) => responses.map((response) => response.statusCode));
    };
    expect(await calls(tokens.admin)).toEqual([200, 200, 200, 201]);
    expect(await calls(tokens.animator)).toEqual([200, 200, 200, 201]);
    expect(await calls(tokens.user)).toEqual([403, 403, 403, 403]);
    expect(await calls(tokens.guest)).toEqual([403, 403, 403, 403]);
    expect(await calls(null)).toEqual([401, 401, 401, 401]);
    expect((await uploadBuild(media.id, await exampleMediaBuildZip(), tokens.user)).statusCode).toBe(403);
    expect((await uploadBuild(media.id, await exampleMediaBuildZip(), tokens.animator)).statusCode).toBe(200);
    // Serving a build needs no token: the stage's frame cannot send one.
    const built = (await call('GET', `/api/medias/${media.id}`, tokens.admin)).json() as AdminMedia;
    expect((await served(built.build?.url ?? '')).statusCode).toBe(200);
  });
});
