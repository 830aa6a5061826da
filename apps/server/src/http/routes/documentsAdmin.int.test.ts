// The back office's documents over HTTP, on a real database, a real room service and files on disk:
// uploads (a real PDF, PNG, Office files, MP4, text) stored under keys of ours with the type read from
// their bytes; the refusals (too big, a type disguised by its name, an empty file, a missing field, a
// path in the file name, a request cut off halfway) leaving nothing behind; names without text-direction
// controls; the list, rename, a new file, deletion (a tombstone whose download answers 410); downloads
// with their headers and bytes, each recorded; another lab's documents as absent as unknown ones; the
// permission and module matrix; an uploaded document listed in the room's share panel, shared and
// downloaded by a guest.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { AdminDocument } from '@lablive/domain';
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
  type TestSocket,
} from '@lablive/testkit';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../mail/mailer.ts';

const MAX_BYTES = 100 * 1024;

let test: TestDatabase;
let app: FastifyInstance;
let call: Call;
let wsUrl: string;
let root: string;
let filesDir: string;
let labA: number;
let labB: number;
let managerId: number;
const tokens = { manager: '', managerB: '', admin: '', plain: '', bareAdmin: '' };
let event: { eventId: number; roomIds: number[] };
let animator: RoomPerson;
let guest: RoomPerson;
const sockets: TestSocket[] = [];

// --- Files made here, byte by byte -------------------------------------------------------------------

