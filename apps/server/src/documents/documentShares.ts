// What a share of documents in a room means, whoever asks (the REST route or the socket's command): the
// lab's own documents by id, with their names and extensions as the lab stored them. An id of another
// lab or of no document is refused; a name or extension sent by the client is never taken.
import type { ShareableDocument } from '@lablive/domain';
import type { Db } from '../db/connection.ts';
import { findDocumentsInLab } from './documents.repository.ts';

export type ResolvedShare = { ok: true; documents: ShareableDocument[] } | { ok: false; missingId: number };

export async function resolveDocumentShare(
  db: Db,
  labId: number,
  ids: readonly number[],
): Promise<ResolvedShare> {
  const wanted = [...new Set(ids)];
  const found = await findDocumentsInLab(db, labId, wanted);
  const missingId = wanted.find((id) => !found.some((document) => document.id === id));
  if (missingId !== undefined) return { ok: false, missingId };
  return { ok: true, documents: found.map(({ id, name, extension }) => ({ id, name, extension })) };
}
