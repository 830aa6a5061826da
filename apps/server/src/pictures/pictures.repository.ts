// The rows pictures belong to: a group's picture_url, a user's avatar_url, each read and set within one
// lab, and a lab's images (the platform's: any lab, for who manages labs). Setting one answers the URL it
// replaces (its file is then removed), in one locked step so that two uploads at once each remove the
// file the other replaced, never the one kept.
import { isFieldOf, type LabImageField, type PictureField, type PictureRef } from '@lablive/domain';
import type { Db } from '../db/connection.ts';
import { setLabImage } from '../labs/labs.repository.ts';

/** A picture's row: its kind, its id and the column it fills; `labId` scopes groups and users. */
export type PictureRow = { labId: number; ref: PictureRef; id: number; field: PictureField };

const isLabImageField = (field: PictureField): field is LabImageField => isFieldOf('lab', field);

/**
 * The row of `ref` (in the lab, an active user for users; any lab for `lab`) with its picture's URL,
 * undefined without one;
 * `lock`: the row stays locked until the transaction ends.
 */
async function findPictureRow(
  db: Db,
  { labId, ref, id, field }: PictureRow,
  lock: boolean,
): Promise<{ url: string | null } | undefined> {
  if (ref === 'lab') {
    if (!isLabImageField(field)) return undefined;
    const lab = db.selectFrom('labs').select(`${field} as url`).where('id', '=', id);
    return (lock ? lab.forUpdate() : lab).executeTakeFirst();
  }
  if (ref === 'group') {
    const group = db
      .selectFrom('groups')
      .select('picture_url as url')
      .where('id', '=', id)
      .where('lab_id', '=', labId);
    return (lock ? group.forUpdate() : group).executeTakeFirst();
  }
  const user = db
    .selectFrom('users')
    .select('avatar_url as url')
    .where('id', '=', id)
    .where('lab_id', '=', labId)
    .where('deactivated_at', 'is', null);
  return (lock ? user.forUpdate() : user).executeTakeFirst();
}

/** Whether the row is there (an active user, for users). */
export async function pictureRowExists(db: Db, row: PictureRow): Promise<boolean> {
  return (await findPictureRow(db, row, false)) !== undefined;
}

/** Sets the row's picture to `url`; answers the URL it had, or undefined when there is no such row. */
export async function replacePicture(
  db: Db,
  target: PictureRow,
  url: string,
): Promise<{ before: string | null } | undefined> {
  const { ref, id, field } = target;
  return db.transaction().execute(async (trx) => {
    if (ref === 'lab') {
      if (!isLabImageField(field)) return undefined;
      const set = await setLabImage(trx, id, field, url);
      return set && { before: set.previous };
    }
    const row = await findPictureRow(trx, target, true);
    if (!row) return undefined;
    if (ref === 'group') {
      await trx.updateTable('groups').set({ picture_url: url }).where('id', '=', id).execute();
    } else {
      await trx.updateTable('users').set({ avatar_url: url }).where('id', '=', id).execute();
    }
    return { before: row.url };
  });
}
