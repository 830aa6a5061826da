// What a person chose for their camera and microphone, kept in cookies between visits (live-room spec,
// section 9: publish preferences in cookies; microphone and camera start off). The waiting room saves
// them on Join; the live room reads them from its navigation state, or from here when it has none.
import { z } from 'zod';
import type { MediaPreferences } from './mediaSession.ts';

export const DEFAULT_MEDIA_PREFERENCES: MediaPreferences = {
  audioEnabled: false,
  videoEnabled: false,
  audioInputId: null,
  videoInputId: null,
  audioOutputId: null,
};

export const MEDIA_PREFERENCE_COOKIES = {
  audioEnabled: 'lablive_publish_audio',
  videoEnabled: 'lablive_publish_video',
  audioInputId: 'lablive_audio_input',
  videoInputId: 'lablive_video_input',
  audioOutputId: 'lablive_audio_output',
} as const satisfies Record<keyof MediaPreferences, string>;

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
/** Browser device ids are 64 hex characters; anything far longer did not come from us. */
const MAX_DEVICE_ID_LENGTH = 256;

const deviceIdSchema = z.string().min(1).max(MAX_DEVICE_ID_LENGTH).nullable();

/** The preferences as another screen receives them (navigation state): parsed, never trusted. */
export const mediaPreferencesSchema = z.object({
  audioEnabled: z.boolean(),
  videoEnabled: z.boolean(),
  audioInputId: deviceIdSchema,
  videoInputId: deviceIdSchema,
  audioOutputId: deviceIdSchema,
}) satisfies z.ZodType<MediaPreferences>;

function readCookies(cookieHeader: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    const name = part.slice(0, separator).trim();
    try {
      cookies.set(name, decodeURIComponent(part.slice(separator + 1).trim()));
    } catch {
      // A value another script damaged: ignore it, the default applies.
    }
  }
  return cookies;
}

const flag = (value: string | undefined, fallback: boolean): boolean =>
  value === '1' ? true : value === '0' ? false : fallback;

const deviceId = (value: string | undefined): string | null =>
  value !== undefined && value !== '' && value.length <= MAX_DEVICE_ID_LENGTH ? value : null;

/** Reads `document.cookie`'s text; a missing or unreadable value keeps its default. */
export function parseMediaPreferences(cookieHeader: string): MediaPreferences {
  const cookies = readCookies(cookieHeader);
  const read = (key: keyof MediaPreferences) => cookies.get(MEDIA_PREFERENCE_COOKIES[key]);
  return {
    audioEnabled: flag(read('audioEnabled'), DEFAULT_MEDIA_PREFERENCES.audioEnabled),
    videoEnabled: flag(read('videoEnabled'), DEFAULT_MEDIA_PREFERENCES.videoEnabled),
    audioInputId: deviceId(read('audioInputId')),
    videoInputId: deviceId(read('videoInputId')),
    audioOutputId: deviceId(read('audioOutputId')),
  };
}

/** One `document.cookie` assignment per preference: kept a year on the whole site, or removed when null. */
export function serialiseMediaPreferences(
  preferences: MediaPreferences,
  options: { secure: boolean } = { secure: false },
): string[] {
  const attributes = `Path=/; SameSite=Lax${options.secure ? '; Secure' : ''}`;
  const cookie = (name: string, value: string | null) =>
    value === null
      ? `${name}=; Max-Age=0; ${attributes}`
      : `${name}=${encodeURIComponent(value)}; Max-Age=${ONE_YEAR_SECONDS}; ${attributes}`;
  const names = MEDIA_PREFERENCE_COOKIES;
  return [
    cookie(names.audioEnabled, preferences.audioEnabled ? '1' : '0'),
    cookie(names.videoEnabled, preferences.videoEnabled ? '1' : '0'),
    cookie(names.audioInputId, preferences.audioInputId),
    cookie(names.videoInputId, preferences.videoInputId),
    cookie(names.audioOutputId, preferences.audioOutputId),
  ];
}

export function readMediaPreferences(): MediaPreferences {
  return parseMediaPreferences(document.cookie);
}

export function saveMediaPreferences(preferences: MediaPreferences): void {
  const secure = window.location.protocol === 'https:';
  for (const cookie of serialiseMediaPreferences(preferences, { secure })) {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers we serve (Safari, older Firefox).
    document.cookie = cookie;
  }
}
