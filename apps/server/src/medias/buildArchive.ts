// A media's build as a lab uploads it: a zip holding an index.html at its root or in its one top folder
// (a WebGL game, an HTML quiz). Its central directory is read and every entry checked before a byte is
// written: the entry count, the declared sizes against the unpacked limit (a zip bomb is refused
// there, and yauzl checks each entry's real size against its declared one as it inflates), names that
// stay inside the build (no `..`, no absolute path, no backslash, no drive letter), only regular files
// and folders (a symlink is refused by its Unix mode in the external attributes), no encryption, and
// a layout zip tools write: every entry's local header agrees with the directory, and no two entries
// share bytes (overlapping entries let a few kilobytes unpack to the limit: the same compressed data
// listed again and again under other names). The caller may then refuse the declared size (the lab's
// storage quota). Then the files are extracted, one at a time, into a folder of ours; the top folder is
// dropped, so the build's index.html is always at the folder's root. macOS's `__MACOSX/` and `.DS_Store`
// are skipped.
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DomainError, formatByteSize, hasNoControlCharacters, invalid } from '@lablive/domain';
import yauzl from 'yauzl';

export type BuildLimits = {
  /** Files and folders the zip may list. */
  maxEntries: number;
  /** What its files may weigh once extracted. */
  maxUnpackedBytes: number;
};

/** A file of the build: where it goes inside the build (the top folder dropped), and its zip entry. */
type BuildFile = { path: string; entry: yauzl.Entry };

/** An entry as the directory lists it (folders and skipped files included), with its checked name. */
type ListedEntry = { name: string; entry: yauzl.Entry };

export type BuildContents = {
  fileCount: number;
  unpackedBytes: number;
  /** `br` or `gzip` when the build holds assets so compressed (served with that Content-Encoding). */
  compression: 'br' | 'gzip' | null;
};

const refused = (message: string) => invalid('file', message);
const tooLarge = (message: string) => new DomainError('payload_too_large', `file: ${message}`);

/** Whether the first bytes are a zip's (a local file header, or the end record of an empty zip). */
export function looksLikeZip(head: Buffer): boolean {
  const signature = head.subarray(0, 4).toString('latin1');
  return signature === 'PK\u0003\u0004' || signature === 'PK\u0005\u0006';
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
/** The "version made by" host of Unix: its external attributes carry the file's mode. */
const HOST_UNIX = 3;
const DOS_DIRECTORY = 0x10;

/** The longest name kept, in bytes (a whole path, and one segment as file systems allow). */
const MAX_PATH_BYTES = 1024;
const MAX_SEGMENT_BYTES = 255;

type EntryKind = 'file' | 'directory';

/** What an entry is, from its mode (Unix zips) or its DOS attributes and name; anything else is refused. */
function kindOf(entry: yauzl.Entry, name: string): EntryKind {
  const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
  if (entry.versionMadeBy >> 8 === HOST_UNIX || mode !== 0) {
    if (mode === S_IFLNK) throw refused(`${name} is a symbolic link: a build holds only files and folders.`);
    if (mode === S_IFDIR) return 'directory';
    if (mode !== S_IFREG && mode !== 0) {
      throw refused(`${name} is not a regular file: a build holds only files and folders.`);
    }
  }
  if (name.endsWith('/') || (entry.externalFileAttributes & DOS_DIRECTORY) !== 0) return 'directory';
  return 'file';
}

/**
 * The entry's path as segments, or a refusal naming it: a relative path of plain names, with forward
 * slashes only, nothing that climbs out (`..`) or starts elsewhere (`/`, `C:`).
 */
function segmentsOf(name: string): string[] {
  if (!hasNoControlCharacters(name)) throw refused(`an entry's name holds a control character.`);
  if (name.includes('\\')) throw refused(`${name} uses a backslash: its path could leave the build.`);
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) {
    throw refused(`${name} is an absolute path: every entry must stay inside the build.`);
  }
  if (Buffer.byteLength(name) > MAX_PATH_BYTES)
    throw refused(`an entry's name is longer than ${MAX_PATH_BYTES} bytes.`);
  const segments = name.replace(/\/$/, '').split('/');
  for (const segment of segments) {
    if (segment === '..') throw refused(`${name} leaves the build (..): every entry must stay inside it.`);
    if (segment === '' || segment === '.') throw refused(`${name} is not a plain relative path.`);
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) {
      throw refused(`${name} has a name longer than ${MAX_SEGMENT_BYTES} bytes.`);
    }
  }
  return segments;
}

