// The event lifecycle of the back office (back-office spec, sections 2.3, 4 and 5; live-room spec,
// section 7): plan an event (create, edit, its rooms and medias), start it, close it, cancel it. Each
// change runs in one transaction on the event's locked row; closing then ends the live session of each
// of its rooms through the room service, so everyone in them sees the end and the log records it.
import {
  canChangeEvent,
  conflict,
  type EventForm,
  type EventPatch,
  eventSlug,
  forbidden,
  invalid,
  type LabEventDetails,
  type MailLogEntry,
  mergeEventPatch,
  NOT_YOUR_EVENT,
  notFound,
  plannedInstants,
} from '@lablive/domain';
import type { Caller } from '../access/caller.ts';
import type { Db } from '../db/connection.ts';
import { listEventMails } from '../mail/mailLog.repository.ts';
import { unknownMediaIds } from '../medias/medias.repository.ts';
import type { RoomService } from '../rooms/roomService.ts';
import { isBlockedDay } from './deploymentSchedulers.repository.ts';
import { sanitizeDescription } from './description.ts';
import { endRoomSessions } from './endSessions.ts';
import {
  deleteEvent,
  type EventFields,
  findEventInLab,
  insertEvent,
  lockEvent,
  replaceEventMedias,
  setEventRunning,
  updateEventFields,
} from './events.repository.ts';
import type { GuestNotices } from './guestNotices.ts';
import { addRooms, deleteRooms, listRoomsWithUsage } from './rooms.repository.ts';

export type EventServiceDeps = GuestNotices & {
  db: Db;
  rooms: RoomService;
  now: () => Date;
};

export type EventService = ReturnType<typeof createEventService>;

type LockedEvent = NonNullable<Awaited<ReturnType<typeof lockEvent>>>;

export function createEventService(deps: EventServiceDeps) {
  const { db, rooms, now, reminders, calendar, certificates } = deps;
  return {
    async create(caller: Caller, form: EventForm): Promise<{ id: number }> {
      const { principal } = caller;
      if (principal.kind !== 'user') throw forbidden('Only lab staff create events.');
      const id = await db.transaction().execute(async (trx) => {
        const fields = await fieldsOf(trx, principal.labId, form);
        const eventId = await insertEvent(trx, {
          ...fields,
          labId: principal.labId,
          ownerId: principal.userId,
          slugOf: (newId) => eventSlug(form.name, newId),
        });
        await replaceEventMedias(trx, eventId, form.medias);
        await resizeRooms(trx, { id: eventId, labId: principal.labId }, form.rooms_needed);
        await reminders?.scheduleEvent(trx, eventId);
        return eventId;
      });
      return { id };
    },

    /** Saves the whole form (the web's edit). */
    async edit(caller: Caller, eventId: number, form: EventForm): Promise<LabEventDetails> {
      return save(deps, caller, eventId, () => form);
    },

    /** The spec's partial edit: the fields sent change, the others keep their stored value. */
    async patch(caller: Caller, eventId: number, patch: EventPatch): Promise<LabEventDetails> {
      return save(deps, caller, eventId, (stored) => mergeEventPatch(stored, patch));
    },

    /** Opens the event's rooms: active, with start_date now. Starting a running event changes nothing. */
    async start(caller: Caller, eventId: number): Promise<LabEventDetails> {
      await db.transaction().execute(async (trx) => {
        const event = await lockForChange(trx, caller, eventId);
        if (event.end_date !== null) throw conflict('This event is closed: it cannot start again.');
        if (!event.active) await setEventRunning(trx, eventId, { active: true, start_date: now() });
      });
      return details(db, caller.principal.labId, eventId);
    },

    /**
     * Closes the event for good (end_date now), then ends the session of each of its rooms. The close
     * is committed first: a room that cannot be reached now still refuses everyone, since a closed
     * event's rooms admit nobody; closing again retries the rooms' ends.
     */
    async close(caller: Caller, eventId: number, requestId: string): Promise<LabEventDetails> {
      await db.transaction().execute(async (trx) => {
        const event = await lockForChange(trx, caller, eventId);
        if (event.end_date === null) {
          // A closed event sends no more reminders.
          await reminders?.unscheduleEvent(trx, eventId);
          await setEventRunning(trx, eventId, { active: false, end_date: now() });
          // Its attendance certificates are issued once the rooms' ends are folded (certificates/).
          await certificates?.eventClosed(trx, eventId);
        }
      });
      const closed = await details(db, caller.principal.labId, eventId);
      await endRoomSessions(rooms, {
        roomIds: closed.rooms.map((room) => room.id),
        by: caller.user,
        commandPrefix: `close-event-${eventId}`,
        correlationId: requestId,
      });
      return closed;
    },

    /** The event's mail log, newest first: for those who may change the event (its guests' addresses). */
    async mailLog(caller: Caller, eventId: number): Promise<MailLogEntry[]> {
      const event = await findEventInLab(db, caller.principal.labId, eventId);
      if (!event) throw notFound('event', eventId);
      if (!canChangeEvent(caller.principal, { ownerId: event.owner_id })) throw forbidden(NOT_YOUR_EVENT);
      return listEventMails(db, eventId);
    },

    /**
     * Cancels (deletes) an event that never ran: not started, not closed, nothing in its rooms' logs.
     * An event that ran keeps its history: it can be closed instead.
     */
    async cancel(caller: Caller, eventId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const event = await lockForChange(trx, caller, eventId);
        if (event.active || event.start_date !== null || event.end_date !== null) {
          throw conflict('Only an event that never started can be cancelled; close it instead.');
        }
        const used = (await listRoomsWithUsage(trx, eventId)).find((room) => room.hasSessionEvents);
        if (used) throw conflict(`${used.name} already has a session history: close the event instead.`);
        await calendar?.eventCancelled(trx, eventId);
        await reminders?.unscheduleEvent(trx, eventId);
        await deleteEvent(trx, eventId);
      });
    },
  };
}

