// Business events (meetings), always read within one lab.
import type { EventInfo } from '@lablive/domain';
import type { Db } from '../db/connection.ts';
import { findLab } from '../labs/labs.repository.ts';

type EventRow = {
  planned_start_date: Date;
  planned_end_date: Date;
  start_date: Date | null;
  end_date: Date | null;
  created_at: Date;
};

/** A row's dates as the API writes them (ISO 8601), the rest as it is. */
function withIsoDates<T extends EventRow>(row: T) {
  const iso = (date: Date) => date.toISOString();
  return {
    ...row,
    planned_start_date: iso(row.planned_start_date),
    planned_end_date: iso(row.planned_end_date),
    start_date: row.start_date && iso(row.start_date),
    end_date: row.end_date && iso(row.end_date),
    created_at: iso(row.created_at),
  };
}

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
  return { ...withIsoDates(row), rooms, medias };
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
    ...withIsoDates(event),
    rooms: rooms.filter((room) => room.event_id === event.id).map(({ id, name }) => ({ id, name })),
  }));
}

/** An event's card for its pages: by id within a lab, or by the slug of a public event. */
export async function findEventCard(
  db: Db,
  by: { id: number; labId: number } | { publicSlug: string },
): Promise<EventInfo | undefined> {
  const events = db.selectFrom('events').select(['id', 'name', 'slug', 'lab_id']);
  const row = await ('publicSlug' in by
    ? events.where('slug', '=', by.publicSlug).where('is_public', '=', true)
    : events.where('id', '=', by.id).where('lab_id', '=', by.labId)
  ).executeTakeFirst();
  const lab = row && (await findLab(db, row.lab_id));
  if (!row || !lab) return undefined;
  return { id: row.id, name: row.name, slug: row.slug, labName: lab.name, theme: lab.theme };
}
