// Where the live room comes from and where it sends people (live-room spec, section 2). The waiting
// room navigates here with { eventId, isGuest, preferences }; history keeps that state across a
// reload, but a typed address has none, so every field is optional and read from untrusted data.
import type { CurrentUser } from '@lablive/domain';
import { z } from 'zod';
import type { MediaPreferences } from '../../media/mediaSession.ts';

const preferencesSchema = z.object({
  audioEnabled: z.boolean(),
  videoEnabled: z.boolean(),
  audioInputId: z.string().nullable(),
  videoInputId: z.string().nullable(),
  audioOutputId: z.string().nullable(),
});

const navigationStateSchema = z.object({
  eventId: z.number().int().positive().optional(),
  isGuest: z.boolean().optional(),
  preferences: preferencesSchema.optional(),
});

export type RoomNavigationState = {
  eventId: number | null;
  isGuest: boolean | null;
  preferences: MediaPreferences | null;
};

export function readNavigationState(state: unknown): RoomNavigationState {
  const parsed = navigationStateSchema.safeParse(state);
  if (!parsed.success) return { eventId: null, isGuest: null, preferences: null };
  return {
    eventId: parsed.data.eventId ?? null,
    isGuest: parsed.data.isGuest ?? null,
    preferences: parsed.data.preferences ?? null,
  };
}

/** The route's :id, when it is a room id at all. */
export function parseRoomId(param: string | undefined): number | null {
  if (param === undefined || !/^\d+$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The navigation's flag wins; without it, a guest account is a guest. */
export function isGuestVisit(navigation: RoomNavigationState, user: CurrentUser | null): boolean {
  return navigation.isGuest ?? user?.kind === 'guest';
}

/** No participation in the room: a guest goes home, staff to their back-office home (/admin). */
export const notAdmittedPath = (isGuest: boolean): string => (isGuest ? '/' : '/admin');

/** After leaving the room: a guest back to their event page, staff to their back-office home. */
export const afterLeavingPath = (isGuest: boolean): string => (isGuest ? '/event' : '/admin');
