// What a lab holds in the file store, as the database records it: its documents' files (deleted ones
// have none left) and its medias' extracted builds (archived medias keep theirs: their closed events
// show them). Pictures (avatars, thumbnails) are small, bounded one by one, and not counted.
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

/** What a change replaces, so its old bytes are not counted twice: a document's file, a media's build. */
export type StoredItem = { documentId: number } | { mediaId: number };

/** The bytes the lab's documents and media builds hold, but those of `replacing`. */
export async function labStoredBytes(db: Db, labId: number, replacing?: StoredItem): Promise<number> {
  const documentId = replacing && 'documentId' in replacing ? replacing.documentId : null;
  const mediaId = replacing && 'mediaId' in replacing ? replacing.mediaId : null;
  const documents = await db
    .selectFrom('documents')
    .select(sql<number>`coalesce(sum(size_bytes), 0)::bigint`.as('bytes'))
    .where('lab_id', '=', labId)
    .where('deleted_at', 'is', null)
    .$if(documentId !== null, (qb) => qb.where('id', '<>', documentId ?? 0))
    .executeTakeFirstOrThrow();
  const builds = await db
    .selectFrom('medias')
    .select(sql<number>`coalesce(sum(build_size_bytes), 0)::bigint`.as('bytes'))
    .where('lab_id', '=', labId)
    .$if(mediaId !== null, (qb) => qb.where('id', '<>', mediaId ?? 0))
    .executeTakeFirstOrThrow();
  return documents.bytes + builds.bytes;
}

/**
 * Takes the lab's storage lock until `trx` ends: its row, FOR NO KEY UPDATE, which other uploads of the
 * lab wait for and nothing else does (rows referring to the lab take weaker locks).
 */
export async function lockLabStorage(trx: Db, labId: number): Promise<void> {
  await trx.selectFrom('labs').select('id').where('id', '=', labId).forNoKeyUpdate().executeTakeFirst();
}
