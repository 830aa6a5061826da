// How what the event's staff broadcast changes a room (broadcast.ts): announcements kept for the chat,
// the banner set and cleared, the breakout timer started and the recall. Beside broadcastDecisions.ts.
import { ANNOUNCEMENTS_KEPT } from './broadcast.ts';
import type { SessionEvent } from './roomEvents.ts';
import type { RoomState } from './roomState.ts';

export type BroadcastEvent = Extract<
  SessionEvent,
  {
    type: 'AnnouncementBroadcast' | 'BannerSet' | 'BannerCleared' | 'BreakoutTimerStarted' | 'RecalledToRoom';
  }
>;

export function evolveBroadcast(state: RoomState, event: BroadcastEvent): RoomState {
  const broadcast = state.broadcast;
  switch (event.type) {
    case 'AnnouncementBroadcast': {
      const { announcementId, text, session, at } = event.data;
      const announcements = [...broadcast.announcements, { id: announcementId, text, session, at }];
      return {
        ...state,
        broadcast: { ...broadcast, announcements: announcements.slice(-ANNOUNCEMENTS_KEPT) },
      };
    }
    case 'BannerSet': {
      const { bannerId, text, expiresAt, at } = event.data;
      return { ...state, broadcast: { ...broadcast, banner: { id: bannerId, text, expiresAt, at } } };
    }
    case 'BannerCleared':
      return { ...state, broadcast: { ...broadcast, banner: null } };
    case 'BreakoutTimerStarted': {
      const { breakoutId, endsAt, targetRoomId, targetRoomName } = event.data;
      const breakout = { id: breakoutId, endsAt, targetRoomId, targetRoomName, recalledAt: null };
      return { ...state, broadcast: { ...broadcast, breakout } };
    }
    case 'RecalledToRoom': {
      const { breakoutId, targetRoomId, targetRoomName, at } = event.data;
      const timed = broadcast.breakout?.id === breakoutId ? broadcast.breakout.endsAt : null;
      const breakout = { id: breakoutId, endsAt: timed, targetRoomId, targetRoomName, recalledAt: at };
      return { ...state, broadcast: { ...broadcast, breakout } };
    }
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled session event ${JSON.stringify(unhandled)}`);
    }
  }
}
