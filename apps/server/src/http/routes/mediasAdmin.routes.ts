// The lab's presentation medias (issue 17, part 7; back-office spec 7 "Medias and scheduling"): listed
// (the event form's choices and the medias page), read, created and changed (JSON), deleted, given a
// build (POST medias/{id}/build, multipart: a zip) or a thumbnail (PUT medias/{id}/thumbnail, multipart:
// an image). Who may call them is the access table's (manage events); what they do is the service's;
// each upload route has its own multipart parser with its own limit.
import {
  adminMediaSchema,
  MEDIA_UPLOAD_FIELDS,
  mediaChangesSchema,
  mediaFormSchema,
  noContentSchema,
  type Principal,
} from '@lablive/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authenticator } from '../../auth/authentication.ts';
import { discardReceivedFile, type ReceivedFile } from '../../files/files.ts';
import type { MediaService } from '../../medias/mediaService.ts';
import { readUpload, registerUploads } from '../multipartUpload.ts';
import { idParams } from './routeHelpers.ts';

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

export async function mediasAdminRoutes(instance: FastifyInstance, options: MediasAdminRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { authenticator, medias } = options;
  const principalOf = async (request: FastifyRequest) =>
    (await authenticator.authenticate(request)).principal;

  app.get(
    '/medias',
    {
      schema: {
        description:
          "The presentation medias the lab may give its events: its own and the platform's shared ones (`lab_id` null, read-only), archived ones left out, oldest first.",
        response: { 200: z.array(adminMediaSchema) },
      },
    },
    async (request) => medias.list(await principalOf(request)),
  );

  app.get(
    '/medias/:id',
    { schema: { params: idParams, response: { 200: adminMediaSchema } } },
    async (request) => medias.get(await principalOf(request), request.params.id),
  );

  app.post(
    '/medias',
    { schema: { body: mediaFormSchema, response: { 201: adminMediaSchema } } },
    async (request, reply) =>
      reply.status(201).send(await medias.create(await principalOf(request), request.body)),
  );

  app.put(
    '/medias/:id',
    { schema: { params: idParams, body: mediaChangesSchema, response: { 200: adminMediaSchema } } },
    async (request) => medias.change(await principalOf(request), request.params.id, request.body),
  );

  app.delete(
    '/medias/:id',
    {
      schema: {
        description:
          'Deletes a media no event used (204); archives one only closed events used (204: they keep it); refuses one an open event shows (409 naming the events).',
        params: idParams,
        response: { 204: noContentSchema },
      },
    },
    async (request, reply) => {
      await medias.remove(await principalOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/medias/:id/thumbnail',
    { schema: { params: idParams, response: { 200: adminMediaSchema } } },
    async (request) => medias.removeThumbnail(await principalOf(request), request.params.id),
  );

  await mediaUploadRoutes(app, options, principalOf);
}

type PrincipalOf = (request: FastifyRequest) => Promise<Principal>;

/** The two upload routes, each in its own scope with its own multipart limit. */
async function mediaUploadRoutes(
  app: FastifyInstance,
  options: MediasAdminRoutesOptions,
  principalOf: PrincipalOf,
) {
  const { medias } = options;
  await app.register(async (uploads) => {
    await registerUploads(uploads, options.buildMaxBytes);
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/medias/:id/build',
      {
        schema: {
          description: `Uploads the media's build (it becomes a build media). ${BUILD_HELP}`,
          consumes: ['multipart/form-data'],
          params: idParams,
          response: { 200: adminMediaSchema },
        },
      },
      async (request) => {
        const principal = await principalOf(request);
        // An unknown or read-only media is said before its zip is read, not after.
        await medias.checkChangeable(principal, request.params.id);
        return withFile(options.filesDir, request, options.buildMaxBytes, (file) =>
          medias.uploadBuild(principal, request.params.id, file),
        );
      },
    );
  });

  await app.register(async (uploads) => {
    await registerUploads(uploads, options.thumbnailMaxBytes);
    uploads.withTypeProvider<ZodTypeProvider>().put(
      '/medias/:id/thumbnail',
      {
        schema: {
          description: `Gives the media a new thumbnail (the old one is removed). ${THUMBNAIL_HELP}`,
          consumes: ['multipart/form-data'],
          params: idParams,
          response: { 200: adminMediaSchema },
        },
      },
      async (request) => {
        const principal = await principalOf(request);
        await medias.checkChangeable(principal, request.params.id);
        return withFile(options.filesDir, request, options.thumbnailMaxBytes, (file) =>
          medias.setThumbnail(principal, request.params.id, file),
        );
      },
    );
  });
}

/** Reads the upload's one file (at most `maxFileBytes`), lets `use` keep it, and removes it if not. */
async function withFile<T>(
  filesDir: string,
  request: FastifyRequest,
  maxFileBytes: number,
  use: (file: ReceivedFile | undefined) => Promise<T>,
) {
  const upload = await readUpload(request, {
    filesDir,
    maxFileBytes,
    fields: [],
    fileField: MEDIA_UPLOAD_FIELDS.file,
  });
  try {
    return await use(upload.file);
  } finally {
    if (upload.file) await discardReceivedFile(upload.file);
  }
}
