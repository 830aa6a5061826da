// How a room is set up when its host starts deciding: which room and lab it belongs to and which
// features are switched on. It comes from the rooms and labs tables, never from the log.
import type { LabModule } from '../auth/access.ts';

/** Modules switched on per room (live-room spec, section 1: "room-level active modules seen"). */
export const ROOM_MODULES = ['chat', 'polls', 'notes', 'stats', 'active_camera', 'questions'] as const;
export type RoomModule = (typeof ROOM_MODULES)[number];

export type RoomConfig = {
  roomId: number;
  eventId: number;
  labId: number;
  activeModules: readonly RoomModule[];
  labModules: readonly LabModule[];
  /** The event makes its guests wait in the lobby until a host admits them (lobby.ts); absent: off. */
  lobby?: boolean;
};
