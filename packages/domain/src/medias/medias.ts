// A lab's presentation medias, the stage content of its events (live-room spec 3 "Media" and 2 "Main
// stage"; back-office spec 3 and 7; issue 17, part 7): a name, a slug, a thumbnail, and either an
// embedded page's address or a build uploaded as a zip (served by the platform at its own path), with
// the canvas it was made for. One set of schemas for the server's routes and the back office's form.
import { z } from 'zod';
import { MESSAGES } from '../auth/messages.ts';
import { hasNoControlCharacters } from '../documents/documents.ts';
import { mediaSummarySchema } from '../events/eventForm.ts';
import { text } from '../shared/text.ts';

/** The slug of the built-in sample quiz: the stage shows it for a media with this slug, whatever it holds. */
export const DEMO_MEDIA_SLUG = 'demo';

/** An embedded page (an address of the agency's) or a build the lab uploaded (a zip with an index.html). */
export const MEDIA_KINDS = ['page', 'build'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export const MEDIA_LIMITS = {
  name: 200,
  slug: 60,
  pageUrl: 2000,
  /** A canvas side, in CSS pixels. */
  canvasMin: 100,
  canvasMax: 8192,
} as const;

/** The spec's game canvas (section 9): 960 × 600. */
export const MEDIA_CANVAS_DEFAULTS = { width: 960, height: 600 } as const;

/** The list's page sizes (the back office's lists: 5, 15, 30; 50 is offered too). */
export const MEDIA_PAGE_SIZES = [5, 15, 30, 50] as const;

/** A build's limits when MEDIA_BUILD_MAX_BYTES and the others are not set. */
export const DEFAULT_MEDIA_BUILD_LIMITS = {
  /** The zip as uploaded: 200 MB. */
  maxBytes: 200 * 1024 * 1024,
  /** Files and folders in the zip. */
  maxEntries: 5000,
  /** What the zip holds once extracted: 1 GB (a zip bomb is refused before anything is written). */
  maxUnpackedBytes: 1024 * 1024 * 1024,
} as const;

/** The multipart field of a build (POST medias/{id}/build) and of a thumbnail (PUT medias/{id}/thumbnail). */
/** An upload's parts: its file, and for a new media sent with its build, the media's fields as JSON. */
export const MEDIA_UPLOAD_FIELDS = { file: 'file', media: 'media' } as const;

/** Where uploaded builds are served: `/media-builds/<media id>/<version>/<path>`. */
export const MEDIA_BUILDS_PATH = '/media-builds/';

/** The rules' own words, so the form can say them in the reader's language. */
export const MEDIA_MESSAGES = {
  slug: 'must be lower-case letters, digits and single dashes (a-z, 0-9, -), not starting or ending with a dash',
  pageUrl: 'must be an https:// address (http:// only for localhost)',
  canvas: `must be a whole number from ${MEDIA_LIMITS.canvasMin} to ${MEDIA_LIMITS.canvasMax}`,
} as const;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** scheme://authority then a path, query or fragment without spaces (the domain has no URL parser). */
const ADDRESS = /^(https?):\/\/([^/?#\s\\]+)([/?#][^\s\\]*)?$/i;
const DOMAIN_NAME = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/i;
const IPV6 = /^\[[0-9a-f:.]+\]$/i;

/**
 * Whether a page may be embedded from `address`: https, or http on this machine (an agency's
 * development server); never with credentials in it (they would show in every room's markup).
 */
export function isEmbeddablePageUrl(address: string): boolean {
  const match = ADDRESS.exec(address);
  if (!match) return false;
  const [, scheme = '', authority = ''] = match;
  if (authority.includes('@')) return false;
  const port = /:(\d*)$/.exec(authority);
  if (port && (port[1] === '' || Number(port[1]) > 65535)) return false;
  const host = (port ? authority.slice(0, port.index) : authority).toLowerCase();
  if (scheme.toLowerCase() === 'http') return LOCAL_HOSTS.has(host);
  return DOMAIN_NAME.test(host) || IPV6.test(host);
}

/** A slug from a name, as the form proposes it: lower-case ASCII words joined by single dashes. */
export function mediaSlugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MEDIA_LIMITS.slug)
    .replace(/-+$/, '');
}

export const mediaNameSchema = text({ error: MESSAGES.fieldRequired })
  .trim()
  .min(1, { error: MESSAGES.fieldRequired })
  .max(MEDIA_LIMITS.name, { error: `must be at most ${MEDIA_LIMITS.name} characters` })
  .refine(hasNoControlCharacters, { error: 'must be a single line of text' });

export const mediaSlugSchema = z
  .string({ error: MESSAGES.fieldRequired })
  .trim()
  .min(1, { error: MESSAGES.fieldRequired })
  .max(MEDIA_LIMITS.slug, { error: `must be at most ${MEDIA_LIMITS.slug} characters` })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: MEDIA_MESSAGES.slug });

