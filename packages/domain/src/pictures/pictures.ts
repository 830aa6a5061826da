// Pictures (back-office spec 3 and 7, "Upload"): a group's picture, a user's avatar and a lab's images,
// sent with POST upload as the old product sent them (multipart: `files`, and the text fields `field`,
// `ref`, `refId`) and served back at a capability URL an <img> loads without a token. Images only, told by their bytes.
import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';

/** The upload limit when IMAGE_MAX_BYTES is not set: 5 MB. */
export const DEFAULT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** What a picture may be, decided from its bytes; the stored name takes the detected type's extension. */
export const IMAGE_TYPES = [
  { ext: 'png', mime: 'image/png' },
  { ext: 'jpg', mime: 'image/jpeg' },
  { ext: 'webp', mime: 'image/webp' },
  { ext: 'gif', mime: 'image/gif' },
] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** The `accept` of a picture's file input. */
export const IMAGE_ACCEPT = IMAGE_TYPES.map((type) => type.mime).join(',');

/** The multipart fields of POST upload. */
export const PICTURE_UPLOAD_FIELDS = { files: 'files', field: 'field', ref: 'ref', refId: 'refId' } as const;

/**
 * Which row a picture goes to (`ref`) and the columns it may fill (`field`): a group's picture, a user's
 * avatar, and a lab's logo, header image and waiting-room image (issue 28, set by the platform's
 * super-admins).
 */
export const PICTURE_TARGETS = {
  group: ['picture_url'],
  users: ['avatar_url'],
  lab: ['logo_url', 'header_image_url', 'waiting_room_image_url'],
} as const;
export type PictureRef = keyof typeof PICTURE_TARGETS;
export type PictureField = (typeof PICTURE_TARGETS)[PictureRef][number];
export const PICTURE_REFS = ['group', 'users', 'lab'] as const satisfies readonly PictureRef[];
export const PICTURE_FIELDS = [
  'picture_url',
  'avatar_url',
  'logo_url',
  'header_image_url',
  'waiting_room_image_url',
] as const satisfies readonly PictureField[];
/** A lab's images, each a field of ref `lab`. */
export type LabImageField = (typeof PICTURE_TARGETS)['lab'][number];
export const LAB_IMAGE_FIELDS = PICTURE_TARGETS.lab;

const FIELDS_MESSAGE =
  'must be picture_url for a group, avatar_url for users, and logo_url, header_image_url or waiting_room_image_url for a lab';

/** Whether `field` is one of the columns of `ref`. */
export const isFieldOf = (ref: PictureRef, field: PictureField): boolean =>
  (PICTURE_TARGETS[ref] as readonly PictureField[]).includes(field);

/** The text fields of POST upload, as they are checked once read (each refusal names its field). */
export const pictureUploadRequestSchema = z
  .object({
    ref: z.enum(PICTURE_REFS, { error: 'must be group, users or lab' }),
    field: z.enum(PICTURE_FIELDS, { error: FIELDS_MESSAGE }),
    refId: idSchema,
  })
  .refine((upload) => isFieldOf(upload.ref, upload.field), { path: ['field'], error: FIELDS_MESSAGE });
export type PictureUploadRequest = z.infer<typeof pictureUploadRequestSchema>;

/** What POST upload answers: where the picture is served (now the row's field), and what it is. */
export const pictureUploadSchema = z.object({
  url: z.string(),
  ref: z.enum(PICTURE_REFS),
  refId: z.number(),
  field: z.enum(PICTURE_FIELDS),
  content_type: z.string(),
  size_bytes: z.number(),
});
export type PictureUpload = z.infer<typeof pictureUploadSchema>;

/** Where pictures are served: `/api/images/<name>`, the name unguessable (a capability). */
export const IMAGES_PATH = '/api/images/';