/** A minimal valid PDF: one empty page, with a correct cross-reference table. */
function pdfBytes(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A 2×2 red PNG. */
function pngBytes(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  const row = Buffer.from([0, 255, 0, 0, 255, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat([row, row]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A zip of stored (uncompressed) entries. */
function zipBytes(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const fileName = Buffer.from(name, 'utf8');
    const data = Buffer.from(text, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const WORD_CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;

/** An OLE compound file (Office 97-2003) whose root entry carries `clsid` (as its 16 stored bytes). */
function oleBytes(clsid: number[]): Buffer {
  const file = Buffer.alloc(1024);
  file.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 0);
  file.writeUInt16LE(0x3e, 24);
  file.writeUInt16LE(3, 26);
  file.writeUInt16LE(0xfffe, 28);
  file.writeUInt16LE(9, 30); // 512-byte sectors
  file.writeUInt16LE(6, 32);
  file.writeUInt32LE(0, 48); // the directory starts at sector 0
  const rootName = Buffer.from('Root Entry\0', 'utf16le');
  file.set(rootName, 512);
  file.writeUInt16LE(rootName.length, 512 + 64);
  file[512 + 66] = 5; // root storage
  file.set(clsid, 512 + 80);
  return file;
}
/** Word.Document.8: {00020906-0000-0000-C000-000000000046}, mixed-endian as stored. */
const WORD_CLSID = [0x06, 0x09, 0x02, 0x00, 0, 0, 0, 0, 0xc0, 0, 0, 0, 0, 0, 0, 0x46];

function mp4Bytes(): Buffer {
  return Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom', 'ascii'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isommp41', 'ascii'),
    Buffer.alloc(256),
  ]);
}

// --- Calls -------------------------------------------------------------------------------------------

type FilePart = { bytes: Uint8Array; name: string; type?: string };

/** A multipart/form-data body as a browser's FormData sends it. */
async function multipart(fields: Record<string, string>, file?: FilePart) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) {
    form.append('file', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
  }
  const request = new Request('http://lablive.test/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

async function upload(
  token: string,
  fields: Record<string, string>,
  file?: FilePart,
  target: { method: 'POST' | 'PUT'; url: string } = { method: 'POST', url: '/api/documents' },
): Promise<LightMyRequestResponse> {
  const body = await multipart(fields, file);
  return app.inject({
    method: target.method,
    url: target.url,
    headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
}

async function uploaded(name: string, file: FilePart, token = tokens.manager) {
  const response = await upload(token, { name }, file);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as AdminDocument;
}

const storedRow = (id: number) =>
  test.db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Every file under the store, relative to it (the waiting room included). */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(filesDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(filesDir, path.join(entry.parentPath, entry.name)));
}
const incoming = async () => (await storedFiles()).filter((file) => file.startsWith('.incoming'));

beforeAll(async () => {
  test = await createTestDatabase();
  root = await mkdtemp(path.join(tmpdir(), 'lablive-uploads-'));
  filesDir = path.join(root, 'data', 'files');
  await mkdir(filesDir, { recursive: true });
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
    filesDir,
    documentMaxBytes: MAX_BYTES,
  });
  call = caller(app);
  wsUrl = await listenForSockets(app);
  labA = await createLab(test.db, 'Lab A', ['share_document']);
  labB = await createLab(test.db, 'Lab B', ['share_document']);
  const bareLab = await createLab(test.db, 'Lab without documents', ['polls']);
  managerId = await createUser(test.db, {
    labId: labA,
    email: 'docs@a.test',
    password: 'pw-docs',
    permissions: ['manage_documents'],
  });
  await createUser(test.db, {
    labId: labB,
    email: 'docs@b.test',
    password: 'pw-docs-b',
    permissions: ['manage_documents'],
  });
  await createUser(test.db, { labId: labA, email: 'admin@a.test', password: 'pw-admin', role: 'admin' });
  await createUser(test.db, { labId: labA, email: 'plain@a.test', password: 'pw-plain' });
  await createUser(test.db, { labId: bareLab, email: 'admin@bare.test', password: 'pw-bare', role: 'admin' });
  tokens.manager = await signIn(app, 'docs@a.test', 'pw-docs');
  tokens.managerB = await signIn(app, 'docs@b.test', 'pw-docs-b');
  tokens.admin = await signIn(app, 'admin@a.test', 'pw-admin');
  tokens.plain = await signIn(app, 'plain@a.test', 'pw-plain');
  tokens.bareAdmin = await signIn(app, 'admin@bare.test', 'pw-bare');
  event = await createEvent(test.db, { labId: labA, slug: 'uploads-1' });
  const roomId = event.roomIds[0] ?? 0;
  const inRoom = { labId: labA, eventId: event.eventId, roomId };
  animator = await enterRoomAs(test.db, app, { ...inRoom, role: 'animator', email: 'ana@x.org' });
  guest = await enterRoomAs(test.db, app, { ...inRoom, role: 'participant', email: 'guest@x.org' });
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app.close();
  await test.drop();
});

describe('POST /api/documents', () => {
  it('stores a PDF under a key of ours, named and typed from its bytes, and lists it', async () => {
    const pdf = pdfBytes();
    const created = await uploaded('Study protocol', {
      bytes: pdf,
      name: 'protocol v2.pdf',
      type: 'application/pdf',
    });
    expect(created).toMatchObject({
      name: 'Study protocol',
      extension: 'pdf',
      content_type: 'application/pdf',
      size_bytes: pdf.length,
      file_name: 'protocol v2.pdf',
    });
    expect(created).not.toHaveProperty('storage_key');
    const row = await storedRow(created.id);
    expect(row.storage_key).toMatch(new RegExp(`^documents/${labA}/[0-9a-f-]{36}\\.pdf$`));
    expect(await readFile(path.join(filesDir, row.storage_key))).toEqual(pdf);

    const list = await call('GET', '/api/documents', tokens.manager);
    expect(list.statusCode).toBe(200);
    expect(list.json()[0]).toEqual(created);
    const one = await call('GET', `/api/documents/${created.id}`, tokens.manager);
    expect(one.json()).toEqual(created);
  });

  it('takes the type from the content, whatever the name or the declared type say', async () => {
    const png = await uploaded('Molecule', { bytes: pngBytes(), name: 'molecule.jpeg', type: 'image/jpeg' });
    expect(png).toMatchObject({ extension: 'png', content_type: 'image/png', file_name: 'molecule.png' });
    const text = await uploaded('Notes', {
      bytes: Buffer.from('Dose: 5 mg\nÉtude de phase II\n'),
      name: 'notes.pdf',
    });
    expect(text).toMatchObject({
      extension: 'txt',
      content_type: 'text/plain; charset=utf-8',
      file_name: 'notes.txt',
    });
    const csv = await uploaded('Sites', {
      bytes: Buffer.from('site;patients\nLyon;12\n'),
      name: 'sites.csv',
    });
    expect(csv).toMatchObject({ extension: 'csv', content_type: 'text/csv; charset=utf-8' });
    const video = await uploaded('Mode of action', { bytes: mp4Bytes(), name: 'moa' });
    expect(video).toMatchObject({ extension: 'mp4', content_type: 'video/mp4', file_name: 'moa.mp4' });
  });

  it('takes Office files: an OOXML zip holding its content types, and a 97-2003 OLE file', async () => {
    const docx = zipBytes({
      '[Content_Types].xml': WORD_CONTENT_TYPES,
      'word/document.xml': '<w:document/>',
    });
    const word = await uploaded('Leaflet', { bytes: docx, name: 'leaflet.zip' });
    expect(word).toMatchObject({
      extension: 'docx',
      content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    const doc = await uploaded('Old leaflet', { bytes: oleBytes(WORD_CLSID), name: 'old.bin' });
    expect(doc).toMatchObject({ extension: 'doc', content_type: 'application/msword', file_name: 'old.doc' });

    // A zip dressed as a Word file (its folder, no content types) is a zip; an unknown OLE file is refused.
    const fake = await upload(
      tokens.manager,
      { name: 'Fake' },
      {
        bytes: zipBytes({ 'word/document.xml': '<w:document/>' }),
        name: 'fake.docx',
      },
    );
    expect(fake.statusCode).toBe(415);
    expect(fake.json().detail).toContain('application/zip');
    const ole = await upload(
      tokens.manager,
      { name: 'OLE' },
      { bytes: oleBytes(new Array(16).fill(7)), name: 'x.doc' },
    );
    expect(ole.statusCode).toBe(415);
  });

  it('refuses a .pdf that is a web page or a program, naming what it is, and keeps nothing', async () => {
    const before = await storedFiles();
    const html = await upload(
      tokens.manager,
      { name: 'Invoice' },
      {
        bytes: Buffer.from(
          '<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>',
        ),
        name: 'invoice.pdf',
        type: 'application/pdf',
      },
    );
    expect(html.statusCode).toBe(415);
    expect(html.json()).toMatchObject({ code: 'unsupported_media_type' });
    expect(html.json().detail).toContain('text/html');
    const exe = await upload(
      tokens.manager,
      { name: 'Invoice' },
      {
        bytes: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 0x90)]),
        name: 'invoice.pdf',
        type: 'application/pdf',
      },
    );
    expect(exe.statusCode).toBe(415);
    expect(exe.json().detail).toContain('application/x-msdownload');
    const svg = await upload(
      tokens.manager,
      { name: 'Logo' },
      {
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'),
        name: 'logo.png',
      },
    );
    expect(svg.statusCode).toBe(415);
    expect(await storedFiles()).toEqual(before);
  });

  it('keeps a file named `../../etc/passwd` inside the store, under a clean name', async () => {
    const created = await uploaded('Passwords?', {
      bytes: Buffer.from('root:x:0:0:root:/root:/bin/bash\n'),
      name: '../../etc/passwd',
    });
    expect(created.file_name).toBe('passwd.txt');
    const row = await storedRow(created.id);
    expect(
      path.resolve(filesDir, row.storage_key).startsWith(`${filesDir}${path.sep}documents${path.sep}`),
    ).toBe(true);
    expect(existsSync(path.join(root, 'etc'))).toBe(false);
    const windows = await uploaded('Windows path', {
      bytes: Buffer.from('x'),
      name: '..\\..\\boot\u0007.ini',
    });
    expect(windows.file_name).toBe('boot.txt');
  });

  it('keeps no text-direction control in a name, given or taken from the file', async () => {
    // `invoice<RLO>fdp.exe` displays as `invoiceexe.pdf`: a program passing for a PDF in every list.
    const created = await uploaded('invoice\u202Efdp.exe', {
      bytes: Buffer.from('Invoice 2026: 120 EUR\n'),
      name: 'invoice\u202Efdp.exe',
    });
    expect(created.name).toBe('invoicefdp.exe');
    expect(created.file_name).toBe('invoicefdp.txt');
    expect((await storedRow(created.id)).name).toBe('invoicefdp.exe');
    const marks = '\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069\u200E\u200F\u061C';
    const renamed = await call('PUT', `/api/documents/${created.id}`, tokens.manager, {
      name: `Report${marks} 2026`,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Report 2026');
    const onlyControls = await call('PUT', `/api/documents/${created.id}`, tokens.manager, { name: marks });
    expect(onlyControls.statusCode).toBe(400);
    expect(onlyControls.json().detail).toBe('name: This field must be filled');
  });

  it('refuses an empty file, a missing file and a missing or blank name, naming the field', async () => {
    const empty = await upload(
      tokens.manager,
      { name: 'Empty' },
      { bytes: new Uint8Array(0), name: 'e.pdf' },
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe('file: is empty');
    const noFile = await upload(tokens.manager, { name: 'No file' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().detail).toBe('file: This field must be filled');
    for (const fields of [{}, { name: '   ' }] as Record<string, string>[]) {
      const noName = await upload(tokens.manager, fields, { bytes: pdfBytes(), name: 'p.pdf' });
      expect(noName.statusCode).toBe(400);
      expect(noName.json().detail).toBe('name: This field must be filled');
    }
    const nul = await upload(tokens.manager, { name: 'a\u0000b' }, { bytes: pdfBytes(), name: 'p.pdf' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().detail).toMatch(/^name: /);
    expect(await incoming()).toEqual([]);
  });

  it('refuses a file over the configured limit with 413 naming it, and takes one at the limit', async () => {
    const over = await upload(
      tokens.manager,
      { name: 'Big' },
      { bytes: Buffer.alloc(MAX_BYTES + 1, 'a'), name: 'big.txt' },
    );
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ code: 'payload_too_large' });
    expect(over.json().detail).toBe('The file is larger than the limit of 100 KB (102400 bytes).');
    const far = await upload(
      tokens.manager,
      { name: 'Bigger' },
      { bytes: Buffer.alloc(MAX_BYTES * 3, 'a'), name: 'big.txt' },
    );
    expect(far.statusCode).toBe(413);
    const at = await uploaded('At the limit', { bytes: Buffer.alloc(MAX_BYTES, 'a'), name: 'limit.txt' });
    expect(at.size_bytes).toBe(MAX_BYTES);
    expect(await incoming()).toEqual([]);
  });

  it('removes what it received of a request cut off halfway, and refuses what is not multipart', async () => {
    const body = await multipart({ name: 'Cut' }, { bytes: Buffer.alloc(50_000, 'b'), name: 'cut.txt' });
    const cut = await app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { authorization: `Bearer ${tokens.manager}`, 'content-type': body.contentType },
      payload: body.payload.subarray(0, 30_000),
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().code).toBe('validation');
    expect(await incoming()).toEqual([]);

    const json = await call('POST', '/api/documents', tokens.manager, { name: 'JSON' });
    expect(json.statusCode).toBe(415);
    expect(json.json().detail).toBe('Send the upload as multipart/form-data with the fields name, file.');
    const twoFiles = new FormData();
    twoFiles.append('name', 'Two');
    twoFiles.append('file', new Blob(['a']), 'a.txt');
    twoFiles.append('file', new Blob(['b']), 'b.txt');
    const request = new Request('http://lablive.test/', { method: 'POST', body: twoFiles });
    const two = await app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: {
        authorization: `Bearer ${tokens.manager}`,
        'content-type': request.headers.get('content-type') ?? '',
      },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(two.statusCode).toBe(413);
    expect(await incoming()).toEqual([]);
  });
});

describe('renaming, replacing and deleting', () => {
  it('renames with PUT documents/{id}, naming a bad name', async () => {
    const created = await uploaded('Draft', { bytes: pdfBytes(), name: 'draft.pdf' });
    const renamed = await call('PUT', `/api/documents/${created.id}`, tokens.manager, { name: '  Final  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: created.id, name: 'Final', extension: 'pdf' });
    const blank = await call('PUT', `/api/documents/${created.id}`, tokens.manager, { name: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors[0]).toEqual({ field: 'name', message: 'This field must be filled' });
    const unknown = await call('PUT', '/api/documents/987654', tokens.manager, { name: 'X' });
    expect(unknown.statusCode).toBe(404);
  });

  it('replaces the file with PUT documents/{id}/file: same id, new type, the old file gone', async () => {
    const created = await uploaded('Chart', { bytes: pdfBytes(), name: 'chart.pdf' });
    const oldKey = (await storedRow(created.id)).storage_key;
    const png = pngBytes();
    const replaced = await upload(
      tokens.manager,
      {},
      { bytes: png, name: 'chart.png' },
      {
        method: 'PUT',
        url: `/api/documents/${created.id}/file`,
      },
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({
      id: created.id,
      name: 'Chart',
      extension: 'png',
      content_type: 'image/png',
      size_bytes: png.length,
      file_name: 'chart.png',
    });
    expect(existsSync(path.join(filesDir, oldKey))).toBe(false);
    const download = await call('GET', `/api/documents/${created.id}/download`, tokens.manager);
    expect(download.rawPayload).toEqual(png);

    // With a new name too; a refused file leaves the document as it was.
    const renamed = await upload(
      tokens.manager,
      { name: 'Chart 2' },
      { bytes: pdfBytes(), name: 'c.pdf' },
      {
        method: 'PUT',
        url: `/api/documents/${created.id}/file`,
      },
    );
    expect(renamed.json()).toMatchObject({ name: 'Chart 2', extension: 'pdf' });
    const kept = (await storedRow(created.id)).storage_key;
    const refused = await upload(
      tokens.manager,
      {},
      { bytes: Buffer.from('<html></html>'), name: 'c.pdf' },
      {
        method: 'PUT',
        url: `/api/documents/${created.id}/file`,
      },
    );
    expect(refused.statusCode).toBe(415);
    expect((await storedRow(created.id)).storage_key).toBe(kept);
    expect(existsSync(path.join(filesDir, kept))).toBe(true);
    const noFile = await upload(tokens.manager, { name: 'X' }, undefined, {
      method: 'PUT',
      url: `/api/documents/${created.id}/file`,
    });
    expect(noFile.json().detail).toBe('file: This field must be filled');
    expect(await incoming()).toEqual([]);
  });

  it('deletes one or several: gone from the lists, a tombstone with who and when, the file removed', async () => {
    const one = await uploaded('One', { bytes: pdfBytes(), name: 'one.pdf' });
    const two = await uploaded('Two', { bytes: pdfBytes(), name: 'two.pdf' });
    const three = await uploaded('Three', { bytes: pdfBytes(), name: 'three.pdf' });
    const key = (await storedRow(one.id)).storage_key;

    const removed = await call('DELETE', `/api/documents/${one.id}`, tokens.manager);
    expect(removed.statusCode).toBe(204);
    const row = await storedRow(one.id);
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect(row.deleted_by).toBe(managerId);
    expect(existsSync(path.join(filesDir, key))).toBe(false);
    expect((await call('GET', `/api/documents/${one.id}`, tokens.manager)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/documents/${one.id}`, tokens.manager)).statusCode).toBe(404);

    const many = await call('POST', '/api/documents/delete-multiple', tokens.manager, {
      ids: [two.id, three.id, one.id, 987654],
    });
    expect(many.json()).toEqual({ removed: 2 });
    const listed = (await call('GET', '/api/documents', tokens.manager))
      .json()
      .map((d: { id: number }) => d.id);
    const forRooms = (await call('GET', '/api/documents/find/by-lab', tokens.manager))
      .json()
      .map((d: { id: number }) => d.id);
    for (const id of [one.id, two.id, three.id]) {
      expect(listed).not.toContain(id);
      expect(forRooms).not.toContain(id);
    }
    const download = await call('GET', `/api/documents/${two.id}/download`, tokens.manager);
    expect(download.statusCode).toBe(410);
    expect(download.json()).toMatchObject({
      code: 'gone',
      detail: 'The document "Two" was deleted by its lab and can no longer be downloaded.',
    });
    const empty = await call('POST', '/api/documents/delete-multiple', tokens.manager, { ids: [] });
    expect(empty.statusCode).toBe(400);
  });
});

describe('downloads', () => {
  it('streams the bytes with the type, length and attachment name, and records each one', async () => {
    const pdf = pdfBytes();
    const created = await uploaded('Résumé "court"', { bytes: pdf, name: 'r.pdf' });
    const before = await test.db.selectFrom('document_downloads').select('id').execute();
    const download = await call('GET', `/api/documents/${created.id}/download`, tokens.plain);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(pdf);
    expect(download.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(pdf.length),
      'x-content-type-options': 'nosniff',
      'content-disposition': `attachment; filename="R_sum_ _court_.pdf"; filename*=UTF-8''${encodeURIComponent('Résumé "court".pdf')}`,
    });
    const fromRoom = await call(
      'GET',
      `/api/documents/${created.id}/download?room_id=${event.roomIds[0]}`,
      tokens.manager,
    );
    expect(fromRoom.statusCode).toBe(200);
    const records = await test.db
      .selectFrom('document_downloads')
      .selectAll()
      .where('document_id', '=', created.id)
      .orderBy('id')
      .execute();
    expect(records).toHaveLength(2);
    expect(records.length).toBe(
      (await test.db.selectFrom('document_downloads').select('id').execute()).length - before.length,
    );
    expect(records[0]).toMatchObject({ lab_id: labA, participant_id: null, room_id: null, event_id: null });
    expect(records[1]).toMatchObject({
      user_id: managerId,
      room_id: event.roomIds[0],
      event_id: event.eventId,
    });
    expect(records[0]?.downloaded_at).toBeInstanceOf(Date);

    const otherRoom = await call(
      'GET',
      `/api/documents/${created.id}/download?room_id=987654`,
      tokens.manager,
    );
    expect(otherRoom.statusCode).toBe(404);
  });
});

describe("the room's share panel", () => {
  it('lists an uploaded document, which the animator shares and a guest downloads (recorded)', async () => {
    const roomId = event.roomIds[0] ?? 0;
    const pdf = pdfBytes();
    const created = await uploaded('Slides of the day', { bytes: pdf, name: 'slides.pdf' });
    const panel = await call('GET', '/api/documents/find/by-lab', animator.token);
    expect(panel.statusCode).toBe(200);
    expect(panel.json()).toContainEqual({
      id: created.id,
      name: 'Slides of the day',
      extension: 'pdf',
      content_type: 'application/pdf',
      size_bytes: pdf.length,
      created_at: expect.any(String),
    });
    sockets.push(
      await joinBySocket(wsUrl, animator.token, roomId, 'ana'),
      await joinBySocket(wsUrl, guest.token, roomId, 'guest'),
    );
    const notYet = await call('GET', `/api/documents/${created.id}/download`, guest.token);
    expect(notYet.statusCode).toBe(403);
    const shared = await call('PUT', `/api/rooms/${roomId}/documents/add`, animator.token, {
      documents: [created.id],
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const download = await call('GET', `/api/documents/${created.id}/download`, guest.token);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(pdf);
    const record = await test.db
      .selectFrom('document_downloads')
      .selectAll()
      .where('document_id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({
      participant_id: guest.participantId,
      user_id: null,
      room_id: roomId,
      event_id: event.eventId,
    });

    // Deleted while shared: the room still names it, the guest is told it is gone; it cannot be shared again.
    await call('DELETE', `/api/documents/${created.id}`, tokens.manager);
    const gone = await call('GET', `/api/documents/${created.id}/download`, guest.token);
    expect(gone.statusCode).toBe(410);
    await call('PUT', `/api/rooms/${roomId}/documents/remove`, animator.token, { document: created.id });
    const again = await call('PUT', `/api/rooms/${roomId}/documents/add`, animator.token, {
      documents: [created.id],
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('lab isolation and access', () => {
  it("answers another lab's document as unknown on every call", async () => {
    const created = await uploaded('Secret of A', { bytes: pdfBytes(), name: 'a.pdf' });
    const b = tokens.managerB;
    expect((await call('GET', `/api/documents/${created.id}`, b)).statusCode).toBe(404);
    expect((await call('PUT', `/api/documents/${created.id}`, b, { name: 'Mine' })).statusCode).toBe(404);
    const replace = await upload(
      b,
      {},
      { bytes: pdfBytes(), name: 'b.pdf' },
      {
        method: 'PUT',
        url: `/api/documents/${created.id}/file`,
      },
    );
    expect(replace.statusCode).toBe(404);
    expect((await call('GET', `/api/documents/${created.id}/download`, b)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/documents/${created.id}`, b)).statusCode).toBe(404);
    expect((await call('POST', '/api/documents/delete-multiple', b, { ids: [created.id] })).json()).toEqual({
      removed: 0,
    });
    const listB = (await call('GET', '/api/documents', b)).json();
    expect(listB.map((d: { id: number }) => d.id)).not.toContain(created.id);
    expect(await storedRow(created.id)).toMatchObject({ name: 'Secret of A', deleted_at: null });
    // B's own upload lands in B's folder.
    const own = await uploaded('B slides', { bytes: pdfBytes(), name: 'b.pdf' }, b);
    expect((await storedRow(own.id)).storage_key).toMatch(new RegExp(`^documents/${labB}/`));
  });

  it('lets the permission holders of a lab with the module in, and no one else', async () => {
    const created = await uploaded('Matrix', { bytes: pdfBytes(), name: 'm.pdf' });
    const calls: Array<[method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object]> = [
      ['GET', '/api/documents'],
      ['GET', `/api/documents/${created.id}`],
      ['PUT', `/api/documents/${created.id}`, { name: 'Renamed' }],
      ['POST', '/api/documents'],
      ['PUT', `/api/documents/${created.id}/file`],
      ['POST', '/api/documents/delete-multiple', { ids: [987654] }],
      ['DELETE', '/api/documents/987654'],
    ];
    const who = {
      admin: { token: tokens.admin, status: 'pass' },
      plain: { token: tokens.plain, status: 403, code: 'forbidden' },
      bareAdmin: { token: tokens.bareAdmin, status: 403, code: 'module_disabled' },
      guest: { token: guest.token, status: 403, code: 'forbidden' },
      anonymous: { token: 'not-a-token', status: 401 },
    } as const;
    for (const [name, caller] of Object.entries(who)) {
      for (const [method, url, payload] of calls) {
        const response = await call(method, url, caller.token, payload);
        const what = `${name}: ${method} ${url} → ${response.statusCode} ${response.body}`;
        if (caller.status === 'pass') expect([401, 403], what).not.toContain(response.statusCode);
        else {
          expect(response.statusCode, what).toBe(caller.status);
          if ('code' in caller) expect(response.json().code, what).toBe(caller.code);
        }
      }
    }
    // Plain staff may still download (the room's panel), but not manage.
    expect((await call('GET', `/api/documents/${created.id}/download`, tokens.plain)).statusCode).toBe(200);
  });
});
