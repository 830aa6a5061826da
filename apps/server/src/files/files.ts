// The file store: DATA_DIR/files/<storage_key> on the embedded defaults, the one way files (documents,
// and later pictures and media builds) come in and go out. An incoming file is streamed to a temporary
// file of the store, never held whole in memory, counted against a limit as it arrives, and removed if
// anything fails on the way; it gets its place (a key we generate, never a name a client sent) only
// once accepted. Opening a file checks it exists first, so a missing file is an error the route
// reports, not a broken stream.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DomainError, formatByteSize } from '@lablive/domain';

/** Where incoming files wait, inside the store (so that accepting one is a rename on one disk). */
const INCOMING_DIR = '.incoming';

/** How much of the start of a file is kept to look at (a text's first characters). */
const HEAD_BYTES = 1024;

/** Where a storage key points; a key that climbs out of the store (`../`) is refused. */
export function storedFilePath(filesDir: string, storageKey: string): string {
  const root = path.resolve(filesDir);
  const file = path.resolve(root, storageKey);
  if (!file.startsWith(root + path.sep)) throw new Error(`storage key ${storageKey} leaves the file store`);
  return file;
}

/** Opens a stored file; throws (with the path in the message, for the log) when it is not there. */
export async function openStoredFile(
  filesDir: string,
  storageKey: string,
): Promise<{ stream: ReadStream; size: number }> {
  const file = storedFilePath(filesDir, storageKey);
  const info = await stat(file);
  if (!info.isFile()) throw new Error(`${file} is not a file`);
  return { stream: createReadStream(file), size: info.size };
}

/**
 * `attachment; filename="<name>.<ext>"`. The quoted name is ASCII with quotes and backslashes replaced,
 * as old clients read it; `filename*` carries the exact UTF-8 name for the others (RFC 6266).
 */
export function attachmentDisposition(name: string, extension: string): string {
  const full = extension ? `${name}.${extension}` : name;
  const ascii = full.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(full)}`;
}

/** An incoming file in the store's waiting room, with what was learnt while it streamed in. */
export type ReceivedFile = {
  /** The temporary file (absolute). */
  path: string;
  size: number;
  /** Whether every byte read as UTF-8 text without control characters (but tabs and line ends). */
  isText: boolean;
  /** The first bytes, to look at. */
  head: Buffer;
};

export const tooLarge = (maxBytes: number) =>
  new DomainError(
    'payload_too_large',
    `The file is larger than the limit of ${formatByteSize(maxBytes)} (${maxBytes} bytes).`,
  );

/** Counts the bytes going through (refusing past `maxBytes`), keeps the head, and reads them as text. */
class IncomingInspector extends Transform {
  size = 0;
  isText = true;
  private readonly headChunks: Buffer[] = [];
  private headLength = 0;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private readonly maxBytes: number;

  constructor(maxBytes: number) {
    super();
    this.maxBytes = maxBytes;
  }

  get head(): Buffer {
    return Buffer.concat(this.headChunks, this.headLength);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      callback(tooLarge(this.maxBytes));
      return;
    }
    if (this.headLength < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.headLength);
      this.headChunks.push(part);
      this.headLength += part.length;
    }
    if (this.isText) this.readAsText(() => this.decoder.decode(chunk, { stream: true }));
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    if (this.isText) this.readAsText(() => this.decoder.decode());
    callback();
  }

  private readAsText(decode: () => string) {
    try {
      if (hasBinaryControl(decode())) this.isText = false;
    } catch {
      // Not UTF-8: a binary file (or text in another encoding, which we do not take as text).
      this.isText = false;
    }
  }
}

/** A control character that text files do not hold (tab, line feed, form feed and carriage return do). */
function hasBinaryControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) || code === 0x7f) {
      return true;
    }
  }
  return false;
}

/**
 * Streams `source` into a temporary file of the store. More than `maxBytes` is refused (413); a source
 * that fails or is cut off leaves nothing behind. The caller keeps or discards what it answers.
 */
export async function receiveFile(
  filesDir: string,
  source: NodeJS.ReadableStream,
  maxBytes: number,
): Promise<ReceivedFile> {
  const dir = path.join(path.resolve(filesDir), INCOMING_DIR);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${randomUUID()}.part`);
  const inspector = new IncomingInspector(maxBytes);
  try {
    await pipeline(source, inspector, createWriteStream(file, { flags: 'wx' }));
  } catch (error) {
    await removeFile(file);
    throw error;
  }
  return { path: file, size: inspector.size, isText: inspector.isText, head: inspector.head };
}

/** Gives an accepted file its place in the store, under `storageKey`. */
export async function keepReceivedFile(
  filesDir: string,
  received: ReceivedFile,
  storageKey: string,
): Promise<void> {
  const target = storedFilePath(filesDir, storageKey);
  await mkdir(path.dirname(target), { recursive: true });
  await rename(received.path, target);
}

/** Removes an incoming file not kept (nothing happens when it was kept, or is gone already). */
export const discardReceivedFile = (received: ReceivedFile): Promise<void> => removeFile(received.path);

/**
 * Removes what uploads cut short by a crash left in the waiting room: files untouched for `olderThanMs`
 * (the instances of a cluster share the store, so a younger file may be another's upload in flight).
 * Answers how many were removed.
 */
export async function sweepIncoming(filesDir: string, olderThanMs: number, now: Date): Promise<number> {
  const incoming = path.join(filesDir, INCOMING_DIR);
  const names = await readdir(incoming).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  let removed = 0;
  for (const name of names) {
    const file = path.join(incoming, name);
    const info = await stat(file).catch(() => null);
    if (info?.isFile() && now.getTime() - info.mtimeMs > olderThanMs) {
      await removeFile(file);
      removed++;
    }
  }
  return removed;
}

/** Removes a stored file; one already gone is not an error. */
export const removeStoredFile = (filesDir: string, storageKey: string): Promise<void> =>
  removeFile(storedFilePath(filesDir, storageKey));

async function removeFile(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
  }
}
