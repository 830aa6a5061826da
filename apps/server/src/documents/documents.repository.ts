// Lab documents, always read within one lab. The file itself lives in the file store (files.ts). A
// deleted document stays as a tombstone (deleted_at): absent from every list and share, named by the
// sessions and downloads that had it; only the download asks for it, to answer 410 rather than 404.
import type { AdminDocument, LabDocument } from '@lablive/domain';
import { archiveInLab } from '../db/archiveInLab.ts';
import type { Db } from '../db/connection.ts';

const COLUMNS = [
  'id',
  'name',
  'extension',
  'content_type',
  'size_bytes',
  'storage_key',
  'file_name',
  'created_at',
  'deleted_at',
] as const;

type Row = {
  id: number;
  name: string;
  extension: string;
  content_type: string;
  size_bytes: number;
  storage_key: string;
  file_name: string;
  created_at: Date;
  deleted_at: Date | null;
};

/** A document as the server holds it: where its file is, and whether it was deleted. */
export type StoredDocument = AdminDocument & { storage_key: string; deleted_at: Date | null };

function toDocument(row: Row): StoredDocument {
  return { ...row, size_bytes: Number(row.size_bytes), created_at: row.created_at.toISOString() };
}

/** What the lab's clients see of a document: never where it sits on our side. */
export function toAdminDocument({
  storage_key: _,
  deleted_at: __,
  ...document
}: StoredDocument): AdminDocument {
  return document;
}

export function toLabDocument(document: StoredDocument): LabDocument {
  const { file_name: _, ...labDocument } = toAdminDocument(document);
  return labDocument;
}

/** The lab's documents not deleted, newest first. */
export async function listLabDocuments(db: Db, labId: number): Promise<StoredDocument[]> {
  const rows = await db
    .selectFrom('documents')
    .select(COLUMNS)
    .where('lab_id', '=', labId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toDocument);
}

/** The lab's document, deleted ones too when `withDeleted` (the download answers those 410). */
export async function findDocumentInLab(
  db: Db,
  labId: number,
  documentId: number,
  { withDeleted = false }: { withDeleted?: boolean } = {},
): Promise<StoredDocument | undefined> {
  let query = db
    .selectFrom('documents')
    .select(COLUMNS)
    .where('id', '=', documentId)
    .where('lab_id', '=', labId);
  if (!withDeleted) query = query.where('deleted_at', 'is', null);
  const row = await query.executeTakeFirst();
  return row && toDocument(row);
}

/** The documents of the lab among `ids` (not deleted), in the order asked. */
export async function findDocumentsInLab(
  db: Db,
  labId: number,
  ids: readonly number[],
): Promise<StoredDocument[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('documents')
    .select(COLUMNS)
    .where('id', 'in', ids)
    .where('lab_id', '=', labId)
    .where('deleted_at', 'is', null)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, toDocument(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A stored file's description, as its upload or its replacement gives it. */
export type DocumentFile = {
  extension: string;
  contentType: string;
  sizeBytes: number;
  storageKey: string;
  fileName: string;
};

export async function insertDocument(
  db: Db,
  labId: number,
  name: string,
  file: DocumentFile,
  createdAt: Date,
): Promise<StoredDocument> {
  const row = await db
    .insertInto('documents')
    .values({
      lab_id: labId,
      name,
      extension: file.extension,
      content_type: file.contentType,
      size_bytes: file.sizeBytes,
      storage_key: file.storageKey,
      file_name: file.fileName,
      created_at: createdAt,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toDocument(row);
}

/**
 * Renames a document of the lab and/or points it at a new file. Answers the document as it was before
 * (to remove its old file) and as it is now, or undefined when the lab has no such document. Runs in
 * `db`'s transaction when it is one (a new file's, holding the lab's storage lock), else in its own.
 */
export async function updateDocument(
  db: Db,
  labId: number,
  documentId: number,
  change: { name?: string; file?: DocumentFile },
): Promise<{ before: StoredDocument; after: StoredDocument } | undefined> {
  const inTransaction = <T>(work: (trx: Db) => Promise<T>) =>
    db.isTransaction ? work(db) : db.transaction().execute(work);
  return inTransaction(async (trx) => {
    const before = await trx
      .selectFrom('documents')
      .select(COLUMNS)
      .where('id', '=', documentId)
      .where('lab_id', '=', labId)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!before) return undefined;
    const { file } = change;
    const after = await trx
      .updateTable('documents')
      .set({
        ...(change.name === undefined ? {} : { name: change.name }),
        ...(file === undefined
          ? {}
          : {
              extension: file.extension,
              content_type: file.contentType,
              size_bytes: file.sizeBytes,
              storage_key: file.storageKey,
              file_name: file.fileName,
            }),
      })
      .where('id', '=', documentId)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return { before: toDocument(before), after: toDocument(after) };
  });
}

/**
 * Deletes those of `ids` that are the lab's documents not deleted yet: tombstones with who deleted them
 * and when, out of the lab's groups. Answers the storage keys of their files, to remove.
 */
export async function markDocumentsDeleted(
  db: Db,
  labId: number,
  ids: readonly number[],
  by: { userId: number | null; at: Date },
): Promise<string[]> {
  if (ids.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const deleted = await archiveInLab(trx, 'documents', labId, ids, by)
      .returning(['id', 'storage_key'])
      .execute();
    if (deleted.length > 0) {
      await trx
        .deleteFrom('group_documents')
        .where(
          'document_id',
          'in',
          deleted.map((row) => row.id),
        )
        .execute();
    }
    return deleted.map((row) => row.storage_key);
  });
}

export type DocumentDownload = {
  labId: number;
  documentId: number;
  userId: number | null;
  participantId: number | null;
  eventId: number | null;
  roomId: number | null;
  at: Date;
};

export async function recordDocumentDownload(db: Db, download: DocumentDownload): Promise<void> {
  await db
    .insertInto('document_downloads')
    .values({
      lab_id: download.labId,
      document_id: download.documentId,
      user_id: download.userId,
      participant_id: download.participantId,
      event_id: download.eventId,
      room_id: download.roomId,
      downloaded_at: download.at,
    })
    .execute();
}
