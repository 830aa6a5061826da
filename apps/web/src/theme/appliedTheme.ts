// The look the app currently wears: three colours, a logo and whose they are. `source` says where it
// came from, so that a lab's own theme never overrides one chosen by the page or the invitation.
import { DEFAULT_THEME, hexColorSchema } from '@lablive/domain';
import { z } from 'zod';

export const appliedThemeSchema = z.object({
  source: z.enum(['default', 'event', 'private', 'lab']),
  primaryColor: hexColorSchema,
  backgroundColor: hexColorSchema,
  thirdColor: hexColorSchema,
  logoUrl: z.string().nullable(),
  labName: z.string().nullable(),
});
export type AppliedTheme = z.infer<typeof appliedThemeSchema>;

export const DEFAULT_APPLIED_THEME: AppliedTheme = {
  source: 'default',
  ...DEFAULT_THEME,
  logoUrl: null,
  labName: null,
};
