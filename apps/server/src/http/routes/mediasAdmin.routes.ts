// The lab's presentation medias (issue 17, part 7; back-office spec 7 "Medias and scheduling"): listed
// (the event form's choices and the medias page), read, created and changed (JSON), deleted, given a
// build (POST medias/{id}/build, multipart: a zip) or a thumbnail (PUT medias/{id}/thumbnail, multipart:
// an image). Who may call them is the access table's (manage events); what they do is the service's;
// each upload route has its own multipart parser with its own limit.
import {
  type AdminMedia,
  adminMediaSchema,
  invalid,
  MEDIA_UPLOAD_FIELDS,
  mediaChangesSchema,
  mediaFormSchema,
  noContentSchema,
  type Principal,
} from '@lablive/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Authenticator } from '../../auth/authentication.ts';
import type { ReceivedFile } from '../../files/files.ts';
import type { MediaService } from '../../medias/mediaService.ts';
import { registerUploads, withUpload } from '../multipartUpload.ts';
import { signedInPlugin, signedInRoutes } from '../routeDeclarations.ts';
import { byId, idParams, principalAndId } from './routeHelpers.ts';

export type MediasAdminRoutesOptions = {
  authenticator: Authenticator;
  medias: MediaService;
  filesDir: string;
  /** The largest build zip (MEDIA_BUILD_MAX_BYTES). */
  buildMaxBytes: number;
  /** The largest thumbnail (IMAGE_MAX_BYTES). */
  thumbnailMaxBytes: number;
};

const BUILD_HELP =
  'multipart/form-data with `file`: a zip holding an index.html at its root or in its one top folder. Checked before extraction: its size (413), its entry count and unpacked size (413), every entry inside the build (no `..`, absolute path or backslash), only files and folders (no symlink), no encryption, no entries that overlap or whose local header disagrees with the directory (400 naming the entry); past the lab storage quota: 413; not a zip: 415. Served at `/media-builds/{id}/{version}/` once extracted.';

const THUMBNAIL_HELP =
  'multipart/form-data with `file`: a PNG, JPEG, WebP or GIF image, told by its bytes (415 otherwise), served back at a capability URL under /api/images/.';

export const mediasAdminRoutes = signedInPlugin(async (route, options: MediasAdminRoutesOptions, scope) => {
  const { medias } = options;

  route.get(
    '/medias',
    {
      description:
        "The presentation medias the lab may give its events: its own and the platform's shared ones (`lab_id` null, read-only), archived ones left out, oldest first.",
      response: { 200: z.array(adminMediaSchema) },
    },
    ({ principal }) => medias.list(principal),
  );

  route.get('/medias/:id', byId({ 200: adminMediaSchema }), principalAndId(medias.get));

  route.post(
    '/medias',
    { body: mediaFormSchema, response: { 201: adminMediaSchema } },
    ({ principal }, request) => medias.create(principal, request.body),
  );

  route.put(
    '/medias/:id',
    { params: idParams, body: mediaChangesSchema, response: { 200: adminMediaSchema } },
    ({ principal }, request) => medias.change(principal, request.params.id, request.body),
  );

  route.delete(
    '/medias/:id',
    {
      description:
        'Deletes a media no event used (204); archives one only closed events used (204: they keep it); refuses one an open event shows (409 naming the events).',
      params: idParams,
      response: { 204: noContentSchema },
    },
    principalAndId(medias.remove),
  );

  route.delete(
    '/medias/:id/thumbnail',
    byId({ 200: adminMediaSchema }),
    principalAndId(medias.removeThumbnail),
  );

  await mediaUploadRoutes(scope, options);
});

/** A media's file (its build, its thumbnail): one per call, at most `maxFileBytes`, kept by `keep`. */
type MediaFileRoute = {
  method: 'post' | 'put';
  url: string;
  description: string;
  maxFileBytes: number;
  keep: (principal: Principal, mediaId: number, file: ReceivedFile | undefined) => Promise<AdminMedia>;
};

/** The upload routes, each in its own scope with its own multipart limit. */
async function mediaUploadRoutes(app: FastifyInstance, options: MediasAdminRoutesOptions) {
  const { medias } = options;
  await newMediaWithBuildRoute(app, options);
  await mediaFileRoute(app, options, {
    method: 'post',
    url: '/medias/:id/build',
    description: `Uploads the media's build (it becomes a build media). ${BUILD_HELP}`,
    maxFileBytes: options.buildMaxBytes,
    keep: medias.uploadBuild,
  });
  await mediaFileRoute(app, options, {
    method: 'put',
    url: '/medias/:id/thumbnail',
    description: `Gives the media a new thumbnail (the old one is removed). ${THUMBNAIL_HELP}`,
    maxFileBytes: options.thumbnailMaxBytes,
    keep: medias.setThumbnail,
  });
}

async function mediaFileRoute(app: FastifyInstance, options: MediasAdminRoutesOptions, file: MediaFileRoute) {
  const { medias, filesDir } = options;
  await app.register(async (uploads) => {
    await registerUploads(uploads, file.maxFileBytes);
    signedInRoutes(uploads, options.authenticator)[file.method](
      file.url,
      {
        description: file.description,
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: adminMediaSchema },
      },
      async ({ principal }, request) => {
        // An unknown or read-only media is said before its file is read, not after.
        await medias.checkChangeable(principal, request.params.id);
        const upload = {
          filesDir,
          maxFileBytes: file.maxFileBytes,
          fields: [],
          fileField: MEDIA_UPLOAD_FIELDS.file,
        };
        return withUpload(request, upload, ({ file: received }) =>
          file.keep(principal, request.params.id, received),
        );
      },
    );
  });
}

/** The media's fields sent beside a file, as JSON, read with the schema of POST medias. */
function mediaFormOf(json: string | undefined) {
  if (json === undefined)
    throw invalid(MEDIA_UPLOAD_FIELDS.media, "is missing: send the media's fields as JSON");
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw invalid(MEDIA_UPLOAD_FIELDS.media, 'is not JSON');
  }
  const parsed = mediaFormSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw invalid(issue?.path.join('.') || MEDIA_UPLOAD_FIELDS.media, issue?.message ?? 'is invalid');
}

/**
 * POST medias/with-build: a new build media and its zip in one call, so a refused zip leaves no media
 * behind (issue 28, part 6); the form of a new build media sends this rather than POST medias first.
 */
async function newMediaWithBuildRoute(app: FastifyInstance, options: MediasAdminRoutesOptions) {
  const { medias, filesDir, buildMaxBytes } = options;
  await app.register(async (uploads) => {
    await registerUploads(uploads, buildMaxBytes);
    signedInRoutes(uploads, options.authenticator).post(
      '/medias/with-build',
      {
        description: `Creates a build media with its build: \`media\`, the fields of POST medias as JSON (kind build), and \`file\`, the zip. Both are kept or neither: a refused zip leaves no media. ${BUILD_HELP}`,
        consumes: ['multipart/form-data'],
        response: { 201: adminMediaSchema },
      },
      ({ principal }, request) => {
        const upload = {
          filesDir,
          maxFileBytes: buildMaxBytes,
          fields: [MEDIA_UPLOAD_FIELDS.media],
          fileField: MEDIA_UPLOAD_FIELDS.file,
        };
        return withUpload(request, upload, ({ fields, file }) =>
          medias.createWithBuild(principal, mediaFormOf(fields.media), file),
        );
      },
    );
  });
}
