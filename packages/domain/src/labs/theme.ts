// A lab's look: three colours and its images. Defaults from the live-room spec, section 1.
import { z } from 'zod';

export const DEFAULT_THEME = {
  primaryColor: '#3571ff',
  backgroundColor: '#f8f9fe',
  thirdColor: '#191e4d',
} as const;

export const hexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'a colour is #rrggbb' });

export const labThemeSchema = z.object({
  primaryColor: hexColorSchema,
  backgroundColor: hexColorSchema,
  thirdColor: hexColorSchema,
  logoUrl: z.string().nullable(),
  headerImageUrl: z.string().nullable(),
  waitingRoomImageUrl: z.string().nullable(),
});
export type LabTheme = z.infer<typeof labThemeSchema>;

/** GET /api/eventInfo/{id}: what a public event page needs to look like its lab. */
export const eventInfoSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  labName: z.string(),
  theme: labThemeSchema,
});
export type EventInfo = z.infer<typeof eventInfoSchema>;
