// Participations: POST participants (a manager registers anyone of the lab's events, a person registers
// themself), PUT participants/{id} (choose a room, or change the role), GET participants?email=,
// GET participants/{id}, DELETE participants/{id}. A participation the caller may not read is 404.
import {
  createParticipantRequestSchema,
  DomainError,
  forbidden,
  invalid,
  noContentSchema,
  notFound,
  type ParticipantView,
  participantSchema,
  participantsQuerySchema,
  updateParticipantRequestSchema,
} from '@lablive/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authenticator } from '../../auth/authentication.ts';
import type { Caller } from '../../auth/principals.repository.ts';
import type { Db } from '../../db/connection.ts';
import { findRoomInLab } from '../../events/rooms.repository.ts';
import { findVisibleEvent } from '../../events/visibleEvents.ts';
import {
  createOrFindParticipant,
  deleteParticipant,
  findParticipantInLab,
  findParticipantsByEmail,
  updateParticipant,
} from '../../participants/participants.repository.ts';
import { picksOwnRoom } from '../../rooms/roomAccess.ts';
import { findUserInLab } from '../../users/users.repository.ts';
import { holds, idParams } from './routeHelpers.ts';

const STAFF_ROLE_ONLY_BY_MANAGERS =
  'Only managers (manage events) can give the animator, observer or observer-animator role.';

function isOwn(caller: Caller, participant: ParticipantView): boolean {
  const { principal } = caller;
  if (principal.kind === 'guest') return principal.participantId === participant.id;
  return (
    participant.user_id === principal.userId ||
    participant.email.toLowerCase() === caller.user.email.toLowerCase()
  );
}

export async function participantsRoutes(
  instance: FastifyInstance,
  options: { db: Db; authenticator: Authenticator },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, authenticator } = options;

  /** The participation if the caller may read it: a manager reads the lab's, anyone else their own. */
  async function readable(caller: Caller, id: number): Promise<ParticipantView> {
    const participant = await findParticipantInLab(db, caller.principal.labId, id);
    if (!participant || !(holds(caller.principal, 'manage_events') || isOwn(caller, participant))) {
      throw notFound('participant', id);
    }
    return participant;
  }

  async function roomOfEvent(labId: number, roomId: number, eventId: number) {
    const room = await findRoomInLab(db, labId, roomId);
    if (!room || room.event_id !== eventId) {
      throw new DomainError('not_found', `No room ${roomId} in event ${eventId}.`);
    }
    return room;
  }

  app.post(
    '/participants',
    {
      schema: {
        body: createParticipantRequestSchema,
        response: { 200: participantSchema, 201: participantSchema },
      },
    },
    async (request, reply) => {
      const caller = await authenticator.authenticate(request);
      const { principal } = caller;
      const body = request.body;
      const event = await findVisibleEvent(db, principal, body.event_id);
      if (!event) throw notFound('event', body.event_id);
      const manager = holds(principal, 'manage_events');
      const ownUserId = principal.kind === 'user' ? principal.userId : null;
      if (!manager) {
        // Without manage events, a person registers themself, as a plain participant the event places.
        if (body.email.toLowerCase() !== caller.user.email.toLowerCase()) {
          throw forbidden('You can only register yourself: use your own e-mail address.');
        }
        if (body.user_id != null && body.user_id !== ownUserId)
          throw forbidden('user_id must be your own account.');
        if (body.role !== undefined && body.role !== 'participant')
          throw forbidden(STAFF_ROLE_ONLY_BY_MANAGERS);
        if (body.room_id != null)
          throw forbidden('Only managers (manage events) place a participant in a room.');
      }
      const userId = manager ? (body.user_id ?? null) : ownUserId;
      if (userId !== null && !(await findUserInLab(db, principal.labId, userId)))
        throw notFound('user', userId);
      if (body.room_id != null) await roomOfEvent(principal.labId, body.room_id, event.id);
      const firstName = body.first_name ?? (manager ? '' : caller.user.first_name);
      const lastName = body.last_name ?? (manager ? '' : caller.user.last_name);
      const { participant, created } = await createOrFindParticipant(db, {
        eventId: event.id,
        // The event's lab, whatever the body says.
        labId: event.lab_id,
        userId,
        roomId: body.room_id ?? null,
        email: body.email,
        name: body.name || `${firstName} ${lastName}`.trim() || body.email,
        firstName,
        lastName,
        role: body.role ?? 'participant',
        job: body.job ?? null,
        timezone: body.timezone ?? null,
      });
      return reply.status(created ? 201 : 200).send(participant);
    },
  );

  app.put(
    '/participants/:id',
    {
      schema: {
        params: idParams,
        body: updateParticipantRequestSchema,
        response: { 200: participantSchema },
      },
    },
    async (request) => {
      const caller = await authenticator.authenticate(request);
      const { principal } = caller;
      const target = await readable(caller, request.params.id);
      const manager = holds(principal, 'manage_events');
      const own = isOwn(caller, target);
      const { role, room_id: roomId, event_id: eventId } = request.body;

      if (role !== undefined) {
        // The waiting room's role selector is for staff: a participant may step down, not promote themself.
        if (!manager && role !== 'participant' && role !== target.role)
          throw forbidden(STAFF_ROLE_ONLY_BY_MANAGERS);
        return updateParticipant(db, target.id, { role });
      }
      if (roomId === undefined || eventId === undefined)
        throw invalid('room_id', 'send room_id and event_id.');
      if (eventId !== target.event_id)
        throw invalid('event_id', `this participation is in event ${target.event_id}.`);
      if (roomId !== null) await roomOfEvent(principal.labId, roomId, target.event_id);
      // A manager places others at any time (planning happens before the event); choosing one's own room
      // is for staff while the event runs (live-room spec, sections 4 and 6).
      if (!(manager && !own)) {
        if (!picksOwnRoom(principal, target.role)) {
          throw forbidden(
            'Only animators, observers and managers choose their room; participants are placed.',
          );
        }
        const event = await findVisibleEvent(db, principal, target.event_id);
        if (!event?.active) throw forbidden('A room can be chosen only while the event is active.');
        if (roomId === null) throw invalid('room_id', 'choose a room.');
      }
      return updateParticipant(db, target.id, { room_id: roomId });
    },
  );

  app.get(
    '/participants',
    {
      schema: { querystring: participantsQuerySchema, response: { 200: z.array(participantSchema) } },
    },
    async (request) => {
      const caller = await authenticator.authenticate(request);
      const { principal } = caller;
      const { email, event_id: eventId } = request.query;
      const found = await findParticipantsByEmail(db, principal.labId, email, eventId);
      if (holds(principal, 'manage_events')) return found;
      if (email.toLowerCase() !== caller.user.email.toLowerCase()) {
        throw forbidden('You can only look up your own participations.');
      }
      return found.filter((participant) => isOwn(caller, participant));
    },
  );

  app.get(
    '/participants/:id',
    { schema: { params: idParams, response: { 200: participantSchema } } },
    async (request) => readable(await authenticator.authenticate(request), request.params.id),
  );

  app.delete(
    '/participants/:id',
    { schema: { params: idParams, response: { 204: noContentSchema } } },
    async (request, reply) => {
      const { principal } = await authenticator.authenticate(request);
      if (!(await deleteParticipant(db, principal.labId, request.params.id))) {
        throw notFound('participant', request.params.id);
      }
      return reply.status(204).send(null);
    },
  );
}
