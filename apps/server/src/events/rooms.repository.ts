// The rooms of an event and what a room shows (its event's presentation medias), always read within one
// lab, and the automatic distribution of participants over an event's rooms.
import {
  defaultRoomName,
  type EventRoom,
  leastFilledRoom,
  type RoomMedia,
  roomStreamId,
} from '@lablive/domain';
import type { Db } from '../db/connection.ts';

/** An event's rooms and how many are placed in each (who is online is the rooms' live state). */
export async function listEventRooms(db: Db, eventId: number): Promise<Omit<EventRoom, 'onlineCount'>[]> {
  const rows = await db
    .selectFrom('rooms')
    .leftJoin('participants', 'participants.room_id', 'rooms.id')
    .select((eb) => [
      'rooms.id',
      'rooms.name',
      'rooms.event_id',
      'rooms.active_modules',
      eb.fn.count<number>('participants.id').as('participantCount'),
    ])
    .where('rooms.event_id', '=', eventId)
    .groupBy('rooms.id')
    .orderBy('rooms.id')
    .execute();
  return rows.map((row) => ({ ...row, participantCount: Number(row.participantCount) }));
}

export async function findRoomInLab(db: Db, labId: number, roomId: number) {
  return db
    .selectFrom('rooms')
    .innerJoin('events', 'events.id', 'rooms.event_id')
    .select([
      'rooms.id',
      'rooms.event_id',
      'rooms.lab_id',
      'rooms.name',
      'rooms.opentok_session_id',
      'rooms.active_modules',
      'events.name as event_name',
      'events.active as event_active',
      'events.end_date as event_end_date',
      'events.slug as event_slug',
      'events.is_public as event_is_public',
      'events.default_timezone as event_timezone',
    ])
    .where('rooms.id', '=', roomId)
    .where('rooms.lab_id', '=', labId)
    .executeTakeFirst();
}

/** The room of a lab whose OpenTok session is this one: how the old client names the room of a poll. */
export async function findRoomBySession(db: Db, labId: number, sessionId: string) {
  return db
    .selectFrom('rooms')
    .select(['id', 'event_id'])
    .where('lab_id', '=', labId)
    .where('opentok_session_id', '=', sessionId)
    .executeTakeFirst();
}

/**
 * Gives a participation its room: the one already assigned (when it is a room of this event), otherwise
 * the least-filled room of the event (leastFilledRoom). Returns
 * undefined when the event has no room.
 */
export async function distributeToRoom(
  db: Db,
  participantId: number,
  eventId: number,
): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    // Distributions of one event take turns, so two people arriving together do not both see the same
    // room as the emptiest one.
    await trx.selectFrom('events').select('id').where('id', '=', eventId).forUpdate().executeTakeFirst();
    const rooms = await listEventRooms(trx, eventId);
    const current = await trx
      .selectFrom('participants')
      .select('room_id')
      .where('id', '=', participantId)
      .executeTakeFirstOrThrow();
    if (rooms.some((room) => room.id === current.room_id)) return current.room_id ?? undefined;
    const emptiest = leastFilledRoom(rooms);
    if (emptiest === undefined) return undefined;
    await trx
      .updateTable('participants')
      .set({ room_id: emptiest })
      .where('id', '=', participantId)
      .execute();
    return emptiest;
  });
}

/** The presentation medias of an event, in the order the event lists them. */
export async function listEventMedias(db: Db, eventId: number): Promise<RoomMedia[]> {
  const rows = await db
    .selectFrom('event_medias')
    .innerJoin('medias', 'medias.id', 'event_medias.media_id')
    .select([
      'medias.id',
      'medias.name',
      'medias.slug',
      'medias.build_path',
      'medias.build_compression',
      'medias.canvas_width',
      'medias.canvas_height',
      'medias.full_canvas',
      'medias.thumbnail_url',
    ])
    .where('event_medias.event_id', '=', eventId)
    .orderBy('event_medias.position')
    .orderBy('medias.id')
    .execute();
  return rows.map(({ thumbnail_url, ...media }) => ({
    ...media,
    thumbnail: thumbnail_url ? { url: thumbnail_url } : null,
  }));
}

/** Records the room's OpenTok session unless another request recorded one first; answers the one kept. */
export async function keepOpenTokSession(db: Db, roomId: number, sessionId: string): Promise<string> {
  const updated = await db
    .updateTable('rooms')
    .set({ opentok_session_id: sessionId })
    .where('id', '=', roomId)
    .where('opentok_session_id', 'is', null)
    .returning('opentok_session_id')
    .executeTakeFirst();
  if (updated?.opentok_session_id) return updated.opentok_session_id;
  const row = await db
    .selectFrom('rooms')
    .select('opentok_session_id')
    .where('id', '=', roomId)
    .executeTakeFirstOrThrow();
  return row.opentok_session_id ?? sessionId;
}

/**
 * The event's rooms with what makes one worth keeping: participations placed in it and session events
 * in its log. A room holding either is never removed (its people and its history would be lost).
 */
export async function listRoomsWithUsage(db: Db, eventId: number) {
  const rooms = await listEventRooms(db, eventId);
  if (rooms.length === 0) return [];
  const logged = await db
    .selectFrom('session_events')
    .select('stream_id')
    .distinct()
    .where(
      'stream_id',
      'in',
      rooms.map((room) => roomStreamId(room.id)),
    )
    .execute();
  const withLog = new Set(logged.map((row) => row.stream_id));
  return rooms.map((room) => ({ ...room, hasSessionEvents: withLog.has(roomStreamId(room.id)) }));
}

/** Adds rooms named `Room n` after the event's existing ones. */
export async function addRooms(db: Db, event: { id: number; labId: number }, numbers: readonly number[]) {
  if (numbers.length === 0) return;
  await db
    .insertInto('rooms')
    .values(
      numbers.map((n) => ({
        event_id: event.id,
        lab_id: event.labId,
        name: defaultRoomName(n),
        opentok_session_id: null,
      })),
    )
    .execute();
}

/** Renames a room of an event; false when the event has no such room. */
export async function renameRoom(db: Db, eventId: number, roomId: number, name: string): Promise<boolean> {
  const result = await db
    .updateTable('rooms')
    .set({ name })
    .where('id', '=', roomId)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteRooms(db: Db, roomIds: readonly number[]): Promise<void> {
  if (roomIds.length === 0) return;
  await db.deleteFrom('rooms').where('id', 'in', roomIds).execute();
}

/** The rooms of a lab's running events (started, not closed): those whose sessions may be live now. */
export async function runningRoomsOfLab(db: Db, labId: number): Promise<{ id: number; event_id: number }[]> {
  return db
    .selectFrom('rooms')
    .innerJoin('events', 'events.id', 'rooms.event_id')
    .select(['rooms.id', 'rooms.event_id'])
    .where('events.lab_id', '=', labId)
    .where('events.active', '=', true)
    .where('events.end_date', 'is', null)
    .orderBy('rooms.id')
    .execute();
}
