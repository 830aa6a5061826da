// A running event of the seeded demo lab with one room, owned by a demo account, as the browser tests
// need it (the seed's own event has its own rooms and guests): what the animator joins from the events
// page and guests from its public link.
import type { Db } from '@lablive/server/testing';

export type RunningEvent = { labId: number; eventId: number; roomId: number; slug: string };

export async function createRunningEvent(
  db: Db,
  options: { name: string; slugPrefix: string; isPublic: boolean; roomName: string; ownerEmail?: string },
): Promise<RunningEvent> {
  const lab = await db.selectFrom('labs').select('id').executeTakeFirstOrThrow();
  const owner = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', options.ownerEmail ?? 'animator@lablive.test')
    .executeTakeFirstOrThrow();
  const event = await db
    .insertInto('events')
    .values({
      lab_id: lab.id,
      owner_id: owner.id,
      name: options.name,
      slug: `pending-${Date.now()}`,
      is_public: options.isPublic,
      active: true,
      planned_start_date: new Date(),
      planned_end_date: new Date(Date.now() + 3600_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The slug names the event's id, so two runs never collide.
  const slug = `${options.slugPrefix}-${event.id}`;
  await db.updateTable('events').set({ slug }).where('id', '=', event.id).execute();
  const room = await db
    .insertInto('rooms')
    .values({ event_id: event.id, lab_id: lab.id, name: options.roomName, opentok_session_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { labId: lab.id, eventId: event.id, roomId: room.id, slug };
}
