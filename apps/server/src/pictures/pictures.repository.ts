// The rows pictures belong to: a group's picture_url, a user's avatar_url, each read and set within one
// lab. Setting one answers the URL it replaces (its file is then removed), in one locked step so that
// two uploads at once each remove the file the other replaced, never the one kept.
import type { PictureRef } from '@lablive/domain';
import type { Db } from '../db/connection.ts';

/**
 * The lab's row of `ref` (an active user, for users) with its picture's URL, undefined without one;
 * `lock`: the row stays locked until the transaction ends.
 */
async function findPictureRow(
  db: Db,
  labId: number,
  ref: PictureRef,
  id: number,
  lock: boolean,
): Promise<{ url: string | null } | undefined> {
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

/** Whether the lab has the row (an active user, for users). */
export async function pictureRowExists(db: Db, labId: number, ref: PictureRef, id: number): Promise<boolean> {
  return (await findPictureRow(db, labId, ref, id, false)) !== undefined;
}

/** Sets the row's picture to `url`; answers the URL it had, or undefined when the lab has no such row. */
export async function replacePicture(
  db: Db,
  labId: number,
  ref: PictureRef,
  id: number,
  url: string,
): Promise<{ before: string | null } | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await findPictureRow(trx, labId, ref, id, true);
    if (!row) return undefined;
    if (ref === 'group') {
      await trx.updateTable('groups').set({ picture_url: url }).where('id', '=', id).execute();
    } else {
      await trx.updateTable('users').set({ avatar_url: url }).where('id', '=', id).execute();
    }
    return { before: row.url };
  });
}
