// The lab's storage quota (LAB_STORAGE_QUOTA_BYTES) over HTTP, on a real database and files on disk:
// what a lab's media builds (extracted) and documents hold together is bounded; an upload past it is
// refused with 413 naming the quota and what the lab holds, and leaves nothing behind; a new build or
// file replacing an old one counts without the old; deleting frees room; another lab is not affected;
// two uploads at once cannot both take the room one leaves.
import { mkdir, mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AdminMedia, formatByteSize } from '@lablive/domain';
import {
  buildTestApp,
  type Call,
  caller,
  createLab,
  createTestDatabase,
  createUser,
  signIn,
  type TestDatabase,
  zipArchive,
} from '@lablive/testkit';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../mail/mailer.ts';

const KB = 1024;
const QUOTA = 64 * KB;
const INDEX = '<!doctype html><title>Game</title>';

let test: TestDatabase;
let app: FastifyInstance;
let call: Call;
let filesDir: string;
const tokens = { a: '', b: '' };

async function upload(
  method: 'POST' | 'PUT',
  url: string,
  token: string,
  file: { bytes: Uint8Array; name: string },
  fields: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([file.bytes]), file.name);
  const request = new Request('http://lablive.test/', { method: 'POST', body: form });
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

/** A build whose files weigh `bytes` once extracted (its index.html and one asset). */
const buildOf = (bytes: number) =>
  zipArchive([
    { name: 'index.html', data: INDEX },
    { name: 'Build/data.bin', data: Buffer.alloc(bytes - INDEX.length, 1) },
  ]);

async function newMedia(token: string, slug: string): Promise<number> {
  const response = await call('POST', '/api/medias', token, { name: slug, slug, kind: 'build' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

const uploadBuild = (token: string, mediaId: number, bytes: number) =>
  upload('POST', `/api/medias/${mediaId}/build`, token, { bytes: buildOf(bytes), name: 'build.zip' });

const uploadDocument = (token: string, bytes: number) =>
  upload(
    'POST',
    '/api/documents',
    token,
    { bytes: Buffer.alloc(bytes, 'a'), name: 'notes.txt' },
    { name: 'Notes' },
  );

/** Every file under the store, relative to it. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(filesDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(filesDir, path.join(entry.parentPath, entry.name)))
    .sort();
}

const refusal = (what: string, adding: number, used: number) =>
  `file: ${what} takes ${formatByteSize(adding)}, which would bring the lab past its storage quota of ${formatByteSize(QUOTA)}: its documents and media builds already hold ${formatByteSize(used)}. Delete documents or medias it no longer needs, or ask the platform's administrator for a larger quota.`;

beforeAll(async () => {
  test = await createTestDatabase();
  filesDir = path.join(await mkdtemp(path.join(tmpdir(), 'lablive-quota-')), 'files');
  await mkdir(filesDir, { recursive: true });
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
    filesDir,
    labStorageQuotaBytes: QUOTA,
  });
  call = caller(app);
  for (const [key, lab] of [
    ['a', 'Lab A'],
    ['b', 'Lab B'],
  ] as const) {
    const labId = await createLab(test.db, lab, ['share_document']);
    await createUser(test.db, {
      labId,
      email: `manager@${key}.test`,
      password: `pw-${key}`,
      permissions: ['manage_events', 'manage_documents'],
    });
    tokens[key] = await signIn(app, `manager@${key}.test`, `pw-${key}`);
  }
});

afterAll(async () => {
  await app.close();
  await test.drop();
});

describe('a lab at its storage quota', () => {
  it('is refused a build or a document past it, naming the quota and its use; another lab is not', async () => {
    const game = await newMedia(tokens.a, 'game');
    const first = await uploadBuild(tokens.a, game, 40 * KB);
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as AdminMedia).build?.size_bytes).toBe(40 * KB);
    const document = await uploadDocument(tokens.a, 20 * KB);
    expect(document.statusCode, document.body).toBe(201);
    const before = await storedFiles();

    // 60 KB held: 10 KB more would make 70 KB, past the 64 KB quota.
    const quiz = await newMedia(tokens.a, 'quiz');
    const build = await uploadBuild(tokens.a, quiz, 10 * KB);
    expect(build.statusCode).toBe(413);
    expect(build.json()).toMatchObject({ code: 'payload_too_large' });
    expect(build.json().detail).toBe(refusal('this build once extracted', 10 * KB, 60 * KB));
    const file = await uploadDocument(tokens.a, 10 * KB);
    expect(file.statusCode).toBe(413);
    expect(file.json().detail).toBe(refusal('this file', 10 * KB, 60 * KB));
    // Nothing written, not even for a moment's leftovers.
    expect(await storedFiles()).toEqual(before);
    expect((await call('GET', `/api/medias/${quiz}`, tokens.a)).json().build).toBeNull();

    // Lab B holds nothing: the same build is its to upload.
    const theirs = await uploadBuild(tokens.b, await newMedia(tokens.b, 'quiz'), 10 * KB);
    expect(theirs.statusCode, theirs.body).toBe(200);
  });

  it('counts a replaced build or file without the old one, and deleting frees room', async () => {
    const [game] = (await call('GET', '/api/medias', tokens.a)).json() as AdminMedia[];
    // 44 KB replacing the 40 KB build: 64 KB held, exactly the quota.
    const replaced = await uploadBuild(tokens.a, game?.id ?? 0, 44 * KB);
    expect(replaced.statusCode, replaced.body).toBe(200);
    const [notes] = (await call('GET', '/api/documents', tokens.a)).json() as { id: number }[];
    const newFile = await upload('PUT', `/api/documents/${notes?.id}/file`, tokens.a, {
      bytes: Buffer.alloc(21 * KB, 'b'),
      name: 'notes.txt',
    });
    expect(newFile.statusCode).toBe(413);
    expect(newFile.json().detail).toBe(refusal('this file', 21 * KB, 44 * KB));
    const sameSize = await upload('PUT', `/api/documents/${notes?.id}/file`, tokens.a, {
      bytes: Buffer.alloc(20 * KB, 'b'),
      name: 'notes.txt',
    });
    expect(sameSize.statusCode, sameSize.body).toBe(200);

    expect((await call('DELETE', `/api/documents/${notes?.id}`, tokens.a)).statusCode).toBe(204);
    const quiz = ((await call('GET', '/api/medias', tokens.a)).json() as AdminMedia[]).find(
      (media) => media.slug === 'quiz',
    );
    const fits = await uploadBuild(tokens.a, quiz?.id ?? 0, 20 * KB);
    expect(fits.statusCode, fits.body).toBe(200);
  });

  it('takes one of two uploads at once when there is room for one only', async () => {
    // Lab B holds 10 KB: two builds of 30 KB would make 70 KB together, 40 KB either alone.
    const [one, two] = [await newMedia(tokens.b, 'one'), await newMedia(tokens.b, 'two')];
    const answers = await Promise.all([
      uploadBuild(tokens.b, one, 30 * KB),
      uploadBuild(tokens.b, two, 30 * KB),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 413]);
    const medias = (await call('GET', '/api/medias', tokens.b)).json() as AdminMedia[];
    const held = medias.reduce((sum, media) => sum + (media.build?.size_bytes ?? 0), 0);
    expect(held).toBe(40 * KB);
  });
});
