// Why the live room could not open or could not go on, as the screen tells it (live-room spec,
// section 8): no participation in this room (the page sends the person away), the video provider's
// authentication key, room data that failed to load, a session that is over, or an app too old.
import { isApiError, isRealtimeError, REALTIME_ERROR_CODES } from '@lablive/client';
import { AUTHENTICATION_KEY_FAILED } from '@lablive/domain';
import { PROTOCOL_ERRORS } from '@lablive/protocol';

export type RoomFailure =
  /** No participation in this room: a guest goes to /, staff to /admin/events. */
  | { kind: 'notAdmitted' }
  /** "An error occurred while creating the authentication key" (503 from GET rooms/{id}/token). */
  | { kind: 'authenticationKey' }
  /** The sign-in is gone (token refused even after a refresh). */
  | { kind: 'signedOut' }
  /** The server speaks a newer protocol: reloading the page fetches the matching app. */
  | { kind: 'incompatible' }
  /** A host removed this person from the session (issue 33, part 2): they may come to a later one. */
  | { kind: 'removed' }
  /** Anything else: the spec's "leave the page and click the invitation link again". */
  | { kind: 'unavailable'; detail: string };

const detailOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** A failure of GET rooms/{id}/token. */
export function tokenFailure(error: unknown): RoomFailure {
  if (!isApiError(error)) return { kind: 'unavailable', detail: detailOf(error) };
  if (error.status === 403 || error.status === 404) return { kind: 'notAdmitted' };
  if (error.status === 401) return { kind: 'signedOut' };
  if (error.code === REMOVED) return { kind: 'removed' };
  if (error.status === 503 && error.detail === AUTHENTICATION_KEY_FAILED)
    return { kind: 'authenticationKey' };
  return { kind: 'unavailable', detail: error.detail };
}

const REFUSED_JOINS: ReadonlySet<string> = new Set([
  PROTOCOL_ERRORS.roomNotFound,
  PROTOCOL_ERRORS.notAllowedInRoom,
]);

/** The room's code for a person a host removed from the session (the socket and REST alike). */
const REMOVED = 'removed_from_session';

/** Why the server let go of this person's room, or refused it: by its code. */
export function lostRoomFailure(code: string, message: string): RoomFailure {
  if (code === REMOVED) return { kind: 'removed' };
  return REFUSED_JOINS.has(code) ? { kind: 'notAdmitted' } : { kind: 'unavailable', detail: message };
}

/** A failure of the room socket: a refused join, a client that ended, a room lost on rejoin. */
export function realtimeFailure(error: unknown): RoomFailure {
  if (!isRealtimeError(error)) return { kind: 'unavailable', detail: detailOf(error) };
  switch (error.code) {
    case REALTIME_ERROR_CODES.joinRefused:
      return error.serverCode === null
        ? { kind: 'unavailable', detail: error.message }
        : lostRoomFailure(error.serverCode, error.message);
    case REALTIME_ERROR_CODES.unauthorized:
      return { kind: 'signedOut' };
    case REALTIME_ERROR_CODES.incompatible:
      return { kind: 'incompatible' };
    default:
      return { kind: 'unavailable', detail: error.message };
  }
}
