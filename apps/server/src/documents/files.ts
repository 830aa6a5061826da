// The file store of documents: DATA_DIR/files/<storage_key> on the embedded defaults. Opening a file
// checks it exists first, so a missing file is an error the route reports, not a broken stream.
import { createReadStream, type ReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';

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
