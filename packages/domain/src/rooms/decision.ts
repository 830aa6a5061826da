// What deciding a room command takes and gives: the actor, the time and an id source as inputs (so a
// decision is a pure function of them), and either the events to append or the reason for refusing.
import type { EventRole } from '../auth/access.ts';
import { type RoomRejection, type RoomRejectionCode, roomRejection } from './rejections.ts';
import type { SessionEvent } from './roomEvents.ts';

/** Who sends the command, as the server authenticated them for this event. */
export type RoomActor = {
  participantId: number;
  userId: number | null;
  role: EventRole;
  name: string;
  email: string;
  /**
   * In a room not their own because staff called everyone back to it (issue 33, breakouts): staff let
   * them in, so they neither knock in its lobby nor find it locked.
   */
  recalled?: boolean;
};

/**
 * Staff acting on a room from the back office (closing its event) hold no participation in it: their
 * commands carry this participant id, and the log records their user id instead.
 */
export const BACK_OFFICE_PARTICIPANT_ID = 0;

export function backOfficeActor(user: { id: number; name: string; email: string }): RoomActor {
  return { participantId: BACK_OFFICE_PARTICIPANT_ID, userId: user.id, role: 'animator', ...user };
}

export type DecideContext = {
  actor: RoomActor;
  /** ISO 8601 time of the decision. */
  now: string;
  /** A fresh id, for what the room names itself (notes requests). */
  newId: () => string;
};

/** An accepted command may produce no events: nothing changed (a speaker who is still the speaker). */
export type Decision = { ok: true; events: SessionEvent[] } | { ok: false; rejection: RoomRejection };

export function accept(...events: SessionEvent[]): Decision {
  return { ok: true, events };
}

export function reject(code: RoomRejectionCode, detail?: string): Decision {
  return { ok: false, rejection: roomRejection(code, detail) };
}
