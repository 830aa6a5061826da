// Archiving a lab's records (documents, polls, pharmacovigilance reports): they stay in the database,
// stamped with who archived them and when, and drop out of every list. Only the lab's own and those not
// archived yet are touched, so another lab's ids or a second removal change nothing.
import type { Db } from './connection.ts';

type ArchivableTable = 'documents' | 'polls' | 'pharmacovigilance_reports';

/** The update that archives those of `ids` in `table`; the caller runs it, returning what it needs. */
export function archiveInLab(
  db: Db,
  table: ArchivableTable,
  labId: number,
  ids: readonly number[],
  by: { userId: number | null; at: Date },
) {
  return db
    .updateTable(table)
    .set({ deleted_at: by.at, deleted_by: by.userId })
    .where('lab_id', '=', labId)
    .where('deleted_at', 'is', null)
    .where('id', 'in', [...ids]);
}
