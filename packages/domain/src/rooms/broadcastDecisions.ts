// Decisions about what the event's staff send every room (broadcast.ts): each room takes its copy of an
// announcement, a banner, a breakout timer or a recall. Who may send them (staff running the event, of
// its lab) is the server's to check before it fans them out; here the actor is an animator (the guard).
import type { RoomBroadcast } from './broadcast.ts';
import { accept, type DecideContext, type Decision, reject } from './decision.ts';
import type { RoomCommandOf } from './roomCommands.ts';
import { type RoomState, sessionNumber } from './roomState.ts';

function senderOf(context: DecideContext) {
  return { by: context.actor.participantId, byUserId: context.actor.userId, at: context.now };
}

export function broadcastAnnouncement(
  state: RoomState,
  command: RoomCommandOf<'BroadcastAnnouncement'>,
  context: DecideContext,
): Decision {
  const { announcementId, text } = command.data;
  if (state.broadcast.announcements.some((announcement) => announcement.id === announcementId)) {
    return reject('duplicate_id');
  }
  return accept({
    type: 'AnnouncementBroadcast',
    data: { announcementId, text, session: sessionNumber(state.session), ...senderOf(context) },
  });
}

export function setBanner(
  _state: RoomState,
  command: RoomCommandOf<'SetBanner'>,
  context: DecideContext,
): Decision {
  const { bannerId, text, expiresAt } = command.data;
  if (expiresAt !== null && Date.parse(expiresAt) <= Date.parse(context.now)) {
    return reject('broadcast_invalid', 'The banner would expire before it is shown.');
  }
  return accept({ type: 'BannerSet', data: { bannerId, text, expiresAt, ...senderOf(context) } });
}

/** Clears the banner shown now, whichever it is (the id names this clearing, for retries). */
export function clearBanner(
  state: RoomState,
  command: RoomCommandOf<'ClearBanner'>,
  context: DecideContext,
): Decision {
  if (state.broadcast.banner === null) return reject('no_banner');
  return accept({ type: 'BannerCleared', data: { bannerId: command.data.bannerId, ...senderOf(context) } });
}

export function startBreakoutTimer(
  state: RoomState,
  command: RoomCommandOf<'StartBreakoutTimer'>,
  context: DecideContext,
): Decision {
  const { breakoutId, endsAt, targetRoomId, targetRoomName } = command.data;
  if (state.broadcast.breakout?.id === breakoutId) return reject('duplicate_id');
  if (Date.parse(endsAt) <= Date.parse(context.now)) {
    return reject('broadcast_invalid', 'The breakout would end before it starts.');
  }
  return accept({
    type: 'BreakoutTimerStarted',
    data: { breakoutId, endsAt, targetRoomId, targetRoomName, ...senderOf(context) },
  });
}

/**
 * Everyone back to the target room. Staff may recall at any time ("bring everyone back now"); the
 * timer's own recall (`due`) only ends the breakout it was set for, if that one still runs.
 */
export function recallToRoom(
  state: RoomState,
  command: RoomCommandOf<'RecallToRoom'>,
  context: DecideContext,
): Decision {
  const { breakoutId, targetRoomId, targetRoomName, due } = command.data;
  const current: RoomBroadcast['breakout'] = state.broadcast.breakout;
  const running = current !== null && current.id === breakoutId && current.recalledAt === null;
  if (due && !running) return reject('breakout_not_running');
  if (current?.id === breakoutId && current.recalledAt !== null) return reject('already_recalled');
  return accept({
    type: 'RecalledToRoom',
    data: { breakoutId, targetRoomId, targetRoomName, ...senderOf(context) },
  });
}
