// Event invitations: who may read which (a participant their own, a manager those of the events they
// manage), and inviting a participant: the invitation, its single-use link token and the mail carrying
// `${PUBLIC_URL}/?invitation=<token>` with the guest's calendar entry, committed together. The token is
// only ever in the mail.
import {
  type AddToGuestCalendar,
  type CreateEventInvitationRequest,
  canChangeEvent,
  conflict,
  DomainError,
  type EventInvitationView,
  effectivePermissions,
  forbidden,
  invalid,
  NOT_YOUR_EVENT,
  notFound,
} from '@lablive/domain';
import type { Caller } from '../access/caller.ts';
import { eventsManagedBy, findVisibleEvent } from '../access/visibleEvents.ts';
import { issueInvitationToken } from '../auth/invitations.repository.ts';
import { invitationUrl } from '../auth/personalLink.ts';
import type { CalendarMails } from '../calendar/calendarMails.ts';
import type { Db } from '../db/connection.ts';
import { mailDescription } from '../events/description.ts';
import { findRoomInLab } from '../events/rooms.repository.ts';
import { guestLocale } from '../mail/guestLocale.ts';
import { guestMail, guestMailParams } from '../mail/guestMail.ts';
import type { MailOutbox } from '../mail/mailOutbox.ts';
import { eventMail } from '../mail/mediaTemplates.ts';
import { invitationMail } from '../mail/templates.ts';
import {
  findGuestLanguages,
  findParticipantInLab,
  ownParticipationIds,
} from '../participants/participants.repository.ts';
import { createInvitation, listInvitations } from './invitations.repository.ts';

export type InvitationServiceDeps = {
  db: Db;
  /** Where the invitation's mail goes: the job queue, within the invitation's transaction. */
  mailOutbox: MailOutbox;
  /** The calendar entry the invitation carries. */
  calendar: CalendarMails;
  publicUrl: string;
  invitationTtlSeconds: number;
  now: () => Date;
};

/** Where a mail that could not be handed over is reported (the request's log). */
export type MailRefusalLog = { error(details: object, message: string): void };

export type InvitationService = ReturnType<typeof createInvitationService>;

