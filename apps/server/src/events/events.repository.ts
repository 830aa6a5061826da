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
  const { email_relaunch_j7, email_relaunch_j1, ...event } = withIsoDates(row);
  return {
    ...event,
    email_relaunch_J7: email_relaunch_j7,
    email_relaunch_J1: email_relaunch_j1,
    rooms,
    medias,
  };
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

/** The columns an event's form writes (back-office spec, section 2.3). */
export type EventFields = {
  name: string;
  type: string;
  description: string;
  is_public: boolean;
  auto_dispatcher: boolean;
  rooms_needed: number;
  email_relaunch_j7: boolean;
  email_relaunch_j1: boolean;
  email_relaunch_h1: boolean;
  lobby: boolean;
  default_timezone: string;
  planned_start_date: Date;
  planned_end_date: Date;
};

/** Inserts the event owned by `ownerId` and gives it its public slug; returns its id. */
export async function insertEvent(
  db: Db,
  values: EventFields & { labId: number; ownerId: number; slugOf: (id: number) => string },
): Promise<number> {
  const { labId, ownerId, slugOf, ...fields } = values;
  const { id } = await db
    .insertInto('events')
    .values({ ...fields, lab_id: labId, owner_id: ownerId, slug: `pending-${crypto.randomUUID()}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('events')
    .set({ slug: slugOf(id) })
    .where('id', '=', id)
    .execute();
  return id;
}

export async function updateEventFields(db: Db, eventId: number, fields: EventFields): Promise<void> {
  await db.updateTable('events').set(fields).where('id', '=', eventId).execute();
}

/** Marks the event running (start) or closed (close). */
export async function setEventRunning(
  db: Db,
  eventId: number,
  change: { active: true; start_date: Date } | { active: false; end_date: Date },
): Promise<void> {
  await db.updateTable('events').set(change).where('id', '=', eventId).execute();
}

/** The event's row locked for a change, so two managers' changes to one event take turns. */
export async function lockEvent(db: Db, labId: number, eventId: number) {
  return db
    .selectFrom('events')
    .select(['id', 'owner_id', 'active', 'start_date', 'end_date', 'rooms_needed'])
    .where('id', '=', eventId)
    .where('lab_id', '=', labId)
    .forUpdate()
    .executeTakeFirst();
}

export async function deleteEvent(db: Db, eventId: number): Promise<void> {
  await db.deleteFrom('events').where('id', '=', eventId).execute();
}

/** The event's presentation medias, in the order given. */
export async function replaceEventMedias(db: Db, eventId: number, mediaIds: readonly number[]) {
  // Only the medias taken off are deleted and the new ones inserted (the audit trail records those);
  // the kept ones take their new place.
  let removed = db.deleteFrom('event_medias').where('event_id', '=', eventId);
  if (mediaIds.length > 0) removed = removed.where('media_id', 'not in', mediaIds);
  await removed.execute();
  if (mediaIds.length === 0) return;
  await db
    .insertInto('event_medias')
    .values(mediaIds.map((mediaId, position) => ({ event_id: eventId, media_id: mediaId, position })))
    .onConflict((conflict) =>
      conflict
        .columns(['event_id', 'media_id'])
        .doUpdateSet((eb) => ({ position: eb.ref('excluded.position') })),
    )
    .execute();
}
