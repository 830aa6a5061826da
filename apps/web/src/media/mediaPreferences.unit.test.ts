// Media preferences in cookies: the spec's defaults (microphone and camera off), a round trip through
// the cookie text, and damaged or foreign values that must not break the waiting room.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MEDIA_PREFERENCES,
  MEDIA_PREFERENCE_COOKIES,
  mediaPreferencesSchema,
  parseMediaPreferences,
  serialiseMediaPreferences,
} from './mediaPreferences.ts';

/** What the browser would send back: name=value of every cookie still set. */
function cookieHeaderAfter(assignments: string[]): string {
  const jar = new Map<string, string>();
  for (const assignment of assignments) {
    const [pair = '', ...attributes] = assignment.split('; ');
    const [name = '', value = ''] = pair.split('=');
    if (attributes.includes('Max-Age=0')) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

describe('media preferences', () => {
  it('start with the microphone and the camera off and no device chosen', () => {
    expect(parseMediaPreferences('')).toEqual({
      audioEnabled: false,
      videoEnabled: false,
      audioInputId: null,
      videoInputId: null,
      audioOutputId: null,
    });
  });

  it('survive a round trip through the cookies, odd device ids included', () => {
    const preferences = {
      audioEnabled: true,
      videoEnabled: false,
      audioInputId: 'a1b2; c=d',
      videoInputId: 'cam/é',
      audioOutputId: 'default',
    };

    const header = cookieHeaderAfter(serialiseMediaPreferences(preferences));

    expect(parseMediaPreferences(`theme=dark; ${header}`)).toEqual(preferences);
  });

  it('are kept a year on the whole site, SameSite=Lax, Secure on https only', () => {
    const [audio = ''] = serialiseMediaPreferences({ ...DEFAULT_MEDIA_PREFERENCES, audioEnabled: true });
    expect(audio).toBe(`${MEDIA_PREFERENCE_COOKIES.audioEnabled}=1; Max-Age=31536000; Path=/; SameSite=Lax`);

    const secure = serialiseMediaPreferences(DEFAULT_MEDIA_PREFERENCES, { secure: true });
    expect(secure.every((cookie) => cookie.endsWith('; Secure'))).toBe(true);
  });

  it('remove the cookie of a device no longer chosen', () => {
    const first = { ...DEFAULT_MEDIA_PREFERENCES, videoInputId: 'camera-1' };
    const header = cookieHeaderAfter([
      ...serialiseMediaPreferences(first),
      ...serialiseMediaPreferences(DEFAULT_MEDIA_PREFERENCES),
    ]);

    expect(header).not.toContain(MEDIA_PREFERENCE_COOKIES.videoInputId);
    expect(parseMediaPreferences(header).videoInputId).toBeNull();
  });

  it('ignore damaged and unknown values', () => {
    const names = MEDIA_PREFERENCE_COOKIES;
    const header = [
      `${names.audioEnabled}=yes`,
      `${names.videoEnabled}=1`,
      `${names.audioInputId}=%E0%A4%A`,
      `${names.videoInputId}=${'x'.repeat(300)}`,
      'garbage',
    ].join('; ');

    expect(parseMediaPreferences(header)).toEqual({ ...DEFAULT_MEDIA_PREFERENCES, videoEnabled: true });
  });

  it('are checked when another screen hands them over', () => {
    expect(mediaPreferencesSchema.safeParse(DEFAULT_MEDIA_PREFERENCES).success).toBe(true);
    expect(mediaPreferencesSchema.safeParse({ ...DEFAULT_MEDIA_PREFERENCES, audioInputId: '' }).success).toBe(
      false,
    );
    expect(mediaPreferencesSchema.safeParse({ audioEnabled: true }).success).toBe(false);
  });
});
