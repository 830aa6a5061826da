// The room token, asked for the moment Join is clicked in the waiting room instead of once the room's
// page has loaded and started its session: the request runs while the browser changes pages. The room
// of the same tab takes it (once); anything else (a reload, another room, a token left too long)
// asks again. Like the camera's handoff (media/streamHandoff.ts), it waits in memory.
import type { RoomTokenResponse } from '@lablive/domain';

/** Past this a handed token is not used: the room asks for a fresh one. */
export const HANDOFF_MAX_AGE_MS = 10_000;

type Handed = { roomId: number; token: Promise<RoomTokenResponse>; at: number };

let handed: Handed | null = null;

/** The waiting room starts the request on Join. */
export function handOverRoomToken(
  roomId: number,
  token: Promise<RoomTokenResponse>,
  now: number = Date.now(),
): void {
  // A failure is the room's to report when it takes the request; untaken, it must not go unhandled.
  token.catch(() => undefined);
  handed = { roomId, token, at: now };
}

/** The room's session machine takes the request for its room, or null: it then asks itself. */
export function takeRoomToken(roomId: number, now: number = Date.now()): Promise<RoomTokenResponse> | null {
  const taken = handed;
  handed = null;
  if (taken === null || taken.roomId !== roomId || now - taken.at > HANDOFF_MAX_AGE_MS) return null;
  return taken.token;
}
