// Broadcast to every room of a running event (issue 33, part 4): an announcement, the banner set or
// cleared, breakouts with a timer and the recall to one room. The caller must run the event
// (broadcastStaff.ts); each room decides its own copy (rooms/broadcastDecisions.ts in the domain) and the
// answer says which rooms got it. The breakout's end is a job on the job queue (breakoutTimers.ts), so it
// happens on time whether or not anybody's browser is open.
import {
  type AnnouncementRequest,
  type BannerRequest,
  type BreakoutRequest,
  type BreakoutResponse,
  type BroadcastResponse,
  type ClearBannerRequest,
  DomainError,
  invalid,
  type RecallRequest,
} from '@lablive/domain';
import type { Caller } from '../access/caller.ts';
import type { Db } from '../db/connection.ts';
import type { RoomService } from '../rooms/roomService.ts';
import type { BreakoutTimers, DueRecall } from './breakoutTimers.ts';
import { eventStaffActor } from './broadcastStaff.ts';
import { sendToEveryRoom } from './roomFanOut.ts';

export type BroadcastService = ReturnType<typeof createBroadcastService>;

export function createBroadcastService(deps: {
  db: Db;
  rooms: RoomService;
  now: () => Date;
  /** The job queue's timers; without them (tests without a queue) a breakout cannot be timed. */
  timers: BreakoutTimers | null;
}) {
  const { db, rooms, now } = deps;

  async function fanOut(
    caller: Caller,
    eventId: number,
    kind: string,
    requestId: string,
    command: Parameters<typeof sendToEveryRoom>[1]['command'],
    correlationId: string,
  ): Promise<BroadcastResponse> {
    const { event, actor } = await eventStaffActor(db, caller, eventId);
    const outcomes = await sendToEveryRoom(rooms, {
      rooms: event.rooms,
      actor,
      commandKey: `${kind}-${event.id}-${requestId}`,
      command,
      correlationId,
    });
    return { rooms: outcomes };
  }

  async function targetRoomOf(caller: Caller, eventId: number, targetRoomId: number) {
    const { event, actor } = await eventStaffActor(db, caller, eventId);
    const target = event.rooms.find((room) => room.id === targetRoomId);
    if (!target) throw invalid('target_room_id', `Room ${targetRoomId} is not a room of this event.`);
    return { event, actor, target };
  }

  return {
    announce(caller: Caller, eventId: number, body: AnnouncementRequest, correlationId: string) {
      return fanOut(
        caller,
        eventId,
        'announce',
        body.request_id,
        () => ({
          type: 'BroadcastAnnouncement',
          data: { announcementId: body.request_id, text: body.text },
        }),
        correlationId,
      );
    },

    setBanner(caller: Caller, eventId: number, body: BannerRequest, correlationId: string) {
      const expiresAt =
        body.minutes === null ? null : new Date(now().getTime() + body.minutes * 60_000).toISOString();
      return fanOut(
        caller,
        eventId,
        'banner',
        body.request_id,
        () => ({ type: 'SetBanner', data: { bannerId: body.request_id, text: body.text, expiresAt } }),
        correlationId,
      );
    },

    clearBanner(caller: Caller, eventId: number, body: ClearBannerRequest, correlationId: string) {
      return fanOut(
        caller,
        eventId,
        'banner-clear',
        body.request_id,
        () => ({ type: 'ClearBanner', data: { bannerId: body.request_id } }),
        correlationId,
      );
    },

    /** Starts the countdown in every room and puts the recall on the job queue for its end. */
    async startBreakout(
      caller: Caller,
      eventId: number,
      body: BreakoutRequest,
      correlationId: string,
    ): Promise<BreakoutResponse> {
      if (!deps.timers) {
        throw new DomainError('service_unavailable', 'Breakouts need the job queue, which is not running.');
      }
      const { event, actor, target } = await targetRoomOf(caller, eventId, body.target_room_id);
      const breakoutId = body.request_id;
      const endsAt = new Date(now().getTime() + body.minutes * 60_000).toISOString();
      // The recall is queued first: a room told of the timer always gets its end.
      const due: DueRecall = {
        eventId: event.id,
        breakoutId,
        targetRoomId: target.id,
        targetRoomName: target.name,
        actor,
      };
      await deps.timers.schedule(due, endsAt);
      const outcomes = await sendToEveryRoom(rooms, {
        rooms: event.rooms,
        actor,
        commandKey: `breakout-${event.id}-${breakoutId}`,
        command: () => ({
          type: 'StartBreakoutTimer',
          data: { breakoutId, endsAt: endsAt, targetRoomId: target.id, targetRoomName: target.name },
        }),
        correlationId,
      });
      return { rooms: outcomes, breakout_id: breakoutId, ends_at: endsAt };
    },

    /** "Bring everyone back now": the recall before (or without) a timer. */
    async recall(caller: Caller, eventId: number, body: RecallRequest, correlationId: string) {
      const { event, actor, target } = await targetRoomOf(caller, eventId, body.target_room_id);
      const breakoutId = body.breakout_id ?? body.request_id;
      const outcomes = await sendToEveryRoom(rooms, {
        rooms: event.rooms,
        actor,
        commandKey: `recall-${event.id}-${body.request_id}`,
        command: () => ({
          type: 'RecallToRoom',
          data: { breakoutId, targetRoomId: target.id, targetRoomName: target.name, due: false },
        }),
        correlationId,
      });
      return { rooms: outcomes };
    },
  };
}
