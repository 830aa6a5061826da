// Lab documents, always read within one lab. The file itself lives in the file store (files.ts).
import type { LabDocument } from '@lablive/domain';
import type { Db } from '../db/connection.ts';

const COLUMNS = [
  'id',
  'name',
  'extension',
  'content_type',
  'size_bytes',
  'storage_key',
  'created_at',
] as const;

export type StoredDocument = LabDocument & { storage_key: string };

function toDocument(row: {
  id: number;
  name: string;
  extension: string;
  content_type: string;
  size_bytes: number;
  storage_key: string;
  created_at: Date;
}): StoredDocument {
  return { ...row, size_bytes: Number(row.size_bytes), created_at: row.created_at.toISOString() };
}

export async function listLabDocuments(db: Db, labId: number): Promise<LabDocument[]> {
  const rows = await db
    .selectFrom('documents')
    .select(COLUMNS)
    .where('lab_id', '=', labId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  // The storage key is where the file sits on our side: not the client's business.
  return rows.map(({ storage_key: _, ...row }) => ({
    ...row,
    size_bytes: Number(row.size_bytes),
    created_at: row.created_at.toISOString(),
  }));
}

export async function findDocumentInLab(
  db: Db,
  labId: number,
  documentId: number,
): Promise<StoredDocument | undefined> {
  const row = await db
    .selectFrom('documents')
    .select(COLUMNS)
    .where('id', '=', documentId)
    .where('lab_id', '=', labId)
    .executeTakeFirst();
  return row && toDocument(row);
}

/** The documents of the lab among `ids`, in the order asked. */
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
    .execute();
  const byId = new Map(rows.map((row) => [row.id, toDocument(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
