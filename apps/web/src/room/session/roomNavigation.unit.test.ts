// Reading the live room's navigation state, which may be missing or anything at all, and the exits.
import { describe, expect, it } from 'vitest';
import {
  afterLeavingPath,
  isGuestVisit,
  notAdmittedPath,
  parseRoomId,
  readNavigationState,
} from './roomNavigation.ts';

describe('room navigation', () => {
  it('reads what the waiting room passes', () => {
    const preferences = {
      audioEnabled: true,
      videoEnabled: false,
      audioInputId: 'mic-1',
      videoInputId: null,
      audioOutputId: 'default',
    };

    expect(readNavigationState({ eventId: 4, isGuest: true, preferences })).toEqual({
      eventId: 4,
      isGuest: true,
      preferences,
    });
  });

  it('gives nothing for a typed address or a state of another shape', () => {
    const none = { eventId: null, isGuest: null, preferences: null };

    expect(readNavigationState(null)).toEqual(none);
    expect(readNavigationState({ eventId: 'four' })).toEqual(none);
    expect(readNavigationState({ isGuest: false })).toEqual({ ...none, isGuest: false });
  });

  it('accepts only positive integer room ids from the route', () => {
    expect(parseRoomId('12')).toBe(12);
    expect(parseRoomId('0')).toBeNull();
    expect(parseRoomId('1e3')).toBeNull();
    expect(parseRoomId('-3')).toBeNull();
    expect(parseRoomId(undefined)).toBeNull();
  });

  it('takes the guest flag from the navigation, else from the kind of account', () => {
    const none = { eventId: null, isGuest: null, preferences: null };

    expect(isGuestVisit({ ...none, isGuest: false }, null)).toBe(false);
    expect(isGuestVisit(none, null)).toBe(false);
  });

  it('sends guests and staff to their own places (live-room spec, section 2)', () => {
    expect(notAdmittedPath(true)).toBe('/');
    expect(notAdmittedPath(false)).toBe('/admin');
    expect(afterLeavingPath(true)).toBe('/event');
    expect(afterLeavingPath(false)).toBe('/admin');
  });
});
