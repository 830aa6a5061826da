// Zips made byte by byte for the tests of media builds (no zip library is a dependency): entries stored
// or deflated, with a Unix mode in their external attributes (a file, a folder, a symbolic link) and any
// name at all, `../evil.html` included, and zips whose entries overlap (a few kilobytes listing one
// compressed block many times), since refusing such zips is what the tests are about. And the
// example media build (apps/server/src/medias/example-build) zipped as a lab would upload it, its
// Build/ assets brotli-compressed (`scenes.json.br`) as Unity WebGL builds ship theirs.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, crc32, deflateRawSync } from 'node:zlib';
import { REPO_ROOT } from './repoRoot.ts';

export type ZipEntryInput = {
  name: string;
  data?: Buffer | string;
  /** The Unix mode with its type bits (0o100644 a file, 0o040755 a folder, 0o120777 a symlink). */
  mode?: number;
  /** Deflated (the default) or stored as is. */
  method?: 'deflate' | 'store';
};

export const ZIP_MODES = { file: 0o100644, directory: 0o040755, symlink: 0o120777 } as const;

/** An entry's local record (header, name, data) and its directory record (header and name). */
type ZipRecord = { local: Buffer; central: Buffer };

/** The records of `entries`, in that order, each local one starting where the previous one ends. */
function zipRecords(entries: readonly ZipEntryInput[]): ZipRecord[] {
  const records: ZipRecord[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data ?? '', 'utf8');
    const isDirectory = entry.name.endsWith('/');
    const method = entry.method === 'store' || isDirectory ? 0 : 8;
    const stored = method === 8 ? deflateRawSync(data) : data;
    const crc = crc32(data);
    const mode = entry.mode ?? (isDirectory ? ZIP_MODES.directory : ZIP_MODES.file);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix: the external attributes carry the mode
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((mode << 16) | (isDirectory ? 0x10 : 0)) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    records.push({ local: Buffer.concat([local, name, stored]), central: Buffer.concat([central, name]) });
    offset += local.length + name.length + stored.length;
  }
  return records;
}

/** The zip of local records then a directory of `centrals` (any number, pointing anywhere). */
function zipOf(locals: readonly Buffer[], centrals: readonly Buffer[]): Buffer {
  const body = Buffer.concat(locals);
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length, 8);
  end.writeUInt16LE(centrals.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(body.length, 16);
  return Buffer.concat([body, directory, end]);
}

/** A zip of `entries`, in that order, written as zip tools on Unix write them (UTF-8 names). */
export function zipArchive(entries: readonly ZipEntryInput[]): Buffer {
  const records = zipRecords(entries);
  return zipOf(
    records.map((record) => record.local),
    records.map((record) => record.central),
  );
}

/**
 * A zip bomb by overlap (David Fifield's): `entries` written as zipArchive does, then `copies` more
 * directory records, named `copyName(i)`, all pointing at the local record of the last entry, so its one
 * compressed block is listed again and again (a reader trusting the directory extracts it each time).
 * Their names differ from the one in that local header, as they must in such a zip.
 */
export function overlappingZipArchive(
  entries: readonly ZipEntryInput[],
  copies: number,
  copyName: (index: number) => string,
): Buffer {
  const records = zipRecords(entries);
  const shared = records[records.length - 1]?.central;
  if (!shared) throw new Error('overlappingZipArchive needs an entry to copy');
  const header = shared.subarray(0, 46);
  const extra = Array.from({ length: copies }, (_, index) => {
    const name = Buffer.from(copyName(index), 'utf8');
    const central = Buffer.from(header);
    central.writeUInt16LE(name.length, 28);
    return Buffer.concat([central, name]);
  });
  return zipOf(
    records.map((record) => record.local),
    [...records.map((record) => record.central), ...extra],
  );
}

export const EXAMPLE_MEDIA_BUILD_DIR = path.join(REPO_ROOT, 'apps/server/src/medias/example-build');

async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const found: string[] = [];
  for (const item of await readdir(dir, { withFileTypes: true })) {
    const name = `${prefix}${item.name}`;
    if (item.isDirectory()) found.push(...(await filesUnder(path.join(dir, item.name), `${name}/`)));
    else if (item.isFile()) found.push(name);
  }
  return found.sort();
}

/**
 * The example build as a zip: its files at the root (or in `topFolder`), those under Build/ compressed
 * with brotli and named `.br`. `extra` adds entries (a refused one, for a test).
 */
export async function exampleMediaBuildZip(
  options: { topFolder?: string; extra?: readonly ZipEntryInput[] } = {},
): Promise<Buffer> {
  const prefix = options.topFolder ? `${options.topFolder}/` : '';
  const entries: ZipEntryInput[] = [];
  for (const name of await filesUnder(EXAMPLE_MEDIA_BUILD_DIR)) {
    const data = await readFile(path.join(EXAMPLE_MEDIA_BUILD_DIR, name));
    if (name.startsWith('Build/')) {
      entries.push({ name: `${prefix}${name}.br`, data: brotliCompressSync(data), method: 'store' });
    } else {
      entries.push({ name: `${prefix}${name}`, data });
    }
  }
  return zipArchive([...entries, ...(options.extra ?? [])]);
}
