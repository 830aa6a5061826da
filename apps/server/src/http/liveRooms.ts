// A live room as its REST calls see it: its data (medias, polls, the caller's participation, the
// session), what the live room opens with (the same and the video session) and leaving it. Who gets in
// is resolveRoomAccess's rule, the same as the socket's: another lab's room is 404, a room the caller is
// not admitted to 403. Beside restCommands.ts and restRoomViews.ts, whose room commands and views it uses.
import {
  AUTHENTICATION_KEY_FAILED,
  beyondMeshLimit,
  DomainError,
  type EventRole,
  entryRefusal,
  isAnimator,
  isObserver,
  type KnockingGuest,
  MESH_PARTICIPANT_LIMIT,
  notFound,
  type Principal,
  ROOM_REJECTIONS,
} from '@lablive/domain';
import { resolveRoomAccess } from '../access/roomAccess.ts';
import type { Db } from '../db/connection.ts';
import { findRoomInLab, keepOpenTokSession, listEventMedias } from '../events/rooms.repository.ts';
import { findLab } from '../labs/labs.repository.ts';
import { type VideoProvider, VideoProviderError } from '../media/videoSessions.ts';
import { participantNames } from '../participants/participantNames.repository.ts';
import type { RoomService } from '../rooms/roomService.ts';
import { executeRestCommand, RoomCommandRejected, rejectionError } from './restCommands.ts';
import { roomPollViews, roomSessionStatus, visibleRoomState } from './restRoomViews.ts';

/** Animators and observers run or watch the room: they may invite others into a public event. */
const isStaffRole = (role: EventRole) => isAnimator(role) || isObserver(role);

/** The connection is gone already: leaving again is not an error. */
const ALREADY_GONE = new Set(['not_in_room', 'unknown_connection']);

/** Where a video provider that does not answer is reported (the request's log). */
export type VideoFailureLog = { warn(details: object, message: string): void };

export type LiveRooms = ReturnType<typeof createLiveRooms>;

export function createLiveRooms(deps: { db: Db; rooms: RoomService; video: VideoProvider; now: () => Date }) {
  const { db, rooms } = deps;

  /** The caller's access and the room's row, and what both room calls show: medias and polls. */
  async function roomView(principal: Principal, roomId: number) {
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

  /** A mesh room past what the mesh carries: the operator's log says so (staff see a notice). */
  async function warnPastMeshLimit(roomId: number, joining: number, log: VideoFailureLog) {
    const { state } = await rooms.snapshot(roomId);
    const people = new Set([...state.viewers.map((viewer) => viewer.id), joining]).size;
    if (beyondMeshLimit(people))
      log.warn(
        { roomId, people, limit: MESH_PARTICIPANT_LIMIT },
        'mesh room past its limit: video may fail; run a media server (JANUS_URL)',
      );
  }

  return {
    async data(principal: Principal, roomId: number) {
      const { access, room, medias, polls, participation } = await roomView(principal, roomId);
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
        lobby: access.config.lobby === true,
      };
    },

    /** Who knocks at the room's lobby, named from the event's participants: for the room's hosts. */
    async knocking(principal: Principal, roomId: number): Promise<KnockingGuest[]> {
      const access = await resolveRoomAccess(db, principal, roomId);
      if (!isAnimator(access.actor.role)) throw new DomainError('forbidden', ROOM_REJECTIONS.not_animator);
      const { knocking } = (await rooms.snapshot(roomId)).state.lobby;
      const names = await participantNames(
        db,
        access.config.eventId,
        knocking.map((knock) => knock.participantId),
      );
      return knocking.map((knock) => ({ ...knock, name: names.get(knock.participantId) ?? '' }));
    },

    async token(principal: Principal, roomId: number, log: VideoFailureLog) {
      const { access, room, medias, polls, participation } = await roomView(principal, roomId);
      // The video session is for those the room lets in: not a guest still in the lobby, locked out
      // or removed (the same rule as the room's JoinRoom, lobby.ts).
      const refusal = entryRefusal((await rooms.snapshot(room.id)).state, access.actor);
      if (refusal !== null) throw rejectionError(refusal, ROOM_REJECTIONS[refusal]);
      const lab = await findLab(db, room.lab_id);
      let session: Awaited<ReturnType<VideoProvider['openSession']>>;
      try {
        session = await deps.video.openSession({
          existingSessionId: room.opentok_session_id,
          keepSession: (sessionId) => keepOpenTokSession(db, room.id, sessionId),
          participantId: access.actor.participantId,
          role: access.actor.role,
          sessionName: room.event_name,
          now: deps.now(),
        });
      } catch (error) {
        if (!(error instanceof VideoProviderError)) throw error;
        log.warn({ err: error, roomId: room.id }, 'video provider unavailable');
        throw new DomainError('service_unavailable', AUTHENTICATION_KEY_FAILED);
      }
      if (session.provider === 'mesh') await warnPastMeshLimit(room.id, access.actor.participantId, log);
      return {
        medias,
        polls,
        // A room's camera needs its lab's leave too (issue 28): without it nobody is offered a camera.
        activeModules: room.active_modules.filter(
          (module) => module !== 'active_camera' || (lab?.modules.includes('active_camera') ?? false),
        ),
        labLogoUrl: lab?.theme.logoUrl ?? null,
        session,
        participation,
        roomName: room.name,
        // Staff hand the public link out; a guest has no use for it.
        publicSlug: room.event_is_public && isStaffRole(participation.role) ? room.event_slug : null,
      };
    },

    /**
     * An HTTP caller has no socket of its own: without a connection id, every connection it has in the
     * room leaves (the old client's "leave room" button means all of them).
     */
    async leave(principal: Principal, roomId: number, asked: string | undefined, requestId: string) {
      const { actor } = await resolveRoomAccess(db, principal, roomId);
      const connections = asked
        ? [asked]
        : ((await visibleRoomState(rooms, roomId, actor)).viewers.find(
            (viewer) => viewer.id === actor.participantId,
          )?.connections ?? []);
      for (const [index, connectionId] of connections.entries()) {
        try {
          await executeRestCommand(rooms, {
            roomId,
            actor,
            command: { type: 'LeaveRoom', data: { connectionId, reason: 'left' } },
            requestId,
            step: `leave-${index}`,
          });
        } catch (error) {
          if (!(error instanceof RoomCommandRejected && ALREADY_GONE.has(error.code))) throw error;
        }
      }
    },
  };
}
