// An event's guest list as managers keep it in the back office (back-office spec, sections 2.4, 2.5 and
// 5): add a guest (placed in the emptiest room when the event distributes its guests, in the chosen
// room when it does not), edit one, remove one, list them. One e-mail is one participant per event.
import {
  canChangeEvent,
  DomainError,
  forbidden,
  invalid,
  NOT_YOUR_EVENT,
  notFound,
  type ParticipantForm,
  type ParticipantView,
} from '@lablive/domain';
import type { Caller } from '../access/caller.ts';
import { findVisibleEvent } from '../access/visibleEvents.ts';
import type { Db } from '../db/connection.ts';
import type { GuestNotices } from '../events/guestNotices.ts';
import { distributeToRoom, findRoomInLab } from '../events/rooms.repository.ts';
import {
  createOrFindParticipant,
  deleteParticipant,
  findParticipantInLab,
  listEventParticipants,
  type NewParticipation,
  updateParticipantFields,
} from './participants.repository.ts';

const alreadyInvited = (email: string) =>
  new DomainError('conflict', `${email} is already a participant of this event.`);

export type GuestList = ReturnType<typeof createGuestList>;

export function createGuestList(db: Db, { reminders, calendar }: GuestNotices = {}) {
  /** The event, if the caller may change it and it is not closed. */
  async function changeableEvent(caller: Caller, eventId: number) {
    const event = await findVisibleEvent(db, caller.principal, eventId);
    if (!event) throw notFound('event', eventId);
    if (!canChangeEvent(caller.principal, { ownerId: event.owner_id })) throw forbidden(NOT_YOUR_EVENT);
    if (event.end_date !== null) {
      throw new DomainError('conflict', 'This event is closed: its guest list can no longer change.');
    }
    return event;
  }

  async function checkRoom(labId: number, eventId: number, roomId: number | null, manual: boolean) {
    if (roomId === null) {
      if (manual) throw invalid('room_id', 'choose a room: this event places its guests by hand.');
      return;
    }
    const room = await findRoomInLab(db, labId, roomId);
    if (!room || room.event_id !== eventId) throw invalid('room_id', `no room ${roomId} in this event.`);
  }

  /**
   * The participant `values` describe, made unless their e-mail already takes part; a new one's reminders
   * are scheduled in the same transaction. Every way into an event goes through here: a manager adding a
   * guest, or someone registering themself (participationService.ts).
   */
  async function enrol(values: NewParticipation) {
    return db.transaction().execute(async (trx) => {
      const found = await createOrFindParticipant(trx, values);
      if (found.created) await reminders?.scheduleGuest(trx, found.participant.id);
      return found;
    });
  }

  async function guest(caller: Caller, participantId: number): Promise<ParticipantView> {
    const participant = await findParticipantInLab(db, caller.principal.labId, participantId);
    if (!participant) throw notFound('participant', participantId);
    return participant;
  }

  return {
    enrol,

    /** An event's guests, for whoever manages it (seeing a public event is not managing its guests). */
    async list(caller: Caller, eventId: number): Promise<ParticipantView[]> {
      const event = await findVisibleEvent(db, caller.principal, eventId);
      if (!event) throw notFound('event', eventId);
      if (!canChangeEvent(caller.principal, { ownerId: event.owner_id })) throw forbidden(NOT_YOUR_EVENT);
      return listEventParticipants(db, event.id);
    },

    async add(
      caller: Caller,
      eventId: number,
      form: ParticipantForm & { user_id?: number | null; timezone?: string | null },
    ): Promise<ParticipantView> {
      const event = await changeableEvent(caller, eventId);
      await checkRoom(caller.principal.labId, event.id, form.room_id, !event.auto_dispatcher);
      const [firstName = '', ...rest] = form.name.split(/\s+/);
      const { participant, created } = await enrol({
        eventId: event.id,
        labId: event.lab_id,
        userId: form.user_id ?? null,
        roomId: form.room_id,
        email: form.email,
        name: form.name,
        firstName,
        lastName: rest.join(' '),
        role: form.role,
        job: form.job ?? null,
        timezone: form.timezone ?? null,
      });
      if (!created) throw alreadyInvited(form.email);
      if (participant.room_id !== null || !event.auto_dispatcher) return participant;
      // Automatic distribution: the emptiest room now; nobody already placed moves.
      const roomId = await distributeToRoom(db, participant.id, event.id);
      return roomId === undefined ? participant : { ...participant, room_id: roomId };
    },

    async edit(caller: Caller, participantId: number, form: ParticipantForm): Promise<ParticipantView> {
      const current = await guest(caller, participantId);
      const event = await changeableEvent(caller, current.event_id);
      await checkRoom(caller.principal.labId, event.id, form.room_id, !event.auto_dispatcher);
      const updated = await updateParticipantFields(db, current.id, {
        name: form.name,
        email: form.email,
        role: form.role,
        room_id: form.room_id ?? current.room_id,
        job: form.job ?? null,
      });
      if (!updated) throw alreadyInvited(form.email);
      return updated;
    },

    async remove(caller: Caller, participantId: number): Promise<void> {
      const current = await guest(caller, participantId);
      await changeableEvent(caller, current.event_id);
      // The guest's calendar entry is withdrawn with them: the mail leaves once the removal commits.
      await db.transaction().execute(async (trx) => {
        await calendar?.guestRemoved(trx, current.event_id, current.id);
        await reminders?.unscheduleGuest(trx, current.id);
        await deleteParticipant(trx, caller.principal.labId, current.id);
      });
    },
  };
}
