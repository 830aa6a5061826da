// Reads an upload (multipart/form-data) as it streams in: its text fields, and its one file handed to
// the file store as it arrives, never buffered whole. The plugin (@fastify/multipart) is registered
// only where uploads are taken (registerUploads), with limits on every part: one file, a few short
// fields. Whatever goes wrong while reading, the file received so far is removed, and the answer says
// what was wrong with the request rather than failing as the server's fault.
import fastifyMultipart from '@fastify/multipart';
import { DomainError, invalid } from '@lablive/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Authenticator } from '../auth/authentication.ts';
import { discardReceivedFile, type ReceivedFile, receiveFile } from '../files/files.ts';

export type Upload<Field extends string> = {
  fields: Partial<Record<Field, string>>;
  file: ReceivedFile | undefined;
  /** The file's name as the client sent it. */
  fileName: string | undefined;
};

/** Where an upload's file is received, how large it may be, and which fields it has. */
export type UploadOptions<Field extends string> = {
  filesDir: string;
  maxFileBytes: number;
  fields: readonly Field[];
  fileField: string;
};

/** What a routes plugin that takes one kind of upload is given besides its service. */
export type UploadRoutesOptions = {
  authenticator: Authenticator;
  filesDir: string;
  /** The largest file accepted (the kind's own limit). */
  maxFileBytes: number;
};

/** A text field's longest accepted value, in bytes (a name, a title). */
const FIELD_MAX_BYTES = 4096;

/** Registers the multipart parser in `scope` (the routes that take uploads, and only those). */
export async function registerUploads(scope: FastifyInstance, maxFileBytes: number): Promise<void> {
  await scope.register(fastifyMultipart, {
    // The file store counts the bytes and refuses past the limit; the parser stops one byte later.
    throwFileSizeLimit: false,
    limits: { fileSize: maxFileBytes + 1, files: 1, fields: 8, parts: 9, fieldSize: FIELD_MAX_BYTES },
  });
}

/** Framework errors of the parser, said in the words of this API. */
function asRequestError(error: unknown): unknown {
  if (error instanceof DomainError) return error;
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new DomainError('payload_too_large', 'An upload holds one file and a few text fields only.');
  }
  // A failure of our own disk (no space left, no permission) is the server's: 500.
  if (error instanceof Error && 'syscall' in error) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return invalid('(body)', `is not a complete multipart/form-data upload (${reason}).`);
}

/**
 * Reads the upload: the text fields named in `fields` (others are ignored), and the file of the field
 * `fileField`, streamed into the file store's waiting room (at most `maxFileBytes`). The caller keeps
 * the file or discards it.
 */
export async function readUpload<Field extends string>(
  request: FastifyRequest,
  options: UploadOptions<Field>,
): Promise<Upload<Field>> {
  if (!request.isMultipart()) {
    throw new DomainError(
      'unsupported_media_type',
      `Send the upload as multipart/form-data with the fields ${[...options.fields, options.fileField].join(', ')}.`,
    );
  }
  const isField = (name: string): name is Field => (options.fields as readonly string[]).includes(name);
  const upload: Upload<Field> = { fields: {}, file: undefined, fileName: undefined };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== options.fileField) {
          part.file.resume();
          throw invalid(
            part.fieldname,
            `is not a field of this upload: send the file as "${options.fileField}".`,
          );
        }
        upload.fileName = part.filename;
        upload.file = await receiveFile(options.filesDir, part.file, options.maxFileBytes);
      } else if (isField(part.fieldname)) {
        if (part.valueTruncated) throw invalid(part.fieldname, `is longer than ${FIELD_MAX_BYTES} bytes`);
        if (typeof part.value !== 'string') throw invalid(part.fieldname, 'must be text');
        upload.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (upload.file) await discardReceivedFile(upload.file);
    throw asRequestError(error);
  }
  return upload;
}

/** Reads the upload, lets `use` keep its file, and removes the file if `use` did not (or failed). */
export async function withUpload<Field extends string, T>(
  request: FastifyRequest,
  options: UploadOptions<Field>,
  use: (upload: Upload<Field>) => Promise<T>,
): Promise<T> {
  const upload = await readUpload(request, options);
  try {
    return await use(upload);
  } finally {
    if (upload.file) await discardReceivedFile(upload.file);
  }
}
