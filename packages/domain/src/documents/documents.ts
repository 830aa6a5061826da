// Lab documents as the REST calls show them (live-room spec, sections 3 and 7): the lab's list, the
// documents shared in a room, and the share and unshare requests of the room's share panel.
import { z } from 'zod';
import { ROOM_COMMAND_LIMITS } from '../rooms/roomCommands.ts';

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