/** Files that zip tools add and builds never need: macOS's resource forks and folder settings. */
const isJunk = (segments: readonly string[]) =>
  segments[0] === '__MACOSX' || segments[segments.length - 1] === '.DS_Store';

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      file,
      {
        lazyEntries: true,
        autoClose: false,
        // Names are read raw and checked here, so a refusal says which entry and why.
        decodeStrings: false,
        validateEntrySizes: true,
        strictFileNames: true,
      },
      (error, zip) => (error || !zip ? reject(error ?? new Error('no zip')) : resolve(zip)),
    );
  });
}

/** Reads the central directory, handing each entry to `visit` (which throws to refuse the zip). */
function readDirectory(zip: yauzl.ZipFile, visit: (entry: yauzl.Entry) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      try {
        visit(entry);
      } catch (error) {
        reject(error);
        return;
      }
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
}

const unreadable = (error: unknown) =>
  error instanceof DomainError
    ? error
    : refused(`is not a readable zip archive (${error instanceof Error ? error.message : String(error)}).`);

/** Counts the bytes written against the build's limit (yauzl already holds each entry to its size). */
class UnpackedCounter extends Transform {
  private readonly counted: { bytes: number };
  private readonly maxBytes: number;

  constructor(counted: { bytes: number }, maxBytes: number) {
    super();
    this.counted = counted;
    this.maxBytes = maxBytes;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.counted.bytes += chunk.length;
    if (this.counted.bytes > this.maxBytes) {
      callback(tooLarge(`holds more than ${formatByteSize(this.maxBytes)} once extracted.`));
      return;
    }
    callback(null, chunk);
  }
}

/** The files of the build, checked, with the top folder to drop (`''` when index.html is at the root). */
async function planBuild(zip: yauzl.ZipFile, limits: BuildLimits) {
  if (zip.entryCount > limits.maxEntries) {
    throw tooLarge(`holds ${zip.entryCount} entries; a build may hold at most ${limits.maxEntries}.`);
  }
  const files = new Map<string, yauzl.Entry>();
  const directories = new Set<string>();
  const listed: ListedEntry[] = [];
  let declaredBytes = 0;
  await readDirectory(zip, (entry) => {
    const name = yauzl.getFileNameLowLevel(
      entry.generalPurposeBitFlag,
      entry.fileNameRaw,
      entry.extraFields,
      true,
    );
    const segments = segmentsOf(name);
    const kind = kindOf(entry, name);
    listed.push({ name, entry });
    if (isJunk(segments)) return;
    const key = segments.join('/');
    if (kind === 'directory') {
      directories.add(key);
      return;
    }
    if (entry.isEncrypted()) throw refused(`${name} is encrypted: send the build without a password.`);
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
      throw refused(
        `${name} is compressed with method ${entry.compressionMethod}: only stored and deflated entries are read.`,
      );
    }
    if (files.has(key)) throw refused(`${name} appears twice in the zip.`);
    declaredBytes += entry.uncompressedSize;
    if (declaredBytes > limits.maxUnpackedBytes) {
      throw tooLarge(`holds more than ${formatByteSize(limits.maxUnpackedBytes)} once extracted.`);
    }
    files.set(key, entry);
  });
  await checkLayout(zip, listed);
  // A file cannot also be a folder of another entry (`a` and `a/b`).
  for (const key of files.keys()) {
    const segments = key.split('/');
    for (let i = 1; i < segments.length; i++) {
      const parent = segments.slice(0, i).join('/');
      if (files.has(parent)) throw refused(`${parent} is both a file and a folder of ${key}.`);
    }
    if (directories.has(key)) throw refused(`${key} is both a file and a folder.`);
  }
  return { files, top: topFolder(files), declaredBytes };
}

/** Sizes of 0xFFFFFFFF in a local header are in its Zip64 extra field instead. */
const ZIP64_SIZE = 0xffffffff;
/** The general purpose flag's bits: encrypted, and sizes and checksum in a descriptor after the data. */
const FLAG_ENCRYPTED = 0x1;
const FLAG_DATA_DESCRIPTOR = 0x8;

/** How an entry's local header disagrees with the directory's record of it, or null when it agrees. */
function localMismatch(entry: yauzl.Entry, local: yauzl.LocalFileHeader): string | null {
  if (!local.fileName.equals(entry.fileNameRaw)) return 'its name';
  if (local.compressionMethod !== entry.compressionMethod) return 'its compression method';
  if ((local.generalPurposeBitFlag & FLAG_ENCRYPTED) !== (entry.generalPurposeBitFlag & FLAG_ENCRYPTED)) {
    return 'its encryption';
  }
  // With a data descriptor, the local header leaves the sizes and checksum at zero: only the directory has them.
  if ((local.generalPurposeBitFlag & FLAG_DATA_DESCRIPTOR) === 0) {
    if (local.crc32 !== entry.crc32) return 'its checksum';
    const sizes: [number, number][] = [
      [local.compressedSize, entry.compressedSize],
      [local.uncompressedSize, entry.uncompressedSize],
    ];
    if (sizes.some(([inLocal, inDirectory]) => inLocal !== ZIP64_SIZE && inLocal !== inDirectory)) {
      return 'its size';
    }
  }
  return null;
}