export function createInvitationService(deps: InvitationServiceDeps) {
  const { db, mailOutbox, calendar } = deps;

  return {
    /**
     * The role lookup of the waiting room: anyone reads the invitations they received; a manager also
     * those of the events they manage (not of every event they may see: a public one is not theirs).
     */
    async list(
      caller: Caller,
      query: { event?: number | undefined; participant?: number | undefined },
    ): Promise<EventInvitationView[]> {
      const { principal } = caller;
      const { event: eventId, participant } = query;
      const own = await ownParticipationIds(db, { principal, email: caller.user.email });
      if (!effectivePermissions(principal).includes('manage_events')) {
        if (participant !== undefined && !own.includes(participant)) {
          throw forbidden('You can only read your own invitations.');
        }
        return listInvitations(db, principal.labId, {
          eventId,
          participantIds: participant === undefined ? own : [participant],
        });
      }
      const invitations = await listInvitations(db, principal.labId, {
        eventId,
        participantIds: participant === undefined ? undefined : [participant],
      });
      const managed = await eventsManagedBy(
        db,
        principal,
        invitations.map((invitation) => invitation.event),
      );
      return invitations.filter(
        (invitation) => managed.has(invitation.event) || own.includes(invitation.participant.id),
      );
    },

    /**
     * POST participants/calendar/add-event from the back office: the participant invited again, in the
     * role and room they hold, so their mail carries their calendar entry (calendarInvitation).
     */
    async addToCalendar(caller: Caller, request: AddToGuestCalendar, log: MailRefusalLog) {
      return this.invite(caller, await calendarInvitation(db, caller, request), log);
    },

    /** Invites a participant of an event the caller sees; `mailed: false` when the mail was refused at once. */
    async invite(caller: Caller, body: CreateEventInvitationRequest, log: MailRefusalLog) {
      const { principal } = caller;
      const participant = await findParticipantInLab(db, principal.labId, body.participant);
      if (!participant) throw notFound('participant', body.participant);
      const event = await findVisibleEvent(db, principal, body.event);
      if (!event) throw notFound('event', body.event);
      if (participant.event_id !== event.id) {
        throw invalid('participant', `participant ${participant.id} takes part in another event.`);
      }
      const roomId = body.room_id ?? null;
      if (roomId !== null) {
        const room = await findRoomInLab(db, principal.labId, roomId);
        if (!room || room.event_id !== event.id) {
          throw new DomainError('not_found', `No room ${roomId} in event ${event.id}.`);
        }
      }
      const now = deps.now();
      const locale = guestLocale(await findGuestLanguages(db, participant.id));
      const guest = { ...participant, timeZone: participant.timezone };
      const about = {
        guest,
        event: {
          id: event.id,
          labId: principal.labId,
          name: event.name,
          start: event.planned_start_date,
          timeZone: event.default_timezone,
        },
      };
      // The invitation, its link and its mail commit together: with the job queue the mail is sent
      // (and retried while the mail server is down) once the invitation exists, never without it.
      return db.transaction().execute(async (trx) => {
        const created = await createInvitation(trx, principal.labId, {
          eventId: event.id,
          participantId: participant.id,
          roomId,
          role: body.role,
        });
        const token = await issueInvitationToken(trx, created.id, deps.invitationTtlSeconds, now);
        const url = invitationUrl(deps.publicUrl, token);
        const params = {
          ...guestMailParams(guest, about.event),
          role: body.role,
          url,
          calendarUrl: calendar.pageUrl(event.id, participant.id),
          // Invited (or invited again) while the event runs: the mail says to join now.
          runningNow: event.active && event.end_date === null,
          description: mailDescription((await calendar.facts(trx, event.id))?.description ?? ''),
        };
        const mail = await eventMail(trx, { eventId: event.id, kind: 'invitation', locale }, params, () =>
          invitationMail(locale, params),
        );
        // The guest's calendar entry for the event, their link as its place (RFC 5545, METHOD:REQUEST).
        const icalEvent = await calendar.invitationEntry(trx, event.id, participant, url);
        const queued = guestMail('invitation', about, mail, `invitation-${created.id}`, icalEvent);
        try {
          await mailOutbox.send(trx, queued.mail, queued.key, queued.about);
          return { invitation: created, mailed: true };
        } catch (error) {
          // Sent at once (no queue) and refused: the invitation stands, the manager sees `mailed: false`
          // and can invite again (a new link).
          log.error({ err: error, invitationId: created.id }, 'invitation mail not sent');
          return { invitation: created, mailed: false };
        }
      });
    },
  };
}

/**
 * What POST participants/calendar/add-event (back-office spec, section 7: "takes event and participant")
 * means here: adding the event to the participant's calendar. LabLive writes in no calendar account
 * (ADR 0002): an entry reaches a calendar by mail, as a METHOD:REQUEST part mail clients add, and the
 * mail carrying a guest's entry is their invitation. So the call invites them again, in the role and
 * room they hold: their entry (the same UID as in their other mails) with a fresh personal link, logged
 * with the event's mails. For those who may change the event, while it is not over.
 */
async function calendarInvitation(
  db: Db,
  caller: Caller,
  request: AddToGuestCalendar,
): Promise<CreateEventInvitationRequest> {
  const event = await findVisibleEvent(db, caller.principal, request.event);
  if (!event) throw notFound('event', request.event);
  if (!canChangeEvent(caller.principal, { ownerId: event.owner_id })) throw forbidden(NOT_YOUR_EVENT);
  if (event.end_date !== null) throw conflict('This event has ended.');
  const participant = await findParticipantInLab(db, caller.principal.labId, request.participant);
  if (!participant || participant.event_id !== event.id) {
    throw invalid('participant', `no participant ${request.participant} in event ${event.id}.`);
  }
  return {
    participant: participant.id,
    event: event.id,
    room_id: participant.room_id,
    role: participant.role,
  };
}
