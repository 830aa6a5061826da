// Lab documents as the REST calls show them (live-room spec, sections 3 and 7): the lab's list, the
// documents shared in a room, and the share and unshare requests of the room's share panel.
import { z } from 'zod';
import { MESSAGES } from '../auth/messages.ts';
import { ROOM_COMMAND_LIMITS } from '../rooms/roomCommands.ts';
import { idSchema } from '../shared/ids.ts';
import { text, withoutBidiControls } from '../shared/text.ts';

const id = z.number().int().positive();

export const labDocumentSchema = z.object({
  id: z.number(),
  name: z.string(),
  extension: z.string(),
  content_type: z.string(),
  size_bytes: z.number(),
  created_at: z.string(),
});
export type LabDocument = z.infer<typeof labDocumentSchema>;

export const sharedDocumentViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  extension: z.string(),
  shared: z.literal(true),
});

export const shareDocumentsRequestSchema = z.object({
  documents: z.array(id).min(1).max(ROOM_COMMAND_LIMITS.documentsPerShare),
});

/** The spec says "document id"; clients send it as `document` or as `documentId`. */
export const unshareDocumentRequestSchema = z
  .object({ document: id.optional(), documentId: id.optional() })
  .refine((value) => value.document !== undefined || value.documentId !== undefined, {
    path: ['document'],
    message: 'Send the id of the document to unshare.',
  });

// The back office's documents (back-office spec 2.7, 3, 5 and 7): the lab's uploads, listed, renamed,
// replaced and deleted. One set of schemas for the server's routes and the web's calls and form.

/** The spec's page sizes of the document list (5, 15, 30; 50 is offered too). */
export const DOCUMENT_PAGE_SIZES = [5, 15, 30, 50] as const;

/** The upload limit when DOCUMENT_MAX_BYTES is not set: 50 MB. */
export const DEFAULT_DOCUMENT_MAX_BYTES = 50 * 1024 * 1024;

/** What a lab's documents and media builds may hold together when LAB_STORAGE_QUOTA_BYTES is not set: 5 GB. */
export const DEFAULT_LAB_STORAGE_QUOTA_BYTES = 5 * 1024 ** 3;

export const DOCUMENT_NAME_MAX_LENGTH = 200;

/**
 * What a document may be, decided from its bytes, never from its name (the server's fileTypes.ts). The
 * extension a stored document gets is the one of its detected type; the web offers these in its picker.
 */
export const DOCUMENT_TYPES = [
  { ext: 'pdf', mime: 'application/pdf' },
  { ext: 'png', mime: 'image/png' },
  { ext: 'jpg', mime: 'image/jpeg' },
  { ext: 'gif', mime: 'image/gif' },
  { ext: 'webp', mime: 'image/webp' },
  { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  { ext: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  { ext: 'pptx', mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  { ext: 'ppsx', mime: 'application/vnd.openxmlformats-officedocument.presentationml.slideshow' },
  { ext: 'doc', mime: 'application/msword' },
  { ext: 'xls', mime: 'application/vnd.ms-excel' },
  { ext: 'ppt', mime: 'application/vnd.ms-powerpoint' },
  { ext: 'mp4', mime: 'video/mp4' },
  { ext: 'txt', mime: 'text/plain' },
  { ext: 'csv', mime: 'text/csv' },
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The multipart fields of an upload (POST documents, PUT documents/{id}/file). */
export const DOCUMENT_UPLOAD_FIELDS = { name: 'name', file: 'file' } as const;

/**
 * Whether the text holds no control character (a line break, a tab, an escape) and no Unicode line or
 * paragraph separator (U+2028, U+2029), which mail readers and editors may show as a line break.
 */
export function hasNoControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code < 0xa0) || code === 0x2028 || code === 0x2029) return false;
  }
  return true;
}

/** What a field that must be one line says when it holds a line break or another control character. */
export const SINGLE_LINE_MESSAGE = 'must be a single line of text';

/**
 * A document's name as people give it: required, one line of storable text. Direction controls
 * (U+202E and its kin) are removed rather than refused: they are invisible, so a refusal would name a
 * character nobody can see to delete, and the form fills the name in from the chosen file's, which is
 * where such characters come from (`invoice\u202Efdp.exe`). Without them the name reads as it is stored.
 */
export const documentNameSchema = text({ error: MESSAGES.fieldRequired })
  .overwrite(withoutBidiControls)
  .trim()
  .min(1, { error: MESSAGES.fieldRequired })
  .max(DOCUMENT_NAME_MAX_LENGTH, { error: `must be at most ${DOCUMENT_NAME_MAX_LENGTH} characters` })
  .refine(hasNoControlCharacters, { error: SINGLE_LINE_MESSAGE });

/** A document as the back office lists it: the lab's fields and the (sanitised) name of its file. */
export const adminDocumentSchema = labDocumentSchema.extend({ file_name: z.string() });
export type AdminDocument = z.infer<typeof adminDocumentSchema>;

/** PUT documents/{id}: a new name (the file is replaced through PUT documents/{id}/file). */
export const renameDocumentRequestSchema = z.object({ name: documentNameSchema });
export type RenameDocumentRequest = z.infer<typeof renameDocumentRequestSchema>;

/** GET documents/{id}/download?room_id=: the room the download is made from, for the statistics. */
export const documentDownloadQuerySchema = z.object({ room_id: idSchema.optional() });

/** "12 KB", "3.4 MB": a size as the list and the refusals say it. */
export function formatByteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = value >= 10 || Number.isInteger(value) ? Math.round(value) : Math.round(value * 10) / 10;
  return `${shown} ${units[unit]}`;
}