/**
 * Refuses a zip whose entries zip tools could not have written: a local header that says otherwise
 * than the directory (name, method, encryption, sizes, checksum), or two entries whose bytes (local
 * header through data) overlap. Overlap is how a crafted zip lists one compressed block many times
 * (3.4 KB unpacking to 42 MB), so no entry may begin before the previous one ends.
 */
async function checkLayout(zip: yauzl.ZipFile, listed: readonly ListedEntry[]): Promise<void> {
  const read: { name: string; entry: yauzl.Entry; local: yauzl.LocalFileHeader }[] = [];
  for (const { name, entry } of listed) {
    read.push({ name, entry, local: await zip.readLocalFileHeaderPromise(entry) });
  }
  // Overlap first: a zip listing one block under many names also fails the name check, less clearly.
  const spans = read
    .map(({ name, entry, local }) => ({
      name,
      start: entry.relativeOffsetOfLocalHeader,
      end: local.fileDataStart + entry.compressedSize,
    }))
    .sort((a, b) => a.start - b.start);
  for (let i = 1; i < spans.length; i++) {
    const [before, after] = [spans[i - 1], spans[i]];
    if (before && after && after.start < before.end) {
      throw refused(
        `${before.name} and ${after.name} overlap in the zip (entries sharing the same bytes): zip tools never write that; send the build as a zip tool makes it.`,
      );
    }
  }
  for (const { name, entry, local } of read) {
    const mismatch = localMismatch(entry, local);
    if (mismatch !== null) {
      throw refused(
        `${name}: ${mismatch} in its local header differs from the zip's directory: the zip is damaged or crafted.`,
      );
    }
  }
}

/** Where the build's index.html is: `''` at the root, `X/` in the zip's one top folder; else refused. */
function topFolder(files: ReadonlyMap<string, yauzl.Entry>): string {
  if (files.has('index.html')) return '';
  const tops = new Set([...files.keys()].map((key) => (key.includes('/') ? key.split('/')[0] : '')));
  const [only] = tops;
  if (tops.size === 1 && only && files.has(`${only}/index.html`)) return `${only}/`;
  throw refused(
    'holds no index.html at its root or in its one top folder: a build starts from its index.html.',
  );
}

export type ExtractOptions = {
  /**
   * Told the bytes the build declares once extracted, after every check and before anything is written;
   * throws to refuse the build (the lab's storage quota).
   */
  admit?: (declaredBytes: number) => Promise<void>;
};

/**
 * Checks the zip at `zipFile` and extracts its files into `targetDir` (which must not exist yet, and is
 * left half-filled on a refusal: the caller removes it). Answers what the build holds.
 */
export async function extractBuild(
  zipFile: string,
  targetDir: string,
  limits: BuildLimits,
  options: ExtractOptions = {},
): Promise<BuildContents> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(zipFile);
  } catch (error) {
    throw unreadable(error);
  }
  try {
    const { files, top, declaredBytes } = await planBuild(zip, limits).catch((error: unknown) => {
      throw unreadable(error);
    });
    await options.admit?.(declaredBytes);
    const root = path.resolve(targetDir);
    await mkdir(path.dirname(root), { recursive: true });
    // Not recursive: a folder already there is an error, never a build to mix with.
    await mkdir(root);
    const counted = { bytes: 0 };
    const kept: BuildFile[] = [...files].map(([key, entry]) => ({ path: key.slice(top.length), entry }));
    for (const file of kept) {
      const target = path.resolve(root, file.path);
      // Checked already by name; kept as the last word before writing.
      if (!target.startsWith(root + path.sep)) throw refused(`${file.path} leaves the build.`);
      await mkdir(path.dirname(target), { recursive: true });
      let source: NodeJS.ReadableStream;
      try {
        source = await zip.openReadStreamPromise(file.entry);
      } catch (error) {
        throw unreadable(error);
      }
      try {
        await pipeline(
          source,
          new UnpackedCounter(counted, limits.maxUnpackedBytes),
          createWriteStream(target, { flags: 'wx', mode: 0o644 }),
        );
      } catch (error) {
        // Our disk's failures are ours (500); the zip's (a size that lies, bad data) are the upload's.
        if (error instanceof Error && 'syscall' in error) throw error;
        throw unreadable(error);
      }
    }
    const names = kept.map((file) => file.path);
    return {
      fileCount: kept.length,
      unpackedBytes: counted.bytes,
      compression: names.some((name) => name.endsWith('.br'))
        ? 'br'
        : names.some((name) => name.endsWith('.gz'))
          ? 'gzip'
          : null,
    };
  } finally {
    zip.close();
  }
}
