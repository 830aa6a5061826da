// A live room over REST: GET rooms/{id} (room data), GET rooms/{id}/token (what the live room opens
// with, including the video session) and POST rooms/{id}/leave. Who gets in is resolveRoomAccess's
// rule, the same as the socket's: another lab's room is 404, a room the caller is not admitted to 403.
import {
  AUTHENTICATION_KEY_FAILED,
  DomainError,
  type EventRole,
  isAnimator,
  isObserver,
  leaveRoomRequestSchema,
  noContentSchema,
  notFound,
  roomDataSchema,
  roomTokenResponseSchema,
} from '@lablive/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resolveRoomAccess } from '../../access/roomAccess.ts';
import type { Authenticator } from '../../auth/authentication.ts';
import type { Db } from '../../db/connection.ts';
import { findRoomInLab, keepOpenTokSession, listEventMedias } from '../../events/rooms.repository.ts';
import { findLab } from '../../labs/labs.repository.ts';
import { type VideoProvider, VideoProviderError } from '../../media/videoSessions.ts';
import type { RoomService } from '../../rooms/roomService.ts';
import { executeRestCommand, RoomCommandRejected } from '../restCommands.ts';
import { roomPollViews, roomSessionStatus, visibleRoomState } from '../restRoomViews.ts';
import { idParams } from './routeHelpers.ts';

/** Animators and observers run or watch the room: they may invite others into a public event. */
const isStaffRole = (role: EventRole) => isAnimator(role) || isObserver(role);

export type RoomsRoutesOptions = {
  db: Db;
  authenticator: Authenticator;
  rooms: RoomService;
  video: VideoProvider;
  now: () => Date;
};

/** The connection is gone already: leaving again is not an error. */
const ALREADY_GONE = new Set(['not_in_room', 'unknown_connection']);

export async function roomsRoutes(instance: FastifyInstance, options: RoomsRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, authenticator, rooms } = options;

  /** The caller's access and the room's row, and what both room calls show: medias and polls. */
  async function roomView(request: FastifyRequest, roomId: number) {
    const { principal } = await authenticator.authenticate(request);
    const access = await resolveRoomAccess(db, principal, roomId);
    const room = await findRoomInLab(db, principal.labId, roomId);
    if (!room) throw notFound('room', roomId);
    const [medias, polls] = await Promise.all([
      listEventMedias(db, room.event_id),
      roomPollViews(db, rooms, access.config, access.actor),
    ]);
    const participation = { id: access.actor.participantId, role: access.actor.role };
    return { access, room, medias, polls, participation };
  }

  app.get(
    '/rooms/:id',
    {
      schema: { params: idParams, response: { 200: roomDataSchema } },
    },
    async (request) => {
      const { room, medias, polls, participation } = await roomView(request, request.params.id);
      const session = await roomSessionStatus(rooms, room.id, room.event_end_date !== null);
      return {
        id: room.id,
        event_id: room.event_id,
        lab_id: room.lab_id,
        name: room.name,
        opentok_session_id: room.opentok_session_id,
        active_modules: room.active_modules,
        medias,
        polls,
        participation,
        session,
      };
    },
  );

  app.get(
    '/rooms/:id/token',
    {
      schema: { params: idParams, response: { 200: roomTokenResponseSchema } },
    },
    async (request) => {
      const { access, room, medias, polls, participation } = await roomView(request, request.params.id);
      const lab = await findLab(db, room.lab_id);
      let session: Awaited<ReturnType<VideoProvider['openSession']>>;
      try {
        session = await options.video.openSession({
          existingSessionId: room.opentok_session_id,
          keepSession: (sessionId) => keepOpenTokSession(db, room.id, sessionId),
          participantId: access.actor.participantId,
          role: access.actor.role,
          sessionName: room.event_name,
          now: options.now(),
        });
      } catch (error) {
        if (!(error instanceof VideoProviderError)) throw error;
        request.log.warn({ err: error, roomId: room.id }, 'video provider unavailable');
        throw new DomainError('service_unavailable', AUTHENTICATION_KEY_FAILED);
      }
      return {
        medias,
        polls,
        activeModules: room.active_modules,
        labLogoUrl: lab?.theme.logoUrl ?? null,
        session,
        participation,
        roomName: room.name,
        // Staff hand the public link out; a guest has no use for it.
        publicSlug: room.event_is_public && isStaffRole(participation.role) ? room.event_slug : null,
      };
    },
  );

  app.post(
    '/rooms/:id/leave',
    { schema: { params: idParams, body: leaveRoomRequestSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      const { principal } = await authenticator.authenticate(request);
      const { actor } = await resolveRoomAccess(db, principal, request.params.id);
      // An HTTP caller has no socket of its own: without a connection id, every connection it has in
      // the room leaves (the old client's "leave room" button means all of them).
      const asked = request.body?.connectionId;
      const connections = asked
        ? [asked]
        : ((await visibleRoomState(rooms, request.params.id, actor)).viewers.find(
            (viewer) => viewer.id === actor.participantId,
          )?.connections ?? []);
      for (const [index, connectionId] of connections.entries()) {
        try {
          await executeRestCommand(rooms, {
            roomId: request.params.id,
            actor,
            command: { type: 'LeaveRoom', data: { connectionId, reason: 'left' } },
            requestId: request.id,
            step: `leave-${index}`,
          });
        } catch (error) {
          if (!(error instanceof RoomCommandRejected && ALREADY_GONE.has(error.code))) throw error;
        }
      }
      return reply.status(204).send(null);
    },
  );
}
