// Response shapes of the sign-in calls. The server builds them, the client parses them: one definition.
import { z } from 'zod';
import { labThemeSchema } from '../labs/theme.ts';
import { EVENT_ROLES, LAB_MODULES, PERMISSIONS, USER_ROLES } from './access.ts';

export const LOCALES = ['fr', 'en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];
export const localeSchema = z.enum(LOCALES);

/** A language as stored (a column's text): one of ours, else French, the product's first language. */
export const storedLocale = (value: string | null | undefined): Locale =>
  LOCALES.find((locale) => locale === value) ?? 'fr';

export const currentUserSchema = z.object({
  /** 'user' for lab staff, 'guest' for a person admitted to one event (public entry or invitation). */
  kind: z.enum(['user', 'guest']),
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  roles: z.array(z.enum(USER_ROLES)),
  permissions: z.array(z.enum(PERMISSIONS)),
  avatar_url: z.string().nullable(),
  locale: localeSchema,
  lab: z.object({
    id: z.number(),
    name: z.string(),
    modules: z.array(z.enum(LAB_MODULES)),
    theme: labThemeSchema,
  }),
  /** The event participation of a guest (and of a staff member signed in through an invitation). */
  participation: z
    .object({
      id: z.number(),
      role: z.enum(EVENT_ROLES),
      room_id: z.number().nullable(),
      event_id: z.number(),
    })
    .nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  /** Seconds until `token` expires. */
  expiresIn: z.number(),
  user: currentUserSchema,
  event_id: z.number().nullable(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const meResponseSchema = z.object({ user: currentUserSchema, event_id: z.number().nullable() });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const refreshTokenResponseSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number(),
});
export type RefreshTokenResponse = z.infer<typeof refreshTokenResponseSchema>;

/** The spec spells the flag `sucess`; clients of the old product read it, so it stays. */
export const sucessResponseSchema = z.object({ sucess: z.boolean(), message: z.string().optional() });
export type SucessResponse = z.infer<typeof sucessResponseSchema>;

/** Every error answer of the API: RFC 9457 problem details plus our code and the request id. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number(),
  detail: z.string(),
  code: z.string(),
  requestId: z.string().optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  /** A refusal a person may meet on a page: its stable key (REFUSALS) and varying parts, to translate. */
  key: z.string().optional(),
  params: z.record(z.string(), z.string()).optional(),
});
export type Problem = z.infer<typeof problemSchema>;

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unreachable']),
  bus: z.enum(['in-process', 'nats', 'unreachable']),
  version: z.string(),
});
