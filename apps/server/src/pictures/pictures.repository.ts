// The rows pictures belong to: a group's picture_url, a user's avatar_url, each read and set within one
// lab. Setting one answers the URL it replaces (its file is then removed), in one locked step so that
// two uploads at once each remove the file the other replaced, never the one kept.
import type { PictureRef } from '@lablive/domain';
import type { Db } from '../db/connection.ts';

/** Whether the lab has the row (an active user, for users). */
export async function pictureRowExists(db: Db, labId: number, ref: PictureRef, id: number): Promise<boolean> {
  const row =
    ref === 'group'
      ? await db
          .selectFrom('groups')
          .select('id')
          .where('id', '=', id)
          .where('lab_id', '=', labId)
          .executeTakeFirst()
      : await db
          .selectFrom('users')
          .select('id')
          .where('id', '=', id)
          .where('lab_id', '=', labId)
          .where('deactivated_at', 'is', null)
          .executeTakeFirst();
  return row !== undefined;
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
    if (ref === 'group') {
      const row = await trx
        .selectFrom('groups')
        .select('picture_url as url')
        .where('id', '=', id)
        .where('lab_id', '=', labId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return undefined;
      await trx.updateTable('groups').set({ picture_url: url }).where('id', '=', id).execute();
      return { before: row.url };
    }
    const row = await trx
      .selectFrom('users')
      .select('avatar_url as url')
      .where('id', '=', id)
      .where('lab_id', '=', labId)
      .where('deactivated_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return undefined;
    await trx.updateTable('users').set({ avatar_url: url }).where('id', '=', id).execute();
    return { before: row.url };
  });
}
