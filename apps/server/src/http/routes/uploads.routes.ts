// Pictures (back-office spec 7, "Upload"): POST upload takes a group's picture, a user's avatar or a
// lab's image (multipart: `files`, and `field`, `ref`, `refId`), and GET images/{name} serves it back.
// The picture's URL is a capability (an unguessable name, pictureFiles.ts), so an <img> loads it without
// a token; it never changes (a new picture gets a new name), so browsers may keep it for a year. The
// multipart parser is registered for the upload route only, with the pictures' own size limit.
import { notFound, PICTURE_UPLOAD_FIELDS, pictureUploadSchema } from '@lablive/domain';
import { z } from 'zod';
import { openPicture } from '../../pictures/pictureFiles.ts';
import type { PictureService } from '../../pictures/pictureService.ts';
import { registerUploads, type UploadRoutesOptions, withUpload } from '../multipartUpload.ts';
import { publicRoutes, signedInPlugin, signedInRoutes } from '../routeDeclarations.ts';

/** The largest picture accepted is IMAGE_MAX_BYTES. */
export type UploadsRoutesOptions = UploadRoutesOptions & { pictures: PictureService };

const UPLOAD_HELP =
  "multipart/form-data: `files` (one PNG, JPEG, WebP or GIF, the type read from the bytes), `ref` (`group`, `users` or `lab`), `field` (`picture_url` for a group, `avatar_url` for users, `logo_url`, `header_image_url` or `waiting_room_image_url` for a lab) and `refId` (the row). A user sets their own avatar; a colleague's avatar and a group's picture need manage users; a lab's images (any lab) need manage labs. Answers where the picture is served, which is now the row's field; the picture it replaces is removed. Too large: 413; not a picture: 415 naming the detected type; an empty file or a missing field: 400.";

const imageParams = z.object({ name: z.string().max(100) });

export const uploadsRoutes = signedInPlugin(async (_route, options: UploadsRoutesOptions, scope) => {
  const { pictures } = options;

  publicRoutes(scope).get(
    '/images/:name',
    {
      description:
        'A picture set with POST upload, by the unguessable name of its URL (no token needed: an <img> cannot send one).',
      params: imageParams,
      response: { 200: z.unknown().describe('The picture') },
    },
    async (request, reply) => {
      const picture = await openPicture(options.filesDir, request.params.name);
      if (!picture) throw notFound('image', request.params.name);
      reply
        .header('content-type', picture.contentType)
        .header('content-length', picture.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox");
      return picture.stream;
    },
  );

  await scope.register(async (uploads) => {
    await registerUploads(uploads, options.maxFileBytes);
    signedInRoutes(uploads, options.authenticator).post(
      '/upload',
      {
        description: `Sets a picture. ${UPLOAD_HELP}`,
        consumes: ['multipart/form-data'],
        response: { 201: pictureUploadSchema },
      },
      ({ principal }, request) =>
        withUpload(
          request,
          {
            filesDir: options.filesDir,
            maxFileBytes: options.maxFileBytes,
            fields: [PICTURE_UPLOAD_FIELDS.field, PICTURE_UPLOAD_FIELDS.ref, PICTURE_UPLOAD_FIELDS.refId],
            fileField: PICTURE_UPLOAD_FIELDS.files,
          },
          (upload) => pictures.upload(principal, { fields: upload.fields, file: upload.file }),
        ),
    );
  });
});