/** A page's address as a form's text: blank is none (a page media without one shows no content). */
export const mediaPageUrlTextSchema = z
  .string()
  .trim()
  .max(MEDIA_LIMITS.pageUrl, { error: `must be at most ${MEDIA_LIMITS.pageUrl} characters` })
  .refine((value) => value === '' || isEmbeddablePageUrl(value), { error: MEDIA_MESSAGES.pageUrl })
  .transform((value) => (value === '' ? null : value));

/** A page's address in a request: the text, or null for none. */
export const mediaPageUrlSchema = mediaPageUrlTextSchema.nullable();

/** A canvas side: whole CSS pixels within the limits. */
export const mediaCanvasSideSchema = z
  .number({ error: MEDIA_MESSAGES.canvas })
  .int({ error: MEDIA_MESSAGES.canvas })
  .min(MEDIA_LIMITS.canvasMin, { error: MEDIA_MESSAGES.canvas })
  .max(MEDIA_LIMITS.canvasMax, { error: MEDIA_MESSAGES.canvas });

/** The fields a media is made of, each with its own rule. */
const mediaFields = {
  name: mediaNameSchema,
  slug: mediaSlugSchema,
  kind: z.enum(MEDIA_KINDS, { error: 'must be page or build' }),
  /** The embedded page's address (kind page); ignored for a build. */
  page_url: mediaPageUrlSchema,
  canvas_width: mediaCanvasSideSchema,
  canvas_height: mediaCanvasSideSchema,
  /** The game fills the stage instead of keeping its canvas's proportions. */
  full_canvas: z.boolean({ error: 'must be true or false' }),
};

type MediaRuleInput = { kind: MediaKind; page_url: string | null; slug: string };

/** The rule across fields: a page needs its address, but for the sample quiz (slug demo), which is built in. */
export function mediaRuleProblem(media: MediaRuleInput): { field: 'page_url'; message: string } | null {
  if (media.kind === 'page' && media.page_url === null && media.slug !== DEMO_MEDIA_SLUG) {
    return { field: 'page_url', message: MESSAGES.fieldRequired };
  }
  return null;
}

/** POST medias: a new media (a build is uploaded next, with POST medias/{id}/build). */
export const mediaFormSchema = z
  .object({
    ...mediaFields,
    page_url: mediaFields.page_url.optional().transform((value) => value ?? null),
    canvas_width: mediaCanvasSideSchema.default(MEDIA_CANVAS_DEFAULTS.width),
    canvas_height: mediaCanvasSideSchema.default(MEDIA_CANVAS_DEFAULTS.height),
    full_canvas: mediaFields.full_canvas.default(false),
  })
  .superRefine((media, ctx) => {
    const problem = mediaRuleProblem(media);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type MediaFormInput = z.input<typeof mediaFormSchema>;
export type MediaForm = z.output<typeof mediaFormSchema>;

/** PUT medias/{id}: the fields to change (the list's inline edit sends the name alone). */
export const mediaChangesSchema = z
  .object(mediaFields)
  .partial()
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), {
    error: 'send at least one field to change',
  });
export type MediaChanges = z.output<typeof mediaChangesSchema>;

/** An uploaded build as the platform serves it. */
export const mediaBuildSchema = z.object({
  /** The version folder (random): a new upload is a new version, the old one is removed. */
  version: z.string(),
  /** Where the stage loads it: `/media-builds/<id>/<version>/index.html`. */
  url: z.string(),
  /** What the files weigh once extracted (compressed assets counted as stored). */
  size_bytes: z.number(),
  file_count: z.number(),
  /** `br` or `gzip` when the build holds such compressed assets (Unity WebGL), else null. */
  compression: z.string().nullable(),
  uploaded_at: z.string(),
});
export type MediaBuild = z.infer<typeof mediaBuildSchema>;

/** A media as the back office shows it (GET medias answers these; the event form reads the summary). */
export const adminMediaSchema = mediaSummarySchema.extend({
  /** Null for the platform's shared medias: listed, used by events, but not the lab's to change. */
  lab_id: z.number().nullable(),
  kind: z.enum(MEDIA_KINDS),
  page_url: z.string().nullable(),
  build: mediaBuildSchema.nullable(),
  /** What the stage loads: the page's address or the build's index.html (null: nothing to load yet). */
  build_path: z.string().nullable(),
  canvas_width: z.number(),
  canvas_height: z.number(),
  full_canvas: z.boolean(),
  created_at: z.string(),
});
export type AdminMedia = z.infer<typeof adminMediaSchema>;
