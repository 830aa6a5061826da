// What the shell's own parts share besides RoomContext: where the person goes after leaving, the
// media preferences (kept in cookies and in the history entry, so a reload restores the latest), the
// way out of the room, and why the media session could not start.
import { createContext, useContext } from 'react';
import type { MediaPreferences } from '../../media/mediaSession.ts';

export type RoomShellValue = {
  isGuest: boolean;
  preferences: MediaPreferences;
  updatePreferences(change: Partial<MediaPreferences>): void;
  /** Leaves the room (the session machine sends LeaveRoom, then the page navigates away). */
  leave(): void;
  leaving: boolean;
  /** Why audio and video are unavailable, or null. */
  mediaError: unknown;
};

export const RoomShellContext = createContext<RoomShellValue | null>(null);

export function useRoomShell(): RoomShellValue {
  const value = useContext(RoomShellContext);
  if (value === null) throw new Error('useRoomShell is used outside the live room');
  return value;
}
