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

const imageSchema = z.object({ url: z.string() }).nullable();

/**
 * GET /api/labs/{id}: the caller's lab as the live-room spec names its fields. `plan_minutes` (the
 * minutes the lab bought) is there only for callers who hold view consumption.
 */
export const labViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  plan_minutes: z.number().optional(),
  primary_color: hexColorSchema,
  background_color: hexColorSchema,
  third_color: hexColorSchema,
  logo_image: imageSchema,
  header_image: imageSchema,
  waiting_room_image: imageSchema,
  modules: z.array(z.object({ name: z.string() })),
});
export type LabView = z.infer<typeof labViewSchema>;
