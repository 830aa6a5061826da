// What travels with the navigation between the pre-room pages (live-room spec, section 2): /event opens
// /waiting/{roomId} with the event id and the guest flag; the waiting room opens /room/{id} with the
// same plus the chosen media preferences (the live room reads them here, or from the cookies when
// there is no state, e.g. after a reload). Parsed with zod: history state is whatever the browser kept.
import { z } from 'zod';
import { mediaPreferencesSchema } from '../media/mediaPreferences.ts';
import { preferencesOf, type WaitingRoomContext } from './waitingRoomContext.ts';
import { isStaff } from './waitingRoomSetup.ts';

export const waitingNavigationSchema = z.object({
  eventId: z.number().int().positive(),
  isGuest: z.boolean(),
});
export type WaitingNavigationState = z.infer<typeof waitingNavigationSchema>;

export const roomNavigationSchema = waitingNavigationSchema.extend({ preferences: mediaPreferencesSchema });
export type RoomNavigationState = z.infer<typeof roomNavigationSchema>;

/** The id of a room in the address (`/waiting/12`), or null when it is not a positive integer. */
export function parseRoomId(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * What the waiting room hands to the live room on Join: the event and guest flag it arrived with (or,
 * opened without them, what the room's participation says) and the chosen preferences.
 */
export function toRoomNavigation(
  context: WaitingRoomContext,
  arrival: WaitingNavigationState | null,
): RoomNavigationState | null {
  const eventId = arrival?.eventId ?? context.participation?.eventId;
  if (eventId === undefined) return null;
  return { eventId, isGuest: arrival?.isGuest ?? !isStaff(context), preferences: preferencesOf(context) };
}
