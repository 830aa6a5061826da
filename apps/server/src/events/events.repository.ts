// Business events (meetings), always read within one lab.
import type { Db } from '../db/connection.ts';

export async function findEventInLab(db: Db, labId: number, eventId: number) {
  const row = await db
    .selectFrom('events')
    .selectAll()
    .where('id', '=', eventId)
    .where('lab_id', '=', labId)
    .executeTakeFirst();
  if (!row) return undefined;
  const [rooms, medias] = await Promise.all([
    db.selectFrom('rooms').select('id').where('event_id', '=', eventId).orderBy('id').execute(),
    db
      .selectFrom('event_medias')
      .innerJoin('medias', 'medias.id', 'event_medias.media_id')
      .select(['medias.id', 'medias.name', 'medias.slug', 'medias.thumbnail_url'])
      .where('event_medias.event_id', '=', eventId)
      .orderBy('event_medias.position')
      .execute(),
  ]);
  return { ...row, rooms, medias };
}
