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
    db.selectFrom('rooms').select(['id', 'name']).where('event_id', '=', eventId).orderBy('id').execute(),
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

/** The events of a lab, newest planned first, with their rooms; only those of `ownerId` when given. */
export async function listLabEvents(db: Db, labId: number, options: { ownerId?: number } = {}) {
  const events = await db
    .selectFrom('events')
    .selectAll()
    .where('lab_id', '=', labId)
    .$if(options.ownerId !== undefined, (qb) => qb.where('owner_id', '=', options.ownerId ?? 0))
    .orderBy('planned_start_date', 'desc')
    .orderBy('id', 'desc')
    .execute();
  if (events.length === 0) return [];
  const rooms = await db
    .selectFrom('rooms')
    .select(['id', 'event_id', 'name'])
    .where(
      'event_id',
      'in',
      events.map((event) => event.id),
    )
    .orderBy('id')
    .execute();
  return events.map((event) => ({
    ...event,
    rooms: rooms.filter((room) => room.event_id === event.id).map(({ id, name }) => ({ id, name })),
  }));
}
