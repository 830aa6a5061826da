// Event invitations: GET event-invitations?event=&participant= (managers, or a participant reading
// their own) and POST event-invitations (managers): the invitation, a single-use link token, and the
// mail carrying `${PUBLIC_URL}/?invitation=<token>`. The token is only ever in the mail.
import {
  createdEventInvitationSchema,
  createEventInvitationRequestSchema,
  DomainError,
  eventInvitationSchema,
  eventInvitationsQuerySchema,
  forbidden,
  invalid,
  LOCALES,
  type Locale,
  notFound,
} from '@lablive/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventsManagedBy, findVisibleEvent } from '../../access/visibleEvents.ts';
import type { Authenticator } from '../../auth/authentication.ts';
import { issueInvitationToken } from '../../auth/invitations.repository.ts';
import { invitationUrl } from '../../auth/personalLink.ts';
import type { CalendarMails } from '../../calendar/calendarMails.ts';
import type { Db } from '../../db/connection.ts';
import { findRoomInLab } from '../../events/rooms.repository.ts';
import { createInvitation, listInvitations } from '../../invitations/invitations.repository.ts';
import type { MailOutbox } from '../../mail/mailOutbox.ts';
import { eventMail } from '../../mail/mediaTemplates.ts';
import { invitationMail } from '../../mail/templates.ts';
import { findParticipantInLab, ownParticipationIds } from '../../participants/participants.repository.ts';
import { holds, personOf } from './routeHelpers.ts';

export type InvitationsRoutesOptions = {
  db: Db;
  authenticator: Authenticator;
  /** Where the invitation's mail goes: the job queue, within the invitation's transaction. */
  mailOutbox: MailOutbox;
  /** The calendar entry the invitation carries. */
  calendar: CalendarMails;
  publicUrl: string;
  invitationTtlSeconds: number;
  now: () => Date;
};

const isLocale = (value: string): value is Locale => (LOCALES as readonly string[]).includes(value);

/**
 * A participant with an account reads mail in its language; a guest without one in the language of the
 * manager who invites them (who writes to their audience in it).
 */
async function localeOf(db: Db, userId: number | null, inviterLocale: Locale): Promise<Locale> {
  if (userId === null) return inviterLocale;
  const user = await db.selectFrom('users').select('locale').where('id', '=', userId).executeTakeFirst();
  return user && isLocale(user.locale) ? user.locale : inviterLocale;
}

export async function invitationsRoutes(instance: FastifyInstance, options: InvitationsRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, authenticator, mailOutbox, calendar } = options;

  app.get(
    '/event-invitations',
    {
      schema: { querystring: eventInvitationsQuerySchema, response: { 200: z.array(eventInvitationSchema) } },
    },
    async (request) => {
      const caller = await authenticator.authenticate(request);
      const { principal } = caller;
      const { event: eventId, participant } = request.query;
      // The role lookup of the waiting room: anyone reads the invitations they received; a manager also
      // those of the events they manage (not of every event they may see: a public one is not theirs).
      const own = await ownParticipationIds(db, personOf(caller));
      if (!holds(principal, 'manage_events')) {
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
  );

  app.post(
    '/event-invitations',
    {
      schema: { body: createEventInvitationRequestSchema, response: { 201: createdEventInvitationSchema } },
    },
    async (request, reply) => {
      const { principal, user } = await authenticator.authenticate(request);
      const body = request.body;
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
      const now = options.now();
      const locale = await localeOf(db, participant.user_id, user.locale);
      // The invitation, its link and its mail commit together: with the job queue the mail is sent
      // (and retried while the mail server is down) once the invitation exists, never without it.
      const { invitation, mailed } = await db.transaction().execute(async (trx) => {
        const created = await createInvitation(trx, principal.labId, {
          eventId: event.id,
          participantId: participant.id,
          roomId,
          role: body.role,
        });
        const token = await issueInvitationToken(trx, created.id, options.invitationTtlSeconds, now);
        const url = invitationUrl(options.publicUrl, token);
        const params = {
          name: participant.name || participant.email,
          eventName: event.name,
          startsAt: event.planned_start_date,
          timeZone: participant.timezone ?? event.default_timezone,
          role: body.role,
          url,
          calendarUrl: calendar.pageUrl(event.id, participant.id),
        };
        const mail = await eventMail(trx, { eventId: event.id, kind: 'invitation', locale }, params, () =>
          invitationMail(locale, params),
        );
        // The guest's calendar entry for the event, their link as its place (RFC 5545, METHOD:REQUEST).
        const icalEvent = await calendar.invitationEntry(trx, event.id, participant, url);
        try {
          await mailOutbox.send(
            trx,
            { to: participant.email, ...mail, ...(icalEvent ? { icalEvent } : {}) },
            `invitation-${created.id}`,
            { kind: 'invitation', labId: principal.labId, eventId: event.id, participantId: participant.id },
          );
          return { invitation: created, mailed: true };
        } catch (error) {
          // Sent at once (no queue) and refused: the invitation stands, the manager sees `mailed: false`
          // and can invite again (a new link).
          request.log.error({ err: error, invitationId: created.id }, 'invitation mail not sent');
          return { invitation: created, mailed: false };
        }
      });
      return reply.status(201).send({ ...invitation, mailed });
    },
  );
}
