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
  type RoomCommand,
} from '@lablive/domain';
import type { Caller } from '../access/caller.ts';
import type { Db } from '../db/connection.ts';
import type { RoomService } from '../rooms/roomService.ts';
import type { BreakoutTimers } from './breakoutTimers.ts';
import { eventStaffActor } from './broadcastStaff.ts';
import { sendToEveryRoom } from './roomFanOut.ts';

type Deps = {
  db: Db;
  rooms: RoomService;
  now: () => Date;
  /** The job queue's timers; without them (tests without a queue) a breakout cannot be timed. */
  timers: BreakoutTimers | null;
};

/** Who asks, about which event, under which request, and where the log's correlation id comes from. */
type Ask = { caller: Caller; eventId: number; correlationId: string };

export type BroadcastService = ReturnType<typeof createBroadcastService>;

export function createBroadcastService(deps: Deps) {
  const ask = (caller: Caller, eventId: number, correlationId: string): Ask => ({
    caller,
    eventId,
    correlationId,
  });
  return {
    announce: (caller: Caller, eventId: number, body: AnnouncementRequest, correlationId: string) =>
      fanOut(deps, ask(caller, eventId, correlationId), 'announce', body.request_id, {
        type: 'BroadcastAnnouncement',
        data: { announcementId: body.request_id, text: body.text },
      }),

    setBanner: (caller: Caller, eventId: number, body: BannerRequest, correlationId: string) =>
      fanOut(deps, ask(caller, eventId, correlationId), 'banner', body.request_id, {
        type: 'SetBanner',
        data: { bannerId: body.request_id, text: body.text, expiresAt: minutesFrom(deps.now, body.minutes) },
      }),

    clearBanner: (caller: Caller, eventId: number, body: ClearBannerRequest, correlationId: string) =>
      fanOut(deps, ask(caller, eventId, correlationId), 'banner-clear', body.request_id, {
        type: 'ClearBanner',
        data: { bannerId: body.request_id },
      }),

    startBreakout: (caller: Caller, eventId: number, body: BreakoutRequest, correlationId: string) =>
      startBreakout(deps, ask(caller, eventId, correlationId), body),

    /** "Bring everyone back now": the recall before (or without) a timer. */
    async recall(caller: Caller, eventId: number, body: RecallRequest, correlationId: string) {
      const request = ask(caller, eventId, correlationId);
      const { target } = await staffAndTarget(deps, request, body.target_room_id);
      return fanOut(deps, request, 'recall', body.request_id, {
        type: 'RecallToRoom',
        data: {
          breakoutId: body.breakout_id ?? body.request_id,
          targetRoomId: target.id,
          targetRoomName: target.name,
          due: false,
        },
      });
    },
  };
}

function minutesFrom(now: () => Date, minutes: number | null): string | null {
  return minutes === null ? null : new Date(now().getTime() + minutes * 60_000).toISOString();
}

/** Every room of the event gets `command`, under an id made from its kind, the event and the request. */
async function fanOut(
  deps: Deps,
  request: Ask,
  kind: string,
  requestId: string,
  command: RoomCommand,
): Promise<BroadcastResponse> {
  const { event, actor } = await eventStaffActor(deps.db, request.caller, request.eventId);
  const outcomes = await sendToEveryRoom(deps.rooms, {
    rooms: event.rooms,
    actor,
    commandKey: `${kind}-${event.id}-${requestId}`,
    command: () => command,
    correlationId: request.correlationId,
  });
  return { rooms: outcomes };
}

async function staffAndTarget(deps: Deps, request: Ask, targetRoomId: number) {
  const { event, actor } = await eventStaffActor(deps.db, request.caller, request.eventId);
  const target = event.rooms.find((room) => room.id === targetRoomId);
  if (!target) throw invalid('target_room_id', `Room ${targetRoomId} is not a room of this event.`);
  return { event, actor, target };
}

/** Starts the countdown in every room and puts the recall on the job queue for its end. */
async function startBreakout(deps: Deps, request: Ask, body: BreakoutRequest): Promise<BreakoutResponse> {
  if (!deps.timers) {
    throw new DomainError('service_unavailable', 'Breakouts need the job queue, which is not running.');
  }
  const { event, actor, target } = await staffAndTarget(deps, request, body.target_room_id);
  const breakoutId = body.request_id;
  const endsAt = new Date(deps.now().getTime() + body.minutes * 60_000).toISOString();
  // The recall is queued first: a room told of the timer always gets its end.
  await deps.timers.schedule(
    { eventId: event.id, breakoutId, targetRoomId: target.id, targetRoomName: target.name, actor },
    endsAt,
  );
  const { rooms } = await fanOut(deps, request, 'breakout', breakoutId, {
    type: 'StartBreakoutTimer',
    data: { breakoutId, endsAt, targetRoomId: target.id, targetRoomName: target.name },
  });
  return { rooms, breakout_id: breakoutId, ends_at: endsAt };
}
