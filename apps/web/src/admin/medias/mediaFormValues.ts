// The media form's values and their rules (issue 17, part 7): the fields with the server's own schemas
// (name, slug, page address, canvas), the build's zip required for a build media that has none yet,
// and the request they make. A new media's slug follows its name until someone edits the slug.
import {
  type AdminMedia,
  IMAGE_ACCEPT,
  MEDIA_CANVAS_DEFAULTS,
  MEDIA_KINDS,
  MEDIA_MESSAGES,
  MESSAGES,
  type MediaFormInput,
  mediaCanvasSideSchema,
  mediaNameSchema,
  mediaPageUrlTextSchema,
  mediaRuleProblem,
  mediaSlugSchema,
} from '@lablive/domain';
import { z } from 'zod';

export type MediaFormValues = {
  name: string;
  slug: string;
  kind: (typeof MEDIA_KINDS)[number];
  page_url: string;
  canvas_width: number;
  canvas_height: number;
  full_canvas: boolean;
  build: File | null;
  thumbnail: File | null;
};

/** What a valid form sends: the media's fields, and the files to upload after it is saved. */
export type MediaFormRequest = { media: MediaFormInput; build: File | null; thumbnail: File | null };

const chosenFile = z.instanceof(File).nullable();

/** The form's schema; `hasBuild`: the media has an uploaded build already (a new zip is then optional). */
export const mediaFormValuesSchema = (hasBuild: boolean) =>
  z
    .object({
      name: mediaNameSchema,
      slug: mediaSlugSchema,
      kind: z.enum(MEDIA_KINDS),
      page_url: mediaPageUrlTextSchema,
      canvas_width: mediaCanvasSideSchema,
      canvas_height: mediaCanvasSideSchema,
      full_canvas: z.boolean(),
      build: chosenFile,
      thumbnail: chosenFile,
    })
    .superRefine((values, ctx) => {
      const problem = mediaRuleProblem(values);
      if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
      if (values.kind === 'build' && values.build === null && !hasBuild) {
        ctx.addIssue({ code: 'custom', path: ['build'], message: MESSAGES.fieldRequired });
      }
    })
    .transform(
      (values): MediaFormRequest => ({
        media: {
          name: values.name,
          slug: values.slug,
          kind: values.kind,
          page_url: values.kind === 'page' ? values.page_url : null,
          canvas_width: values.canvas_width,
          canvas_height: values.canvas_height,
          full_canvas: values.full_canvas,
        },
        build: values.kind === 'build' ? values.build : null,
        thumbnail: values.thumbnail,
      }),
    );

export const NEW_MEDIA_VALUES: MediaFormValues = {
  name: '',
  slug: '',
  kind: 'build',
  page_url: '',
  canvas_width: MEDIA_CANVAS_DEFAULTS.width,
  canvas_height: MEDIA_CANVAS_DEFAULTS.height,
  full_canvas: false,
  build: null,
  thumbnail: null,
};

export function mediaFormValuesOf(media: AdminMedia): MediaFormValues {
  return {
    name: media.name,
    slug: media.slug,
    kind: media.kind,
    page_url: media.page_url ?? '',
    canvas_width: media.canvas_width,
    canvas_height: media.canvas_height,
    full_canvas: media.full_canvas,
    build: null,
    thumbnail: null,
  };
}

/** The key of a domain rule's message among the form's translated reasons, or null for another text. */
export function mediaFormReason(message: string): 'slug' | 'pageUrl' | 'canvas' | null {
  if (message === MEDIA_MESSAGES.slug) return 'slug';
  if (message === MEDIA_MESSAGES.pageUrl) return 'pageUrl';
  if (message === MEDIA_MESSAGES.canvas) return 'canvas';
  return null;
}

/** The build's file picker: zips. */
export const BUILD_ACCEPT = '.zip,application/zip,application/x-zip-compressed';
export const THUMBNAIL_ACCEPT = IMAGE_ACCEPT;
