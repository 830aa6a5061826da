// Navigation state between /event, /waiting/{roomId} and /room/{id}: room ids from the address, and
// state objects checked before use (the browser's history may hold anything).
import { describe, expect, it } from 'vitest';
import { DEFAULT_MEDIA_PREFERENCES } from '../media/mediaPreferences.ts';
import {
  parseRoomId,
  roomNavigationSchema,
  toRoomNavigation,
  waitingNavigationSchema,
} from './navigationState.ts';
import { EMPTY_DEVICE_LISTS, type WaitingRoomContext } from './waitingRoomContext.ts';

const RUNNING = { status: 'started', number: 1, closed: false } as const;

describe('navigation state', () => {
  it('reads a room id from the address', () => {
    expect(parseRoomId('12')).toBe(12);
    expect(parseRoomId(undefined)).toBeNull();
    expect(parseRoomId('0')).toBeNull();
    expect(parseRoomId('12abc')).toBeNull();
    expect(parseRoomId('-3')).toBeNull();
    expect(parseRoomId('99999999999999999999')).toBeNull();
  });

  it('accepts the state the event page sends and refuses anything else', () => {
    expect(waitingNavigationSchema.safeParse({ eventId: 3, isGuest: true }).success).toBe(true);
    expect(waitingNavigationSchema.safeParse({ eventID: 3, isGuest: true }).success).toBe(false);
    expect(waitingNavigationSchema.safeParse(null).success).toBe(false);
  });

  it('hands the media preferences to the live room', () => {
    const state = {
      eventId: 3,
      isGuest: false,
      preferences: { ...DEFAULT_MEDIA_PREFERENCES, audioEnabled: true },
    };

    expect(roomNavigationSchema.parse(state)).toEqual(state);
    expect(roomNavigationSchema.safeParse({ eventId: 3, isGuest: false }).success).toBe(false);
  });
});

describe('handing over to the live room', () => {
  const context: WaitingRoomContext = {
    roomId: 12,
    isManager: false,
    cameraAllowed: true,
    preferences: { read: () => DEFAULT_MEDIA_PREFERENCES, save: () => {} },
    devices: EMPTY_DEVICE_LISTS,
    stream: null,
    audioEnabled: true,
    videoEnabled: false,
    audioInputId: 'mic-1',
    videoInputId: null,
    audioOutputId: 'default',
    probeErrors: [],
    opening: null,
    relistPending: false,
    participation: { eventId: 3, participationId: 40, role: 'animator', session: RUNNING },
    arrivalRole: 'animator',
    pendingRole: null,
    roleError: null,
    roomError: null,
    lobbyRefusal: null,
  };
  const preferences = {
    audioEnabled: true,
    videoEnabled: false,
    audioInputId: 'mic-1',
    videoInputId: null,
    audioOutputId: 'default',
  };

  it('passes on the state the waiting room arrived with, and the preferences', () => {
    expect(toRoomNavigation(context, { eventId: 3, isGuest: true })).toEqual({
      eventId: 3,
      isGuest: true,
      preferences,
    });
  });

  it('reads event and guest flag from the participation when opened without state', () => {
    expect(toRoomNavigation(context, null)).toEqual({ eventId: 3, isGuest: false, preferences });
    const guest = {
      ...context,
      participation: { eventId: 3, participationId: 41, role: 'participant' as const, session: RUNNING },
      arrivalRole: 'participant' as const,
    };
    expect(toRoomNavigation(guest, null)?.isGuest).toBe(true);
    expect(toRoomNavigation({ ...context, participation: null }, null)).toBeNull();
  });
});
