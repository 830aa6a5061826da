// Pictures over HTTP, on a real database and files on disk: POST upload takes a PNG (and JPEG, WebP,
// GIF, told by their bytes) as a user's own avatar or, for who manages users, a colleague's or a group's
// picture, and as any lab's logo, header or waiting-room image for who manages labs (a super-admin); the picture is served back at its URL without a token, with its type, its bytes, nosniff and
// a long cache; a new picture replaces the old one, whose file goes. Refused: a PDF, a page or an SVG
// named .png, a file over the limit, an empty file, missing or mismatched fields, a colleague's avatar
// without manage users, another lab's rows, a lab's image without manage labs (a lab admin's own lab too); nothing is left behind by a refusal.
import { mkdir, mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { type Group, type PictureUpload, USER_RULE_MESSAGES } from '@lablive/domain';
import {
  buildTestApp,
  type Call,
  caller,
  createLab,
  createTestDatabase,
  createUser,
  signIn,
  type TestDatabase,
} from '@lablive/testkit';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../mail/mailer.ts';

const MAX_BYTES = 64 * 1024;

let test: TestDatabase;
let app: FastifyInstance;
let call: Call;
let filesDir: string;
let labA: number;
let labB: number;
const people = { manager: 0, plain: 0, colleague: 0, userB: 0 };
const tokens = { manager: '', plain: '', colleague: '', adminB: '', root: '' };
let groupA: Group;

// --- Pictures made here, byte by byte -----------------------------------------------------------------

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A 2×2 PNG of one colour (`red` 0 to 255, so that two pictures differ). */
function pngBytes(red = 255): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.from([0, red, 0, 0, red, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat([row, row]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 1×1 GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
/** The start of a JPEG (SOI, JFIF APP0): what its type is read from. */
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0', 'latin1'),
  Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0]),
  Buffer.alloc(64),
  Buffer.from([0xff, 0xd9]),
]);
/** A RIFF WebP header with a lossy (VP8) chunk. */
const WEBP = Buffer.concat([
  Buffer.from('RIFF', 'ascii'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 ', 'ascii'),
  Buffer.from([0x18, 0, 0, 0]),
  Buffer.alloc(24),
]);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');

// --- Calls -------------------------------------------------------------------------------------------

type FilePart = { bytes: Uint8Array; name: string; type?: string };

async function upload(token: string, fields: Record<string, string>, file?: FilePart) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('files', new Blob([file.bytes], { type: file.type ?? 'image/png' }), file.name);
  const request = new Request('http://lablive.test/', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { authorization: `Bearer ${token}`, 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

const avatarOf = (userId: number) => ({ ref: 'users', field: 'avatar_url', refId: String(userId) });
const pictureOf = (groupId: number) => ({ ref: 'group', field: 'picture_url', refId: String(groupId) });
const labImageOf = (labId: number, field: string) => ({ ref: 'lab', field, refId: String(labId) });

async function uploaded(
  token: string,
  fields: Record<string, string>,
  file: FilePart,
): Promise<PictureUpload> {
  const response = await upload(token, fields, file);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const avatarColumn = async (userId: number) =>
  (await test.db.selectFrom('users').select('avatar_url').where('id', '=', userId).executeTakeFirstOrThrow())
    .avatar_url;

/** Every file of the store, relative to it (the waiting room included). */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(filesDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(filesDir, path.join(entry.parentPath, entry.name)))
    .sort();
}

const fetchPicture = (url: string): Promise<LightMyRequestResponse> => app.inject({ method: 'GET', url });

beforeAll(async () => {
  test = await createTestDatabase();
  const root = await mkdtemp(path.join(tmpdir(), 'lablive-pictures-'));
  filesDir = path.join(root, 'files');
  await mkdir(filesDir, { recursive: true });
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
    filesDir,
    imageMaxBytes: MAX_BYTES,
  });
  call = caller(app);
  labA = await createLab(test.db, 'Lab A', []);
  labB = await createLab(test.db, 'Lab B', []);
  people.manager = await createUser(test.db, {
    labId: labA,
    email: 'people@a.test',
    password: 'pw-people',
    permissions: ['manage_users'],
  });
  people.plain = await createUser(test.db, {
    labId: labA,
    email: 'plain@a.test',
    password: 'pw-plain',
    permissions: ['manage_events', 'manage_documents'],
  });
  people.colleague = await createUser(test.db, {
    labId: labA,
    email: 'colleague@a.test',
    password: 'pw-col',
  });
  people.userB = await createUser(test.db, {
    labId: labB,
    email: 'admin@b.test',
    password: 'pw-b',
    role: 'admin',
  });
  tokens.manager = await signIn(app, 'people@a.test', 'pw-people');
  tokens.plain = await signIn(app, 'plain@a.test', 'pw-plain');
  tokens.colleague = await signIn(app, 'colleague@a.test', 'pw-col');
  tokens.adminB = await signIn(app, 'admin@b.test', 'pw-b');
  const platform = await createLab(test.db, 'LabLive platform', []);
  await createUser(test.db, {
    labId: platform,
    email: 'root@p.test',
    password: 'pw-root',
    role: 'super-admin',
  });
  tokens.root = await signIn(app, 'root@p.test', 'pw-root');
  groupA = (await call('POST', '/api/groups', tokens.manager, { name: 'Cardiology' })).json();
});

afterAll(async () => {
  await app.close();
  await test.drop();
});

describe('a user setting their own avatar', () => {
  it('stores a PNG under an unguessable name and serves it back without a token', async () => {
    const png = pngBytes();
    const set = await uploaded(tokens.plain, avatarOf(people.plain), { bytes: png, name: 'me.jpeg' });
    expect(set).toMatchObject({
      ref: 'users',
      refId: people.plain,
      field: 'avatar_url',
      content_type: 'image/png',
      size_bytes: png.length,
    });
    expect(set.url).toMatch(/^\/api\/images\/[A-Za-z0-9_-]{32}\.png$/);
    expect(await avatarColumn(people.plain)).toBe(set.url);
    expect(await storedFiles()).toEqual([`images/${set.url.split('/').pop()}`]);

    const served = await fetchPicture(set.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-length']).toBe(String(png.length));
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload).toEqual(png);

    // The account and the signed-in user say so.
    const account = await call('GET', `/api/users/${people.plain}`, tokens.plain);
    expect(account.json().avatar_url).toBe(set.url);
    expect((await call('GET', '/api/me', tokens.plain)).json().user.avatar_url).toBe(set.url);
  });

  it('replaces the picture: a new name, the old file gone and its URL answering 404', async () => {
    const first = await uploaded(tokens.colleague, avatarOf(people.colleague), {
      bytes: pngBytes(10),
      name: 'a.png',
    });
    const second = await uploaded(tokens.colleague, avatarOf(people.colleague), {
      bytes: pngBytes(20),
      name: 'b.png',
    });
    expect(second.url).not.toBe(first.url);
    expect(await avatarColumn(people.colleague)).toBe(second.url);
    expect((await fetchPicture(first.url)).statusCode).toBe(404);
    expect((await fetchPicture(second.url)).rawPayload).toEqual(pngBytes(20));
    expect(await storedFiles()).not.toContain(`images/${first.url.split('/').pop()}`);
  });

  it('takes JPEG, WebP and GIF, each named and served as what its bytes are', async () => {
    for (const [bytes, ext, mime] of [
      [JPEG, 'jpg', 'image/jpeg'],
      [WEBP, 'webp', 'image/webp'],
      [GIF, 'gif', 'image/gif'],
    ] as const) {
      const set = await uploaded(tokens.colleague, avatarOf(people.colleague), { bytes, name: 'photo.png' });
      expect(set.url.endsWith(`.${ext}`), ext).toBe(true);
      const served = await fetchPicture(set.url);
      expect(served.headers['content-type']).toBe(mime);
      expect(served.rawPayload).toEqual(bytes);
    }
  });
});

describe('who may set which picture', () => {
  it("refuses a colleague's avatar to a user without manage users (as if unknown), and keeps theirs", async () => {
    const before = await avatarColumn(people.colleague);
    const refused = await upload(tokens.plain, avatarOf(people.colleague), {
      bytes: pngBytes(),
      name: 'x.png',
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().detail).toBe(`No user ${people.colleague}.`);
    expect(await avatarColumn(people.colleague)).toBe(before);
    const group = await upload(tokens.plain, pictureOf(groupA.id), { bytes: pngBytes(), name: 'x.png' });
    expect(group.statusCode).toBe(403);
    expect(group.json().detail).toBe('Not enough permissions');
    expect((await storedFiles()).filter((file) => file.startsWith('.incoming'))).toEqual([]);
  });

  it('refuses a user manager the avatar of anyone holding more than they do: an admin, a colleague with other permissions (issue 26)', async () => {
    const adminA = await createUser(test.db, {
      labId: labA,
      email: 'admin@a.test',
      password: 'pw-admin-a',
      role: 'admin',
    });
    for (const target of [adminA, people.plain]) {
      const before = await avatarColumn(target);
      const refused = await upload(tokens.manager, avatarOf(target), { bytes: pngBytes(7), name: 'x.png' });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().detail).toBe(USER_RULE_MESSAGES.holdsMore);
      expect(await avatarColumn(target)).toBe(before);
    }
    expect((await storedFiles()).filter((file) => file.startsWith('.incoming'))).toEqual([]);
  });

  it("lets who manages users set a colleague's avatar and a group's picture; a deleted group takes its file", async () => {
    const avatar = await uploaded(tokens.manager, avatarOf(people.colleague), {
      bytes: pngBytes(30),
      name: 'p.png',
    });
    expect(await avatarColumn(people.colleague)).toBe(avatar.url);
    const picture = await uploaded(tokens.manager, pictureOf(groupA.id), {
      bytes: pngBytes(40),
      name: 'g.png',
    });
    expect(picture).toMatchObject({ ref: 'group', field: 'picture_url', refId: groupA.id });
    const groups = (await call('GET', '/api/groups', tokens.manager)).json() as Group[];
    expect(groups.find((group) => group.id === groupA.id)?.picture_url).toBe(picture.url);
    // Removed with PUT picture_url: null, then a new one; deleting the group removes that one.
    const cleared = await call('PUT', `/api/groups/${groupA.id}`, tokens.manager, {
      name: 'Cardiology',
      picture_url: null,
    });
    expect(cleared.json().picture_url).toBeNull();
    expect((await fetchPicture(picture.url)).statusCode).toBe(404);
    const doomed = (
      await call('POST', '/api/groups', tokens.manager, { name: 'Short-lived' })
    ).json() as Group;
    const last = await uploaded(tokens.manager, pictureOf(doomed.id), { bytes: pngBytes(50), name: 'd.png' });
    expect((await call('DELETE', `/api/groups/${doomed.id}`, tokens.manager)).statusCode).toBe(204);
    expect((await fetchPicture(last.url)).statusCode).toBe(404);
    expect(await storedFiles()).not.toContain(`images/${last.url.split('/').pop()}`);
  });

  it("answers another lab's user and group as unknown", async () => {
    const user = await upload(tokens.adminB, avatarOf(people.plain), { bytes: pngBytes(), name: 'x.png' });
    expect(user.statusCode).toBe(404);
    const group = await upload(tokens.adminB, pictureOf(groupA.id), { bytes: pngBytes(), name: 'x.png' });
    expect(group.statusCode).toBe(404);
    expect(group.json().detail).toBe(`No group ${groupA.id}.`);
  });
});

describe("a lab's images (issue 28)", () => {
  const labColumns = async (labId: number) =>
    test.db
      .selectFrom('labs')
      .select(['logo_url', 'header_image_url', 'waiting_room_image_url'])
      .where('id', '=', labId)
      .executeTakeFirstOrThrow();

  it("lets a super-admin set another lab's logo, header and waiting-room image, each replacing its own", async () => {
    const logo = await uploaded(tokens.root, labImageOf(labB, 'logo_url'), {
      bytes: pngBytes(60),
      name: 'l.png',
    });
    expect(logo).toMatchObject({ ref: 'lab', refId: labB, field: 'logo_url', content_type: 'image/png' });
    const header = await uploaded(tokens.root, labImageOf(labB, 'header_image_url'), {
      bytes: GIF,
      name: 'h.gif',
    });
    const waiting = await uploaded(tokens.root, labImageOf(labB, 'waiting_room_image_url'), {
      bytes: JPEG,
      name: 'w.jpg',
    });
    expect(await labColumns(labB)).toEqual({
      logo_url: logo.url,
      header_image_url: header.url,
      waiting_room_image_url: waiting.url,
    });
    // The lab's settings and its own members' view say so.
    const settings = await call('GET', `/api/labs/${labB}/settings`, tokens.root);
    expect(settings.json()).toMatchObject({ logo_url: logo.url, header_image_url: header.url });
    expect((await call('GET', '/api/me', tokens.adminB)).json().user.lab.theme).toMatchObject({
      logoUrl: logo.url,
      waitingRoomImageUrl: waiting.url,
    });

    // A new logo: the old file goes, the other images stay.
    const second = await uploaded(tokens.root, labImageOf(labB, 'logo_url'), {
      bytes: pngBytes(61),
      name: 'l2.png',
    });
    expect((await fetchPicture(logo.url)).statusCode).toBe(404);
    expect((await fetchPicture(second.url)).rawPayload).toEqual(pngBytes(61));
    expect(await labColumns(labB)).toEqual({
      logo_url: second.url,
      header_image_url: header.url,
      waiting_room_image_url: waiting.url,
    });
    expect(await storedFiles()).not.toContain(`images/${logo.url.split('/').pop()}`);
  });

  it('refuses it to whoever does not manage labs, their own lab included (403), keeping nothing', async () => {
    const before = await storedFiles();
    const columns = await labColumns(labB);
    for (const [token, labId] of [
      [tokens.adminB, labB],
      [tokens.manager, labA],
      [tokens.plain, labB],
    ] as const) {
      const refused = await upload(token, labImageOf(labId, 'logo_url'), {
        bytes: pngBytes(),
        name: 'x.png',
      });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().detail).toBe('Not enough permissions');
    }
    expect(await labColumns(labB)).toEqual(columns);
    expect(await storedFiles()).toEqual(before);
  });

  it('answers an unknown lab with 404 and a field that is no lab image with 400 naming it', async () => {
    const unknown = await upload(tokens.root, labImageOf(999_999, 'logo_url'), {
      bytes: pngBytes(),
      name: 'x.png',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('No lab 999999.');
    const mismatched = await upload(tokens.root, labImageOf(labB, 'avatar_url'), {
      bytes: pngBytes(),
      name: 'x.png',
    });
    expect(mismatched.statusCode).toBe(400);
    expect(mismatched.json().detail).toMatch(
      /^field: must be .*logo_url, header_image_url or waiting_room_image_url for a lab$/,
    );
  });
});

describe('refusals', () => {
  it('refuses a PDF, a web page and an SVG named .png with 415 naming what they are, keeping nothing', async () => {
    const before = await storedFiles();
    const avatarBefore = await avatarColumn(people.colleague);
    for (const [bytes, detected] of [
      [PDF, 'application/pdf'],
      [HTML, 'text/html'],
      // Markup, which a browser would run: the file store's detector names it a page.
      [SVG, 'text/html'],
    ] as const) {
      const response = await upload(tokens.colleague, avatarOf(people.colleague), {
        bytes,
        name: 'photo.png',
      });
      expect(response.statusCode, detected).toBe(415);
      expect(response.json()).toMatchObject({
        code: 'unsupported_media_type',
        detail: `files: its content is ${detected}, which is not accepted as a picture (PNG, JPEG, WebP or GIF).`,
      });
    }
    expect(await storedFiles()).toEqual(before);
    expect(await avatarColumn(people.colleague)).toBe(avatarBefore);
  });

  it('refuses a picture over the limit (413 naming it) and takes one at the limit', async () => {
    const before = await storedFiles();
    const big = Buffer.concat([pngBytes(), Buffer.alloc(MAX_BYTES)]);
    const over = await upload(tokens.colleague, avatarOf(people.colleague), { bytes: big, name: 'big.png' });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({
      code: 'payload_too_large',
      detail: 'The file is larger than the limit of 64 KB (65536 bytes).',
    });
    expect(await storedFiles()).toEqual(before);
    const atLimit = Buffer.concat([pngBytes(), Buffer.alloc(MAX_BYTES - pngBytes().length)]);
    const at = await uploaded(tokens.colleague, avatarOf(people.colleague), {
      bytes: atLimit,
      name: 'at.png',
    });
    expect(at.size_bytes).toBe(MAX_BYTES);
  });

  it('refuses an empty file, a missing file and missing or mismatched fields, naming the field', async () => {
    const before = await storedFiles();
    const png = { bytes: pngBytes(), name: 'ok.png' };
    const cases: [fields: Record<string, string>, file: FilePart | null, detail: string][] = [
      [avatarOf(people.colleague), { bytes: new Uint8Array(0), name: 'e.png' }, 'files: is empty'],
      [avatarOf(people.colleague), null, 'files: This field must be filled'],
      [{ field: 'avatar_url', refId: String(people.colleague) }, png, 'ref: This field must be filled'],
      [{ ref: 'users', refId: String(people.colleague) }, png, 'field: This field must be filled'],
      [{ ref: 'users', field: 'avatar_url' }, png, 'refId: This field must be filled'],
      [{ ...avatarOf(people.colleague), ref: 'events' }, png, 'ref: must be group, users or lab'],
      [
        { ...avatarOf(people.colleague), field: 'picture_url' },
        png,
        'field: must be picture_url for a group, avatar_url for users, and logo_url, header_image_url or waiting_room_image_url for a lab',
      ],
      [
        { ...avatarOf(people.colleague), refId: '-1' },
        png,
        'refId: must be a positive integer written in decimal digits',
      ],
    ];
    for (const [fields, file, detail] of cases) {
      const response = await upload(tokens.colleague, fields, file ?? undefined);
      expect(response.statusCode, detail).toBe(400);
      expect(response.json().detail).toBe(detail);
    }
    expect(await storedFiles()).toEqual(before);

    const json = await call('POST', '/api/upload', tokens.colleague, avatarOf(people.colleague));
    expect(json.statusCode).toBe(415);
    expect(json.json().detail).toBe(
      'Send the upload as multipart/form-data with the fields field, ref, refId, files.',
    );
  });

  it('answers a name that is no picture of ours with 404, without reading outside the store', async () => {
    for (const name of [
      'nope.png',
      `${'a'.repeat(32)}.png`,
      '..%2f..%2fetc%2fpasswd',
      `${'a'.repeat(32)}.svg`,
    ]) {
      const response = await fetchPicture(`/api/images/${name}`);
      expect(response.statusCode, name).toBe(404);
      expect(response.json().code).toBe('not_found');
    }
    const stored = (await storedFiles()).find((file) => file.startsWith('images/')) ?? '';
    expect(await readFile(path.join(filesDir, stored))).toBeInstanceOf(Buffer);
  });
});