/** An edit of an open event: the form `formOf` makes from the event as stored, saved as create does. */
async function save(
  { db, reminders, calendar }: EventServiceDeps,
  caller: Caller,
  eventId: number,
  formOf: (stored: LabEventDetails) => EventForm,
): Promise<LabEventDetails> {
  const { labId } = caller.principal;
  await db.transaction().execute(async (trx) => {
    const event = await lockForChange(trx, caller, eventId);
    if (event.end_date !== null) throw conflict('This event is closed: it can no longer be changed.');
    const form = formOf(await details(trx, labId, eventId));
    const before = await calendar?.facts(trx, eventId);
    // The reminders of the event as it stood go; those of the event as it now stands are scheduled.
    await reminders?.unscheduleEvent(trx, eventId);
    await updateEventFields(trx, eventId, await fieldsOf(trx, labId, form));
    await replaceEventMedias(trx, eventId, form.medias);
    await resizeRooms(trx, { id: eventId, labId }, form.rooms_needed);
    await reminders?.scheduleEvent(trx, eventId);
    // Moved or renamed: every invited guest's calendar entry follows (same entry, a new version).
    if (before) await calendar?.eventSaved(trx, eventId, before);
  });
  return details(db, labId, eventId);
}

/** The caller's lab's event, locked, if the caller may change it (canChangeEvent). */
async function lockForChange(trx: Db, caller: Caller, eventId: number): Promise<LockedEvent> {
  const event = await lockEvent(trx, caller.principal.labId, eventId);
  if (!event) throw notFound('event', eventId);
  if (!canChangeEvent(caller.principal, { ownerId: event.owner_id })) throw forbidden(NOT_YOUR_EVENT);
  return event;
}

/** The form's fields as columns, after the rules the schema cannot check (lab's medias, blocked days). */
async function fieldsOf(trx: Db, labId: number, form: EventForm): Promise<EventFields> {
  const unknown = await unknownMediaIds(trx, labId, form.medias);
  if (unknown.length > 0) throw invalid('medias', `no presentation media ${unknown.join(', ')}.`);
  if (await isBlockedDay(trx, form.date)) {
    throw invalid('date', `${form.date} is blocked by a platform deployment: choose another day.`);
  }
  const { plannedStart, plannedEnd } = plannedInstants(form);
  return {
    name: form.name,
    type: form.type,
    description: sanitizeDescription(form.description),
    is_public: form.is_public,
    // A public event's guests come without an invitation: nobody could place them by hand.
    auto_dispatcher: form.is_public || form.auto_dispatcher,
    rooms_needed: form.rooms_needed,
    email_relaunch_j7: form.email_relaunch_J7,
    email_relaunch_j1: form.email_relaunch_J1,
    email_relaunch_h1: form.email_relaunch_h1,
    lobby: form.lobby,
    default_timezone: form.default_timezone,
    planned_start_date: plannedStart,
    planned_end_date: plannedEnd,
  };
}

/**
 * Gives the event `wanted` rooms: new ones are added after the last; surplus ones are removed from
 * the last, unless one holds participants or session events (the message names it).
 */
async function resizeRooms(trx: Db, event: { id: number; labId: number }, wanted: number) {
  const current = await listRoomsWithUsage(trx, event.id);
  if (wanted > current.length) {
    const numbers = Array.from({ length: wanted - current.length }, (_, i) => current.length + i + 1);
    await addRooms(trx, event, numbers);
    return;
  }
  const surplus = current.slice(wanted);
  const kept = surplus.find((room) => room.participantCount > 0 || room.hasSessionEvents);
  if (kept) {
    // Two of the domain's REFUSALS (roomHoldsGuests, roomHoldsHistory): a page says them in its language.
    const why = kept.participantCount > 0 ? `${kept.participantCount} participant(s)` : 'a session history';
    throw invalid('rooms_needed', `${kept.name} holds ${why}: move them or keep ${current.length} rooms.`);
  }
  await deleteRooms(
    trx,
    surplus.map((room) => room.id),
  );
}

async function details(db: Db, labId: number, eventId: number): Promise<LabEventDetails> {
  const event = await findEventInLab(db, labId, eventId);
  if (!event) throw notFound('event', eventId);
  return event;
}
